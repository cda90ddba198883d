import { createCipheriv, randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../../src/app';
import { loadConfig } from '../../src/config';
import { isV2Header } from '../../src/crypto/file-cipher';
import { KeyMismatchError } from '../../src/crypto/key-check';
import { masterKeyId, seal } from '../../src/crypto/keys';
import { recordDataRequest } from '../../src/core/data-requests/record';
import { openField } from '../../src/crypto/sealed-field';
import { migrateFiles, resealFields, rewrapKeys } from '../../src/maintenance/re-encrypt';
import { createServices } from '../../src/runtime';
import { createObjectStore, type ObjectStore } from '../../src/storage';
import type { Db } from '../../src/db/database';
import { buildTestApp, freshDatabase, storageEnv, type TestApp } from '@canal/test-support/app';
import { denuncia, file, HEAD_OFFICE, headers, login } from '@canal/test-support/complaints';
import { pdf } from '@canal/test-support/files';
import { codeFor, signIn, staff } from '@canal/test-support/staff';

/**
 * The re-encryption commands on data written in the old formats: `npm run reseal` (sealed fields
 * v1 → v2), `npm run files:migrate` (files v1 → v2) and a key rotation with
 * `npm run keys:rewrap` (issue 9, issue 10).
 */
vi.setConfig({ testTimeout: 60_000 });

const hexKey = () => randomBytes(32).toString('hex');
const temp: string[] = [];
afterAll(() => {
  for (const dir of temp) rmSync(dir, { recursive: true, force: true });
});

/** A test app on a given database and store, with the given keys. */
async function appOn(db: Db, store: ObjectStore, dataDir: string, env: Record<string, string>) {
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    BOT_CHECK: 'off',
    PUBLIC_URL: 'http://localhost:3000',
    ...storageEnv(),
    ...env,
  });
  const services = await createServices(config, { db, store, warn: () => {} });
  const app = await buildApp(services, {
    logger: false,
    globalRateLimit: 100_000,
    clientLimits: { login: 100_000, recovery: 100_000, filing: 100_000 },
    webDist: path.join(dataDir, 'no-web'),
  });
  const t: TestApp = { app, services, db, dataDir, close: () => app.close() };
  return t;
}

/** The complaint's description as the complainant sees it, and its first file's bytes. */
async function readBack(t: TestApp, ticket: number) {
  const { auth } = await login(t.app, ticket);
  const detail = await t.app.inject({
    method: 'GET',
    url: `/v1/denuncias/${ticket}`,
    headers: auth,
  });
  expect(detail.statusCode, detail.body).toBe(200);
  const list = await t.app.inject({
    method: 'GET',
    url: `/v1/denuncias/${ticket}/adjuntos`,
    headers: auth,
  });
  expect(list.statusCode, list.body).toBe(200);
  const files = list.json() as { path: string; name: string }[];
  const download = await t.app.inject({ method: 'GET', url: files[0]!.path });
  expect(download.statusCode, download.body).toBe(200);
  return { detail: detail.body, names: files.map((f) => f.name), bytes: download.rawPayload };
}

/** A detail's JSON without the summary's previous visit, which each sign-in moves (decision 0061). */
function withoutVisit(detail: string) {
  const parsed = JSON.parse(detail) as { resumen?: Record<string, unknown> };
  if (parsed.resumen) delete parsed.resumen.visita_anterior;
  return parsed;
}

const DESCRIPTION = 'Mi jefatura me grita frente al equipo todas las semanas desde marzo.';
const OTHER_PLACE = 'Bodega del segundo piso';

describe('key rotation', () => {
  it('files under key A, rotates to B with A as previous, re-wraps, drops A: the complaint, its file and staff sign-in still work', async () => {
    const { db, drop } = await freshDatabase();
    const dataDir = mkdtempSync(path.join(tmpdir(), 'canal-rotate-'));
    temp.push(dataDir);
    const store = await createObjectStore(
      loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, ...storageEnv() }),
      { prefix: `t-${randomBytes(6).toString('hex')}/` },
    );
    const [A, B] = [hexKey(), hexKey()];
    const idOf = (k: string) => masterKeyId(Buffer.from(k, 'hex'));
    const document = pdf('Acta de la reunion');
    try {
      // Key A: a complaint with a file, and an investigator (TOTP secret sealed with the master key).
      const a = await appOn(db, store, dataDir, { DATA_ENCRYPTION_KEY: A });
      const created = await file(a.app, denuncia({ relato: DESCRIPTION }), [
        { filename: 'acta.pdf', content: document },
      ]);
      expect(created.statusCode, created.body).toBe(201);
      const { ticket } = created.json() as { ticket: number };
      // A second complaint whose data key is in the format before key ids (no prefix).
      const legacy = (await file(a.app, denuncia(), [{ filename: 'b.pdf', content: pdf() }])).json()
        .ticket as number;
      await db.query(
        `UPDATE complaints SET data_key = regexp_replace(data_key, '^k2:[^:]+:', '') WHERE ticket = $1`,
        [legacy],
      );
      // A pending filing (decision 0074): its data key, wrapped by A, is re-wrapped too.
      const pending = await a.app.inject({
        method: 'POST',
        url: '/v1/denuncias/borradores',
        headers: headers(),
      });
      expect(pending.statusCode, pending.body).toBe(201);
      const investigator = await staff(a, { role: 'investigador', organizations: [HEAD_OFFICE] });
      // A request of the register (Law 21.719): who asks and what, sealed with the master key.
      const requestId = await a.db.transaction((tx) =>
        recordDataRequest(a.services, tx, {
          organizationId: HEAD_OFFICE,
          requester: 'denunciado',
          right: 'acceso',
          channel: 'correo',
          person: { nombre: 'Pedro Pérez', contacto: 'pedro@correo.cl' },
          detail: 'Pide saber qué datos suyos tiene el canal.',
          receivedOn: '2026-11-02',
          complaintIds: [],
          staffId: null,
        }),
      );
      // A provider configured in the back office (decision 0077): its client secret, sealed.
      await db.query(
        `INSERT INTO sso_providers (id, name, issuer, client_id, client_secret_enc, scopes,
                                    groups_claim, roles)
         VALUES ('empresa', 'Empresa', 'https://sso.empresa.cl', 'canal', $1, 'openid', 'groups', '{}')`,
        [a.services.keyring.sealWithMaster('secreto-del-proveedor')],
      );
      const index = a.services.keyring.blindIndex('persona@correo.cl');
      const keys = await db.query<{ data_key: string }>('SELECT data_key FROM complaints');
      expect(keys.filter((k) => k.data_key.startsWith(`k2:${idOf(A)}:`))).toHaveLength(1);
      await a.close();

      // B alone is refused: the database was started with A.
      await expect(appOn(db, store, dataDir, { DATA_ENCRYPTION_KEY: B })).rejects.toBeInstanceOf(
        KeyMismatchError,
      );

      // B with A as previous: reads what A wrote, then re-wraps everything under B.
      const rotating = await appOn(db, store, dataDir, {
        DATA_ENCRYPTION_KEY: B,
        DATA_ENCRYPTION_KEY_PREVIOUS: A,
      });
      expect((await readBack(rotating, ticket)).bytes.equals(document)).toBe(true);
      const result = await rewrapKeys(db, rotating.services.keyring);
      expect(result.dataKeys).toBe(3);
      expect(result.sealed).toBeGreaterThanOrEqual(1);
      expect(result.root).toBe(true);
      const again = await rewrapKeys(db, rotating.services.keyring);
      expect(again).toEqual({ dataKeys: 0, sealed: 0, root: false });
      await rotating.close();
      for (const row of await db.query<{ data_key: string }>(
        'SELECT data_key FROM complaints UNION ALL SELECT data_key FROM pending_filings',
      ))
        expect(row.data_key.startsWith(`k2:${idOf(B)}:`)).toBe(true);
      const [totp] = await db.query<{ totp_secret_enc: string }>(
        'SELECT totp_secret_enc FROM staff_users WHERE id = $1',
        [investigator.id],
      );
      expect(totp!.totp_secret_enc.startsWith(`k2:${idOf(B)}:`)).toBe(true);
      const [request] = await db.query<{ person_enc: string; detail_enc: string }>(
        'SELECT person_enc, detail_enc FROM data_requests WHERE id = $1',
        [requestId],
      );
      expect(request!.person_enc.startsWith(`k2:${idOf(B)}:`)).toBe(true);
      expect(request!.detail_enc.startsWith(`k2:${idOf(B)}:`)).toBe(true);
      const [sso] = await db.query<{ client_secret_enc: string }>(
        `SELECT client_secret_enc FROM sso_providers WHERE id = 'empresa'`,
      );
      expect(sso!.client_secret_enc.startsWith(`k2:${idOf(B)}:`)).toBe(true);

      // A dropped: B alone reads the complaint and its file; the investigator signs in.
      const b = await appOn(db, store, dataDir, { DATA_ENCRYPTION_KEY: B });
      const back = await readBack(b, ticket);
      expect(back.detail).toContain(DESCRIPTION);
      expect(back.names).toEqual(['acta.pdf']);
      expect(back.bytes.equals(document)).toBe(true);
      expect((await readBack(b, legacy)).bytes.equals(pdf())).toBe(true);
      expect(JSON.parse(b.services.keyring.openWithMaster(request!.person_enc))).toEqual({
        nombre: 'Pedro Pérez',
        contacto: 'pedro@correo.cl',
      });
      expect(b.services.keyring.openWithMaster(sso!.client_secret_enc)).toBe(
        'secreto-del-proveedor',
      );
      const signedIn = await signIn(b.app, investigator.email, codeFor(investigator.secret, 1));
      expect(signedIn.statusCode, signedIn.body).toBe(200);
      // The purpose keys come from the root key, which the rotation kept: the e-mail index holds.
      expect(b.services.keyring.blindIndex('persona@correo.cl')).toBe(index);
      await b.close();

      // Now A alone, or a wrong key, is refused.
      for (const other of [A, hexKey()])
        await expect(
          appOn(db, store, dataDir, { DATA_ENCRYPTION_KEY: other }),
        ).rejects.toBeInstanceOf(KeyMismatchError);
    } finally {
      await store.close();
      await drop();
    }
  });
});

describe('npm run reseal', () => {
  it('rewrites version-1 fields (complaint, log comment, file name) as version 2; idempotent; the complaint reads the same', async () => {
    const t = await buildTestApp();
    try {
      const created = await file(
        t.app,
        denuncia({ relato: DESCRIPTION, agencia_id: null, otro_lugar: OTHER_PLACE }),
        [{ filename: 'acta.pdf', content: pdf() }],
      );
      const { ticket } = created.json() as { ticket: number };
      const [row] = await t.db.query<{ id: number; data_key: string }>(
        'SELECT id, data_key FROM complaints WHERE ticket = $1',
        [ticket],
      );
      const key = t.services.keyring.unwrapDataKey(row!.data_key);
      // Write the fields back in version 1, as rows sealed before the v2 format hold them.
      const toV1 = (value: string, field: string) =>
        seal(key, openField(key, value, { complaintId: row!.id, field: field as never }));
      const [c] = await t.db.query<{
        description_enc: string;
        other_place_enc: string;
        contact_email_enc: string;
      }>(
        'SELECT description_enc, other_place_enc, contact_email_enc FROM complaints WHERE id = $1',
        [row!.id],
      );
      await t.db.query(
        'UPDATE complaints SET description_enc = $1, other_place_enc = $2, contact_email_enc = $3 WHERE id = $4',
        [
          toV1(c!.description_enc, 'complaints.description'),
          toV1(c!.other_place_enc, 'complaints.other_place'),
          toV1(c!.contact_email_enc, 'complaints.contact_email'),
          row!.id,
        ],
      );
      for (const f of await t.db.query<{ id: string; name_enc: string }>(
        'SELECT id::text AS id, name_enc FROM complaint_files WHERE complaint_id = $1',
        [row!.id],
      ))
        await t.db.query('UPDATE complaint_files SET name_enc = $1 WHERE id = $2::uuid', [
          toV1(f.name_enc, 'complaint_files.name'),
          f.id,
        ]);
      // A log entry with a comment sealed in version 1.
      await t.db.query(
        `UPDATE complaint_log SET comment_enc = $1
          WHERE id = (SELECT min(id) FROM complaint_log WHERE complaint_id = $2)`,
        [seal(key, 'Comentario antiguo'), row!.id],
      );
      const before = await readBack(t, ticket);
      expect(before.detail).toContain(DESCRIPTION);

      expect(await resealFields(t.db, t.services.keyring)).toBe(5);
      const [comment] = await t.db.query<{ comment_enc: string }>(
        'SELECT comment_enc FROM complaint_log WHERE complaint_id = $1 AND comment_enc IS NOT NULL',
        [row!.id],
      );
      expect(
        openField(key, comment!.comment_enc, {
          complaintId: row!.id,
          field: 'complaint_log.comment',
        }),
      ).toBe('Comentario antiguo');
      const [after] = await t.db.query<Record<string, string | null>>(
        'SELECT description_enc, other_place_enc, contact_email_enc, complainant_enc FROM complaints WHERE id = $1',
        [row!.id],
      );
      for (const value of Object.values(after!))
        if (value !== null) expect(value).toMatch(/^v2:0:/);
      const [name] = await t.db.query<{ name_enc: string }>(
        'SELECT name_enc FROM complaint_files WHERE complaint_id = $1',
        [row!.id],
      );
      expect(name!.name_enc).toMatch(/^v2:0:/);
      // Bound now: the description no longer opens as another field.
      expect(() =>
        openField(key, after!.description_enc!, {
          complaintId: row!.id,
          field: 'complaints.other_place',
        }),
      ).toThrow(/integridad/);
      const back = await readBack(t, ticket);
      // Everything reads the same; only the summary's previous visit moved (a second sign-in).
      expect(withoutVisit(back.detail)).toEqual(withoutVisit(before.detail));
      expect(back.names).toEqual(['acta.pdf']);
      expect(await resealFields(t.db, t.services.keyring)).toBe(0);
    } finally {
      await t.close();
    }
  });
});

/** The v1 stored format: iv ‖ AES-256-GCM ciphertext ‖ tag, one tag for the whole file. */
function encryptV1(key: Buffer, plain: Buffer): Buffer {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  return Buffer.concat([iv, cipher.update(plain), cipher.final(), cipher.getAuthTag()]);
}

describe('npm run files:migrate', () => {
  it('re-encrypts v1 files as v2 in place, verified; idempotent; an altered v1 file is reported and left alone', async () => {
    const t = await buildTestApp();
    try {
      // 300 KiB: several v2 segments.
      const big = Buffer.concat([pdf('Grande'), randomBytes(300 * 1024)]);
      const small = pdf('Chico');
      const tickets: number[] = [];
      for (const content of [big, small, pdf('Alterado')]) {
        const res = await file(t.app, denuncia(), [{ filename: 'a.pdf', content }]);
        tickets.push((res.json() as { ticket: number }).ticket);
      }
      const objects = t.services.files.store;
      // In the order they were filed (ids are random).
      const rows = await t.db.query<{ storage_key: string; data_key: string }>(
        `SELECT f.storage_key, c.data_key FROM complaint_files f
           JOIN complaints c ON c.id = f.complaint_id
          ORDER BY array_position($1::bigint[], c.ticket)`,
        [tickets],
      );
      // Rewrite each stored object in the v1 format, as files stored before v2 are.
      const plains = [big, small, pdf('Alterado')];
      for (const [i, r] of rows.entries()) {
        const v1 = encryptV1(t.services.keyring.unwrapDataKey(r.data_key), plains[i]!);
        if (i === 2) v1[40] = v1[40]! ^ 1; // The third one altered.
        await objects.put(r.storage_key, Readable.from([v1]));
      }
      const headOf = async (k: string) => {
        const chunks: Buffer[] = [];
        for await (const c of await objects.get(k)) chunks.push(c as Buffer);
        return Buffer.concat(chunks);
      };
      expect(isV2Header(await headOf(rows[0]!.storage_key))).toBe(false);
      expect((await readBack(t, tickets[0]!)).bytes.equals(big)).toBe(true);
      const alteredBefore = await headOf(rows[2]!.storage_key);

      const result = await migrateFiles(t.db, objects, t.services.keyring);
      expect(result.migrated).toBe(2);
      expect(result.failed).toEqual([rows[2]!.storage_key]);
      for (const r of rows.slice(0, 2)) expect(isV2Header(await headOf(r.storage_key))).toBe(true);
      expect((await headOf(rows[2]!.storage_key)).equals(alteredBefore)).toBe(true);
      expect((await readBack(t, tickets[0]!)).bytes.equals(big)).toBe(true);
      expect((await readBack(t, tickets[1]!)).bytes.equals(small)).toBe(true);
      // No temporary object is left staged.
      expect(await t.db.query('SELECT 1 FROM staged_files')).toHaveLength(0);

      const again = await migrateFiles(t.db, objects, t.services.keyring);
      expect(again.migrated).toBe(0);
      expect(again.skipped).toBe(2);
    } finally {
      await t.close();
    }
  });
});
