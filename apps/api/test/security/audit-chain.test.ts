import { contract } from '@canal/shared/contract';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { canonicalJson } from '@canal/shared/proof';
import { entryHash, GENESIS_HASH, readAnchor } from '../../src/core/audit/audit-log';
import type { AuditRow } from '../../src/core/audit/repository';
import type { Db } from '../../src/db/database';
import { buildTestApp, type TestApp } from '@canal/test-support/app';
import { loadConfig } from '../../src/config';
import { createServices } from '../../src/runtime';
import { mailDeadlineDigest } from '../../src/back-office/cases/digest';
import { fileAndLogin, denuncia, HEAD_OFFICE } from '@canal/test-support/complaints';
import { staff, type StaffClient } from '@canal/test-support/staff';

/**
 * The audit chain is keyed and anchored (issue 9): an HMAC whose key is not in the database, ids
 * from a sequence, and its head in a file outside the database. Verification reports deleted
 * newest entries (also after new activity) and entries rewritten with a correct plain SHA chain.
 */

let t: TestApp;
let investigator: StaffClient;
let auditor: StaffClient;
let caseId: number;

beforeAll(async () => {
  t = await buildTestApp();
  investigator = await staff(t, { role: 'investigador', organizations: [HEAD_OFFICE] });
  auditor = await staff(t, { role: 'auditor', organizations: [HEAD_OFFICE] });
  const filed = await fileAndLogin(t.app, denuncia());
  const [row] = await t.db.query<{ id: number }>('SELECT id FROM complaints WHERE ticket = $1', [
    filed.ticket,
  ]);
  caseId = row!.id;
});
afterAll(() => t.close());

/** Someone with the owner's rights switches the append-only trigger off to change history. */
const bypassingTrigger = (work: (tx: Db) => Promise<unknown>) =>
  t.db.transaction(async (tx) => {
    await tx.query('ALTER TABLE audit_log DISABLE TRIGGER audit_log_append_only');
    await work(tx);
    await tx.query('ALTER TABLE audit_log ENABLE TRIGGER audit_log_append_only');
  });

const rows = () => t.db.query<AuditRow>('SELECT * FROM audit_log ORDER BY id');
const verify = async () => (await auditor.call(contract.verifyAuditChain, {})).json();

describe('the audit chain', () => {
  it('is keyed (not a plain SHA-256 chain), versioned, and anchored in a file after each append', async () => {
    await investigator.call(contract.viewCase, { params: { id: caseId } });
    const all = await rows();
    const last = all.at(-1)!;
    expect(last.chain_version).toBe(2);
    // Anyone could recompute a plain SHA-256 link; this one is not that.
    expect(last.hash).not.toBe(entryHash(last.prev_hash, last));
    const anchor = readAnchor(t.services.auditChain.anchorFile);
    expect(anchor).toEqual({ id: last.id, hash: last.hash });
    expect(t.services.auditChain.anchorFile.startsWith(t.dataDir)).toBe(true);
    expect((await verify()).integra).toBe(true);
  });

  it("quotes the head (last id and hash) in the administrators' daily mail", async () => {
    const admin = await staff(t, { role: 'administrador' });
    expect(admin).toBeDefined();
    // 09:00 in Santiago, after the digest hour.
    const now = new Date('2031-06-02T13:00:00Z');
    await mailDeadlineDigest(t.services, now);
    const head = (await rows()).at(-1)!;
    await t.services.outbox.drain(t.db);
    const digest = (await t.services.transport.list!()).find(
      (m) => m.to === admin.email && /Resumen diario de administración/.test(m.subject),
    );
    expect(digest).toBeDefined();
    expect(digest!.text).toContain(String(head.id));
    expect(digest!.text).toContain(head.hash);
  });

  it('reports deleted newest entries, also after new activity was appended; ids are not reused', async () => {
    // Internal notes: each one is an entry (a case view is one per visit).
    const note = (comentario: string) =>
      investigator.call(contract.addInternalNote, { params: { id: caseId }, body: { comentario } });
    await note('Primera nota');
    await note('Segunda nota');
    const before = await rows();
    const deleted = before.slice(-2).map((r) => r.id);
    await bypassingTrigger((tx) =>
      tx.query('DELETE FROM audit_log WHERE id = ANY($1::bigint[])', [deleted]),
    );
    // Ordinary activity goes on.
    await note('Tercera nota');
    await note('Cuarta nota');
    const after = await rows();
    const fresh = after.filter((r) => r.id > before.at(-3)!.id);
    expect(fresh.every((r) => r.id > Math.max(...deleted))).toBe(true);
    // The discrepancy was recorded in the chain itself, when the next entry was appended.
    const recorded = after.find((r) => r.action === 'auditoria.discrepancia');
    expect(recorded).toBeDefined();
    expect(JSON.parse(recorded!.detail).ancla.id).toBe(deleted[1]);

    const check = await verify();
    expect(check.integra).toBe(false);
    expect(check.primera_rota.reason).toMatch(/se eliminaron entradas/);
  });
});

describe('a rewritten entry', () => {
  let r: TestApp;
  let inv: StaffClient;
  let aud: StaffClient;
  beforeAll(async () => {
    r = await buildTestApp();
    inv = await staff(r, { role: 'investigador', organizations: [HEAD_OFFICE] });
    aud = await staff(r, { role: 'auditor', organizations: [HEAD_OFFICE] });
    await inv.call(contract.inbox, { querystring: { limite: '10' } });
    await inv.call(contract.inbox, { querystring: { limite: '10' } });
  });
  afterAll(() => r.close());

  const reverify = async () => (await aud.call(contract.verifyAuditChain, {})).json();

  it('with a correct plain SHA chain (keyed version or downgraded to version 1) is reported', async () => {
    const all = await r.db.query<AuditRow>('SELECT * FROM audit_log ORDER BY id');
    const target = all.at(-1)!;
    const forged = { ...target, detail: canonicalJson({ falso: true }) };
    await r.db.transaction(async (tx) => {
      await tx.query('ALTER TABLE audit_log DISABLE TRIGGER audit_log_append_only');
      await tx.query('UPDATE audit_log SET detail = $2, hash = $3 WHERE id = $1', [
        target.id,
        forged.detail,
        entryHash(target.prev_hash, forged),
      ]);
      await tx.query('ALTER TABLE audit_log ENABLE TRIGGER audit_log_append_only');
    });
    let check = await reverify();
    expect(check.integra).toBe(false);
    expect(check.primera_rota).toEqual({ id: target.id, reason: 'su contenido fue modificado' });

    // The whole log rewritten as a flawless version-1 (plain SHA) chain, ids and all.
    const current = await r.db.query<AuditRow>('SELECT * FROM audit_log ORDER BY id');
    await r.db.transaction(async (tx) => {
      await tx.query('ALTER TABLE audit_log DISABLE TRIGGER audit_log_append_only');
      let prev = GENESIS_HASH;
      let id = 0;
      await tx.query('DELETE FROM audit_log');
      for (const row of current) {
        id += 1;
        const plain = { ...row, id };
        const hash = entryHash(prev, plain);
        await tx.query(
          `INSERT INTO audit_log (id, created_at, actor_id, action, complaint_id, detail, prev_hash, hash, chain_version)
           VALUES ($1,$2,$3,$4,$5,$6,$7,$8,1)`,
          [id, row.created_at, row.actor_id, row.action, row.complaint_id, row.detail, prev, hash],
        );
        prev = hash;
      }
      await tx.query('ALTER TABLE audit_log ENABLE TRIGGER audit_log_append_only');
    });
    check = await reverify();
    expect(check.integra).toBe(false);
    expect(check.primera_rota.reason).toMatch(/anclada .* (fue reescrita|se eliminaron)/);
  });

  it('rows of the old plain chain (version 1) still verify, followed by keyed ones', async () => {
    const legacy = await buildTestApp();
    try {
      // A log as migration 003 found it: version-1 rows only, and no anchor yet.
      await legacy.db.transaction(async (tx) => {
        await tx.query('ALTER TABLE audit_log DISABLE TRIGGER audit_log_append_only');
        await tx.query('DELETE FROM audit_log');
        let prev = GENESIS_HASH;
        for (let id = 1; id <= 3; id++) {
          const row = {
            id,
            created_at: new Date(Date.UTC(2025, 0, id)),
            actor_id: null,
            action: 'sesion.ingreso_fallido',
            complaint_id: null,
            detail: '{}',
          };
          const hash = entryHash(prev, row);
          await tx.query(
            `INSERT INTO audit_log (id, created_at, actor_id, action, complaint_id, detail, prev_hash, hash, chain_version)
             VALUES ($1,$2,$3,$4,$5,$6,$7,$8,1)`,
            [id, row.created_at, null, row.action, null, row.detail, prev, hash],
          );
          prev = hash;
        }
        await tx.query('ALTER TABLE audit_log ENABLE TRIGGER audit_log_append_only');
        await tx.query(`SELECT setval('audit_log_id_seq', 4, false)`);
      });
      rmSync(legacy.services.auditChain.anchorFile, { force: true });
      expect(existsSync(legacy.services.auditChain.anchorFile)).toBe(false);
      const who = await staff(legacy, { role: 'auditor' });
      const check = (await who.call(contract.verifyAuditChain, {})).json();
      expect(check).toMatchObject({ integra: true, primera_rota: null });
      const versions = (
        await legacy.db.query<{ chain_version: number }>(
          'SELECT chain_version FROM audit_log ORDER BY id',
        )
      ).map((v) => v.chain_version);
      expect(versions.slice(0, 3)).toEqual([1, 1, 1]);
      expect(versions.slice(3).every((v) => v === 2)).toBe(true);

      // The version-1 rows are a legacy prefix sealed by the first keyed row (decision 0010):
      // rewriting one of them, even with every plain link recomputed (no key needed for those),
      // breaks the first keyed row, whose HMAC covers the last plain hash.
      await legacy.db.transaction(async (tx) => {
        await tx.query('ALTER TABLE audit_log DISABLE TRIGGER audit_log_append_only');
        const rows = await tx.query<AuditRow>(
          'SELECT * FROM audit_log WHERE chain_version = 1 ORDER BY id',
        );
        let prev = GENESIS_HASH;
        for (const row of rows) {
          const forged = { ...row, detail: row.id === 2 ? '{"motivo":"otro"}' : row.detail };
          const hash = entryHash(prev, forged);
          await tx.query(
            'UPDATE audit_log SET detail = $1, prev_hash = $2, hash = $3 WHERE id = $4',
            [forged.detail, prev, hash, row.id],
          );
          prev = hash;
        }
        await tx.query('ALTER TABLE audit_log ENABLE TRIGGER audit_log_append_only');
      });
      const forged = (await who.call(contract.verifyAuditChain, {})).json();
      expect(forged.integra).toBe(false);
      expect(forged.primera_rota).toEqual({ id: 4, reason: 'no enlaza con la entrada anterior' });
    } finally {
      await legacy.close();
    }
  });
});

describe('a database started without its anchor', () => {
  it('is reported at start (a backup restored without its audit-anchor.json)', async () => {
    await investigator.call(contract.viewCase, { params: { id: caseId } });
    const elsewhere = mkdtempSync(path.join(tmpdir(), 'canal-sin-ancla-'));
    try {
      const warnings: string[] = [];
      const config = loadConfig({
        NODE_ENV: 'test',
        BOT_CHECK: 'off',
        DATA_DIR: elsewhere,
        DATA_ENCRYPTION_KEY: t.services.config.DATA_ENCRYPTION_KEY!,
      });
      await createServices(config, {
        db: t.db,
        store: t.services.files.store,
        warn: (m) => warnings.push(m),
      });
      const last = (await rows()).at(-1)!;
      expect(warnings).toContainEqual(
        expect.stringMatching(
          new RegExp(`tiene entradas \\(la última, ${last.id}\\) pero no hay ancla en .*sin-ancla`),
        ),
      );
      // With its anchor, nothing to say.
      warnings.length = 0;
      await createServices(
        { ...config, DATA_DIR: t.dataDir },
        {
          db: t.db,
          store: t.services.files.store,
          warn: (m) => warnings.push(m),
        },
      );
      expect(warnings.filter((m) => m.includes('ancla'))).toEqual([]);
    } finally {
      rmSync(elsewhere, { recursive: true, force: true });
    }
  });
});
