import { afterEach, describe, expect, it } from 'vitest';
import {
  appendAudit,
  auditLeafHash,
  extendAuditTree,
  type AuditEntryInput,
} from '../../src/core/audit/audit-log';
import {
  checkCheckpointSignature,
  parseCheckpoint,
  type PublishedKey,
} from '../../src/core/audit/checkpoint';
import {
  checkpointIfDue,
  entryInclusion,
  issueCheckpoint,
  logConsistency,
  verifyLogAgainstCheckpoints,
} from '../../src/core/audit/log-proof';
import { treeRoot, verifyConsistency, verifyInclusion } from '../../src/core/audit/merkle';
import type { AuditRow } from '../../src/core/audit/repository';
import { auditTreeStore } from '../../src/core/audit/tree-store';
import { signingKeysStore } from '../../src/core/proof/signing-keys-store';
import type { Db } from '../../src/db/database';
import { buildTestApp, type TestApp } from '@canal/test-support/app';
import { sweepOnce } from '../../src/runtime';
import { staff, type StaffClient } from '@canal/test-support/staff';
import {
  CLINICA_ATACAMA,
  denuncia,
  fileAndLogin,
  HEAD_OFFICE,
} from '@canal/test-support/complaints';
import { contract } from '@canal/shared/contract';
import { checkEntryInclusion, verifyAuditLog, type LogPages } from '@canal/shared/proof';
import { callApi } from '@canal/test-support/api';

/**
 * The audit log proves its history (issue 20, decision 0066): a Merkle tree over the entries,
 * signed checkpoints mailed to the auditors, and the check of the log against a checkpoint someone
 * kept, which reports deleted newest entries, a rewritten old entry and a database rolled back to
 * an earlier state, even when whoever did it also rebuilt the stored tree and signed a new
 * checkpoint with the server's key.
 */

let t: TestApp;
afterEach(() => t?.close());

const entry = (n: number): AuditEntryInput => ({
  actorId: null,
  action: 'auditoria.verificada',
  detail: { integra: true, n },
});
const append = async (count: number) => {
  for (let i = 0; i < count; i += 1) await appendAudit(t.services, t.db, entry(i));
};

/** Whoever holds the database's owner rights switches the append-only triggers off. */
const asOwner = (work: (tx: Db) => Promise<unknown>) =>
  t.db.transaction(async (tx) => {
    for (const [table, trigger] of [
      ['audit_log', 'audit_log_append_only'],
      ['audit_tree', 'audit_tree_append_only'],
      ['audit_checkpoints', 'audit_checkpoints_append_only'],
    ])
      await tx.query(`ALTER TABLE ${table} DISABLE TRIGGER ${trigger}`);
    await work(tx);
    for (const [table, trigger] of [
      ['audit_log', 'audit_log_append_only'],
      ['audit_tree', 'audit_tree_append_only'],
      ['audit_checkpoints', 'audit_checkpoints_append_only'],
    ])
      await tx.query(`ALTER TABLE ${table} ENABLE TRIGGER ${trigger}`);
  });

/** The attacker then rebuilds the tree from the rows as they now are and signs a checkpoint. */
const rebuildAndResign = async () => {
  await asOwner(async (tx) => {
    await tx.query('DELETE FROM audit_tree');
    await tx.query('DELETE FROM audit_checkpoints');
    await extendAuditTree(tx);
  });
  await issueCheckpoint(t.services);
};

const check = (kept: string | undefined, keys: PublishedKey[]) =>
  verifyLogAgainstCheckpoints(t.db, { kept, keys });

describe('the audit log as a Merkle log', () => {
  it('signs a checkpoint that matches the log, mails it to each auditor and proves entries and extensions', async () => {
    t = await buildTestApp();
    const auditor = await staff(t, { role: 'auditor', organizations: [HEAD_OFFICE] });
    const investigator = await staff(t, { role: 'investigador', organizations: [HEAD_OFFICE] });
    await append(5);
    const keys = await signingKeysStore.list(t.db);
    const first = await issueCheckpoint(t.services);
    const rows = await t.db.query<AuditRow>('SELECT * FROM audit_log ORDER BY id');
    expect(first.size).toBe(rows.length);
    const note = parseCheckpoint(first.text);
    expect(note.origin).toBe('localhost:3000/auditoria');
    expect(await checkCheckpointSignature(note, keys)).toEqual({
      ok: true,
      keyId: t.services.signer.keyId,
    });
    // One byte of the body changed: the signature no longer holds.
    const altered = first.text.replace(`\n${first.size}\n`, `\n${first.size + 1}\n`);
    expect((await checkCheckpointSignature(parseCheckpoint(altered), keys)).ok).toBe(false);

    await append(4);
    const second = await issueCheckpoint(t.services);
    const report = await check(first.text, keys);
    expect(report.failure).toBeNull();
    expect(report.ok).toBe(true);

    // Inclusion of the third entry in the second checkpoint, from the stored tree.
    const third = rows[2]!;
    const inclusion = (await entryInclusion(t.db, third.id, second.size))!;
    expect(inclusion.leaf.equals(auditLeafHash(third))).toBe(true);
    expect(
      verifyInclusion(inclusion.index, second.size, inclusion.leaf, inclusion.path, second.root),
    ).toBe(true);
    const consistency = await logConsistency(t.db, first.size, second.size);
    expect(
      verifyConsistency(first.size, second.size, first.root, second.root, consistency.proof),
    ).toBe(true);

    // Each auditor receives the checkpoint as issued; other staff do not.
    await t.services.outbox.drain(t.db);
    const mail = await t.services.transport.list!();
    const toAuditor = mail.filter(
      (m) => m.to === auditor.email && /Punto de control/.test(m.subject),
    );
    expect(toAuditor).toHaveLength(2);
    expect(toAuditor.some((m) => m.text.includes(second.text.split('\n')[2]!))).toBe(true);
    expect(toAuditor.some((m) => m.text.includes(second.text.split('\n').at(-2)!))).toBe(true);
    expect(
      mail.some((m) => m.to === investigator.email && /Punto de control/.test(m.subject)),
    ).toBe(false);
  });

  it('reports a log whose newest entries were deleted, even with the tree rebuilt and a new checkpoint signed', async () => {
    t = await buildTestApp();
    await append(8);
    const keys = await signingKeysStore.list(t.db);
    const kept = await issueCheckpoint(t.services);
    const rows = await t.db.query<{ id: number }>('SELECT id FROM audit_log ORDER BY id');
    await asOwner((tx) =>
      tx.query('DELETE FROM audit_log WHERE id = ANY($1::bigint[])', [
        rows.slice(-3).map((r) => r.id),
      ]),
    );
    await rebuildAndResign();
    const report = await check(kept.text, keys);
    expect(report.ok).toBe(false);
    expect(report.failure!.reason).toMatch(/se eliminaron las últimas entradas/);

    // New activity on top of the shortened log does not hide it.
    await append(5);
    const later = await check(kept.text, keys);
    expect(later.ok).toBe(false);
    expect(later.failure!.reason).toMatch(/ya no son las del punto de control guardado/);
    // Without the kept checkpoint the rebuilt log looks whole: the kept one is what proves it.
    expect((await check(undefined, keys)).ok).toBe(true);
  });

  it('reports an old entry rewritten and names it, even with the tree rebuilt and a new checkpoint signed', async () => {
    t = await buildTestApp();
    await append(10);
    const keys = await signingKeysStore.list(t.db);
    const kept = await issueCheckpoint(t.services);
    const rows = await t.db.query<AuditRow>('SELECT * FROM audit_log ORDER BY id');
    const target = rows[3]!;
    await asOwner((tx) =>
      tx.query('UPDATE audit_log SET detail = $2 WHERE id = $1', [target.id, '{"integra":false}']),
    );
    // First the table alone: the stored tree names the entry.
    const direct = await check(kept.text, keys);
    expect(direct.ok).toBe(false);
    expect(direct.failure).toEqual({
      reason: expect.stringMatching(/se reescribieron/),
      entryId: target.id,
    });

    await rebuildAndResign();
    const report = await check(kept.text, keys);
    expect(report.ok).toBe(false);
    expect(report.failure!.reason).toMatch(/se reescribieron o eliminaron entradas/);
  });

  it('reports a database rolled back to an earlier state, before and after new activity', async () => {
    t = await buildTestApp();
    await append(6);
    await issueCheckpoint(t.services);
    // The "backup": the log's three tables as they are now.
    const backup = {
      log: await t.db.query<AuditRow>('SELECT * FROM audit_log ORDER BY id'),
      tree: await t.db.query<{
        level: number;
        idx: number;
        hash: Uint8Array;
        entry_id: number | null;
      }>('SELECT * FROM audit_tree'),
      checkpoints: await t.db.query<Record<string, unknown>>('SELECT * FROM audit_checkpoints'),
    };
    await append(7);
    const keys = await signingKeysStore.list(t.db);
    const kept = await issueCheckpoint(t.services);
    expect((await check(kept.text, keys)).ok).toBe(true);

    // Restored: every table of the log back to the backup's rows.
    await asOwner(async (tx) => {
      await tx.query('DELETE FROM audit_log');
      await tx.query('DELETE FROM audit_tree');
      await tx.query('DELETE FROM audit_checkpoints');
      for (const r of backup.log)
        await tx.query(
          `INSERT INTO audit_log (id, created_at, actor_id, action, complaint_id, detail, prev_hash, hash, chain_version)
           VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)`,
          [
            r.id,
            r.created_at,
            r.actor_id,
            r.action,
            r.complaint_id,
            r.detail,
            r.prev_hash,
            r.hash,
            r.chain_version,
          ],
        );
      for (const n of backup.tree)
        await tx.query(
          'INSERT INTO audit_tree (level, idx, hash, entry_id) VALUES ($1, $2, $3, $4)',
          [n.level, n.idx, Buffer.from(n.hash), n.entry_id],
        );
      for (const c of backup.checkpoints)
        await tx.query(
          'INSERT INTO audit_checkpoints (id, tree_size, root_hash, issued_at, key_id, note) VALUES ($1, $2, $3, $4, $5, $6)',
          [
            c.id,
            c.tree_size,
            Buffer.from(c.root_hash as Uint8Array),
            c.issued_at,
            c.key_id,
            c.note,
          ] as never,
        );
    });
    // The restored database is whole by itself: only the kept checkpoint shows the rollback.
    expect((await check(undefined, keys)).ok).toBe(true);
    const restored = await check(kept.text, keys);
    expect(restored.ok).toBe(false);
    expect(restored.failure!.reason).toMatch(/se restauró un respaldo anterior/);

    // The service goes on and the log grows past the kept size: still reported.
    await append(10);
    await issueCheckpoint(t.services);
    const { size } = await auditTreeStore.head(t.db);
    expect(size).toBeGreaterThan(kept.size);
    expect(
      await auditTreeStore.withNodes(t.db, (get) => treeRoot(get, kept.size).equals(kept.root)),
    ).toBe(false);
    const later = await check(kept.text, keys);
    expect(later.ok).toBe(false);
    expect(later.failure!.reason).toMatch(/ya no son las del punto de control guardado/);
  });

  it('makes the rows written before the tree its first leaves, and proves an entry through the API to the public checkpoint', async () => {
    t = await buildTestApp();
    const admin = await staff(t, { role: 'administrador' });
    const auditorHq = await staff(t, { role: 'auditor', organizations: [HEAD_OFFICE] });
    const auditorElsewhere = await staff(t, { role: 'auditor', organizations: [CLINICA_ATACAMA] });
    const filed = await fileAndLogin(t.app, denuncia());
    const [complaint] = await t.db.query<{ id: number }>(
      'SELECT id FROM complaints WHERE ticket = $1',
      [filed.ticket],
    );
    await admin.call(contract.viewCase, { params: { id: complaint!.id } });
    // As right after migration 044: a log with rows and no tree yet.
    await asOwner((tx) => tx.query('DELETE FROM audit_tree'));
    const issued = (
      await auditorHq.call(contract.issueAuditCheckpoint, { body: {} as never })
    ).json();
    const rows = await t.db.query<AuditRow>('SELECT * FROM audit_log ORDER BY id');
    // Every row, the old ones included, plus the on-demand entry itself.
    expect(issued.tamano).toBe(rows.length);
    expect(rows.at(-1)!.action).toBe('auditoria.punto_control');
    const published = (await callApi(t.app, contract.auditCheckpoint, {} as never)).json();
    expect(published).toEqual(issued);

    const view = rows.find((r) => r.action === 'caso.visto' && r.complaint_id === complaint!.id)!;
    const res = await auditorHq.call(contract.auditInclusionProof, { params: { id: view.id } });
    expect(res.statusCode).toBe(200);
    const proof = res.json();
    const b = (s: string) => Buffer.from(s, 'base64');
    expect(proof.indice).toBe(rows.indexOf(view));
    expect(b(proof.hoja).equals(auditLeafHash(view))).toBe(true);
    expect(JSON.parse(proof.entrada)).toMatchObject({ id: view.id, action: 'caso.visto' });
    expect(
      verifyInclusion(
        proof.indice,
        proof.tamano,
        b(proof.hoja),
        proof.ruta.map(b),
        b(published.raiz),
      ),
    ).toBe(true);
    // The browser's check (shared code) accepts it, and refuses an entry's bytes changed.
    const publishedKeys = await signingKeysStore.list(t.db);
    expect(await checkEntryInclusion(proof, published.texto, publishedKeys)).toMatchObject({
      ok: true,
      size: published.tamano,
    });
    const forged = { ...proof, entrada: proof.entrada.replace('caso.visto', 'caso.estado') };
    expect(await checkEntryInclusion(forged, published.texto, publishedKeys)).toEqual({
      ok: false,
      reason: 'La hoja no corresponde al contenido de la entrada.',
    });
    const moved = { ...proof, indice: (proof.indice + 1) % proof.tamano };
    expect((await checkEntryInclusion(moved, published.texto, publishedKeys)).ok).toBe(false);
    // An auditor of another organisation does not see that case's entry, nor its proof.
    const hidden = await auditorElsewhere.call(contract.auditInclusionProof, {
      params: { id: view.id },
    });
    expect(hidden.statusCode).toBe(404);
    expect(hidden.json().message).toMatch(/No se encontró la entrada/);
    expect((await check(undefined, await signingKeysStore.list(t.db))).ok).toBe(true);
  });

  it('is signed by the sweep at least daily, not at every hourly run', async () => {
    t = await buildTestApp();
    await append(2);
    const count = async () =>
      Number(
        (await t.db.query<{ n: number }>('SELECT count(*)::int AS n FROM audit_checkpoints'))[0]!.n,
      );
    const swept = await sweepOnce(t.services);
    expect(swept?.checkpoint?.size).toBeGreaterThan(0);
    expect(await count()).toBe(1);
    // The next hourly runs sign nothing new until the latest is 23 hours old.
    expect(await sweepOnce(t.services)).toMatchObject({ checkpoint: null });
    const issuedAt = swept!.checkpoint!.issuedAt.getTime();
    expect(await checkpointIfDue(t.services, new Date(issuedAt + 22 * 3600_000))).toBeNull();
    const next = await checkpointIfDue(t.services, new Date(issuedAt + 23 * 3600_000));
    expect(next?.size).toBe(swept!.checkpoint!.size);
    expect(await count()).toBe(2);
  });
});

describe('the whole log for its check in the browser (decision 0073)', () => {
  /** `GET /v1/gestion/auditoria/hojas` page by page as `client`, as the audit page reads it. */
  const pagesAs =
    (client: StaffClient, limite = 4): LogPages =>
    async (after) => {
      const res = await client.call(contract.auditLogLeaves, {
        querystring: { despues: after, limite },
      });
      expect(res.statusCode).toBe(200);
      return res.json().entradas;
    };
  const published = async () => ({
    checkpoint: (await callApi(t.app, contract.auditCheckpoint, {} as never)).json().texto,
    keys: (await callApi(t.app, contract.publicKeys, {} as never)).json().claves,
  });
  const b64 = (b: Buffer) => b.toString('base64');

  it('pages every entry in id order with what recomputes its leaf, to auditors and administrators only, auditing the first page', async () => {
    t = await buildTestApp();
    const admin = await staff(t, { role: 'administrador' });
    const auditorElsewhere = await staff(t, { role: 'auditor', organizations: [CLINICA_ATACAMA] });
    const investigator = await staff(t, { role: 'investigador', organizations: [HEAD_OFFICE] });
    const filed = await fileAndLogin(t.app, denuncia());
    const [complaint] = await t.db.query<{ id: number }>(
      'SELECT id FROM complaints WHERE ticket = $1',
      [filed.ticket],
    );
    await admin.call(contract.viewCase, { params: { id: complaint!.id } });
    await append(6);
    const checkpoint = await issueCheckpoint(t.services);
    const rows = await t.db.query<AuditRow>('SELECT * FROM audit_log ORDER BY id');
    const reads = async () =>
      (
        await t.db.query<{ n: number }>(
          `SELECT count(*)::int AS n FROM audit_log WHERE action = 'auditoria.leida_completa'`,
        )
      )[0]!.n;

    // Three entries a page, after the last of the page before: every row once, in order.
    const seen: Awaited<ReturnType<LogPages>>[number][] = [];
    for (let after = 0; ;) {
      const page = await pagesAs(admin, 3)(after);
      if (page.length === 0) break;
      expect(page.length).toBeLessThanOrEqual(3);
      seen.push(...page);
      after = page.at(-1)!.id;
    }
    // The first page's read is itself an entry, after the checkpoint; nothing else was added.
    expect(await reads()).toBe(1);
    const now = await t.db.query<AuditRow>('SELECT * FROM audit_log ORDER BY id');
    expect(now.slice(0, rows.length)).toEqual(rows);
    expect(now.at(-1)).toMatchObject({ action: 'auditoria.leida_completa', actor_id: admin.id });
    expect(seen.map((e) => e.id)).toEqual(now.map((r) => r.id));
    for (const [i, row] of now.entries())
      expect(seen[i]).toEqual({
        id: row.id,
        hash: row.hash,
        hash_anterior: row.prev_hash,
        version_cadena: row.chain_version,
        contenido: {
          fecha: row.created_at.toISOString(),
          accion: row.action,
          usuario_id: row.actor_id,
          caso_id: row.complaint_id,
          detalle: row.detail,
        },
        hoja: null,
        hoja_guardada: b64(auditLeafHash(row)),
        indice: i,
      });

    // The browser's check (the shared code) holds the log to the public checkpoint.
    const { checkpoint: text, keys } = await published();
    expect(text).toBe(checkpoint.text);
    expect(await verifyAuditLog({ checkpoint: text, keys, pages: pagesAs(admin) })).toEqual({
      ok: true,
      entries: checkpoint.size,
      hidden: 0,
      issuedAt: checkpoint.issuedAt,
    });
    expect(await reads()).toBe(2);

    // An auditor of another organisation gets the HQ case's entries as their leaf alone.
    const view = rows.find((r) => r.action === 'caso.visto' && r.complaint_id === complaint!.id)!;
    const theirs = await pagesAs(auditorElsewhere, 1000)(0);
    const hidden = theirs.find((e) => e.id === view.id)!;
    expect(hidden).toMatchObject({ contenido: null, hoja: b64(auditLeafHash(view)) });
    expect(JSON.stringify(hidden)).not.toContain('caso.visto');
    const result = await verifyAuditLog({
      checkpoint: text,
      keys,
      pages: pagesAs(auditorElsewhere),
    });
    expect(result).toMatchObject({ ok: true, entries: checkpoint.size });
    expect((result as { hidden: number }).hidden).toBeGreaterThan(0);

    // Investigators are refused; a page past the limit is refused in Spanish.
    const refused = await investigator.call(contract.auditLogLeaves, { querystring: {} });
    expect(refused.statusCode).toBe(403);
    const tooMany = await admin.call(contract.auditLogLeaves, {
      querystring: { limite: 5001 },
    });
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().message).toMatch(/El límite puede ser como máximo 5000/);
  });

  it('names an entry altered in the database, and reports the newest entries deleted', async () => {
    t = await buildTestApp();
    const auditor = await staff(t, { role: 'auditor', organizations: [HEAD_OFFICE] });
    await append(10);
    await issueCheckpoint(t.services);
    const rows = await t.db.query<AuditRow>('SELECT * FROM audit_log ORDER BY id');
    const { checkpoint, keys } = await published();
    const check = () => verifyAuditLog({ checkpoint, keys, pages: pagesAs(auditor) });
    expect(await check()).toMatchObject({ ok: true });

    const target = rows[4]!;
    await asOwner((tx) =>
      tx.query('UPDATE audit_log SET detail = $2 WHERE id = $1', [target.id, '{"integra":false}']),
    );
    expect(await check()).toMatchObject({
      ok: false,
      failure: {
        kind: 'alterada',
        entry: { id: target.id, index: 4, action: target.action },
      },
    });

    await asOwner((tx) =>
      tx.query('UPDATE audit_log SET detail = $2 WHERE id = $1', [target.id, target.detail]),
    );
    // The newest three deleted (and the checks' own entries after them): the next entry the log
    // gets (the check's, after the chain's discrepancy) sits where the tree has the deleted ones.
    await asOwner((tx) => tx.query('DELETE FROM audit_log WHERE id >= $1', [rows.at(-3)!.id]));
    const deleted = await check();
    expect(deleted).toMatchObject({ ok: false, failure: { kind: 'faltan' } });
    expect((deleted as { failure: { reason: string } }).failure.reason).toMatch(
      /Faltan entradas antes de ésta/,
    );
  });
});
