// Erasure reaches backups (issue 19, decision 0047), with the runbook's own scripts: a deployment
// on PostgreSQL (and the local folder, or the bucket with STORAGE=s3) takes two complaints with a
// file each and closes one; the sweep seals its data key until its erasure day; scripts/backup.sh
// backs up; `npm run retention -- --as-of` that day (after a --dry-run listing it) erases it and destroys the day's
// key. scripts/restore.sh then loads that older backup into a new database beside the live object
// store: the erased case comes back as rows, but its key opens no more (410 to staff, nothing
// decrypted), while the case that was not erased is whole — its content, its file byte for byte,
// the complainant's sign-in. The next sweep makes the restored case a tombstone again.
// Run with the cluster tests (CLUSTER=1, DATABASE_URL; Swift's S3 settings when STORAGE=s3).
import { contract } from '@canal/shared/contract';
import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app';
import { loadConfig } from '../../src/config';
import { ErasedKeyError } from '../../src/crypto/erasure-keys';
import { addYears, chileToday, runRetention } from '../../src/core/retention/retention';
import { createServices } from '../../src/runtime';
import type { TestApp } from '@canal/test-support/app';
import { freshBucket, freshPostgres, s3Env } from '@canal/test-support/cluster';
import { denuncia, file, login } from '@canal/test-support/complaints';
import { pdf } from '@canal/test-support/files';
import { REPO_ROOT } from '@canal/test-support/server-process';
import { callApi } from '@canal/test-support/api';
import { closeCase, staff } from '@canal/test-support/staff';

const databaseUrl = process.env.DATABASE_URL;
const s3 = process.env.STORAGE === 's3' ? s3Env() : null;
const id = `${process.pid}_${randomBytes(3).toString('hex')}`;
const key = randomBytes(32).toString('hex');
let dir = '';
const cleanup: (() => Promise<unknown>)[] = [];

beforeAll(() => {
  if (!databaseUrl) throw new Error('DATABASE_URL (un servidor PostgreSQL) es obligatoria');
  dir = mkdtempSync(path.join(tmpdir(), 'canal-erasure-backup-'));
});
afterAll(async () => {
  for (const step of cleanup.reverse()) await step().catch(() => {});
  if (dir) rmSync(dir, { recursive: true, force: true });
});

/** The API in this process on `env`'s database and store, as a test app. */
async function deployment(env: Record<string, string>): Promise<TestApp> {
  const services = await createServices(
    loadConfig({
      NODE_ENV: 'test',
      BOT_CHECK: 'off',
      DATA_ENCRYPTION_KEY: key,
      PUBLIC_URL: 'http://127.0.0.1',
      ...env,
    }),
    { warn: () => {} },
  );
  const app = await buildApp(services, {
    logger: false,
    globalRateLimit: 100_000,
    clientLimits: { login: 100_000, recovery: 100_000, filing: 100_000 },
    webDist: path.join(dir, 'no-web'),
  });
  const close = async () => {
    await app.close();
    await services.files.store.close();
    await services.db.close();
  };
  cleanup.push(close);
  return { app, services, db: services.db, dataDir: env.DATA_DIR!, close };
}

async function script(name: string, env: Record<string, string>, args: string[]) {
  const { stdout, stderr } = await promisify(execFile)(
    path.join(REPO_ROOT, 'scripts', name),
    args,
    { cwd: REPO_ROOT, env: { ...process.env, ...env, DATA_ENCRYPTION_KEY: '' } },
  );
  return stdout + stderr;
}

/** `npm run retention -- <args>` on `env`'s database and store: what it prints. */
async function retention(env: Record<string, string>, args: string[]) {
  const { stdout } = await promisify(execFile)(
    'npm',
    ['run', '--silent', 'retention', '--', ...args],
    {
      cwd: REPO_ROOT,
      env: { ...process.env, ...env, NODE_ENV: 'test', DATA_ENCRYPTION_KEY: key },
    },
  );
  return stdout;
}

describe('a backup restored after an erasure', { timeout: 300_000 }, () => {
  it('does not reveal the erased case, and loses nothing of the others', async () => {
    const source = await freshPostgres(databaseUrl!, `erasure_src_${id}`);
    cleanup.push(() => source.drop());
    const storage: Record<string, string> = { DATA_DIR: path.join(dir, 'data') };
    if (s3) {
      const bucket = await freshBucket(s3, `erasure-${id.replace('_', '-')}`);
      cleanup.push(() => bucket.drop());
      Object.assign(storage, { STORAGE: 's3', ...s3, S3_BUCKET: bucket.name });
    }
    const env = { ...storage, DATABASE_URL: source.url };
    const live = await deployment(env);
    const admin = await staff(live, { role: 'administrador' });
    const caseWith = async (relato: string, content: Buffer) => {
      const res = await file(live.app, denuncia({ relato }), [
        { filename: 'acta.pdf', content, contentType: 'application/pdf' },
      ]);
      expect(res.statusCode).toBe(201);
      const { ticket } = res.json() as { ticket: number };
      const [row] = await live.db.query<{ id: number }>(
        'SELECT id FROM complaints WHERE ticket = $1',
        [ticket],
      );
      return { ticket, id: Number(row!.id), relato, content };
    };
    const erased = await caseWith(
      `Relato que se eliminará ${randomBytes(6).toString('hex')}`,
      pdf('uno'),
    );
    const kept = await caseWith(
      `Relato que se conserva ${randomBytes(6).toString('hex')}`,
      pdf('dos'),
    );
    expect(
      (await closeCase(admin, erased.id, { comentario: 'Cierre.', resolucion: 'Sin medidas.' }))
        .statusCode,
    ).toBe(201);
    await runRetention(live.services);
    const due = addYears(chileToday(), 5);

    const backup = path.join(dir, 'backup');
    expect(await script('backup.sh', env, [backup])).toMatch(/Archivos copiados: 2 /);
    // The drill as the runbook runs it: `npm run retention -- --dry-run --as-of`, then `--as-of`.
    const [numbered] = await live.db.query<{ case_number: string }>(
      'SELECT case_number FROM complaints WHERE id = $1',
      [erased.id],
    );
    await live.close();
    const listed = await retention(env, ['--dry-run', '--as-of', due]);
    expect(listed).toContain(`Casos con plazo de conservación vencido al ${due}: 1`);
    expect(listed).toContain(`${numbered!.case_number}  recibido ${chileToday()}`);
    expect(listed).toContain('Simulación: no se eliminó nada.');
    expect(await retention(env, ['--as-of', due])).toMatch(
      /Casos eliminados: 1; archivos eliminados: 1;/,
    );

    const target = await freshPostgres(databaseUrl!, `erasure_dst_${id}`);
    cleanup.push(() => target.drop());
    const restoredEnv = {
      ...storage,
      DATABASE_URL: target.url,
      AUDIT_ANCHOR_FILE: path.join(dir, 'restored-anchor.json'),
    };
    expect(await script('restore.sh', restoredEnv, [backup])).toMatch(/restaurado desde/);
    const restored = await deployment(restoredEnv);

    // The erased case is back as rows of the older backup, but its key opens no more.
    const [row] = await restored.db.query<{ erased_at: Date | null; data_key: string }>(
      'SELECT erased_at, data_key FROM complaints WHERE id = $1',
      [erased.id],
    );
    expect(row!.erased_at).toBeNull();
    expect(row!.data_key).toMatch(new RegExp(`^e1:${due}:`));
    expect(() => restored.services.keyring.unwrapDataKey(row!.data_key)).toThrow(ErasedKeyError);
    const reader = await staff(restored, { role: 'administrador' });
    const page = await reader.call(contract.viewCase, { params: { id: erased.id } });
    expect(page.statusCode).toBe(410);
    expect(page.body).not.toContain(erased.relato);

    // Nothing else is lost: the other case reads whole, its file byte for byte.
    const view = await reader.call(contract.viewCase, { params: { id: kept.id } });
    expect(view.statusCode).toBe(200);
    expect(JSON.stringify(view.json())).toContain(kept.relato);
    const fileId = (view.json() as { archivos: { id: string }[] }).archivos[0]!.id;
    const download = await reader.call(contract.downloadCaseFile, {
      params: { id: kept.id, fileId },
    });
    expect(download.statusCode).toBe(200);
    expect(download.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const { auth } = await login(restored.app, kept.ticket);
    const detail = await callApi(restored.app, contract.complaintDetail, {
      params: { id: String(kept.ticket) },
      headers: auth,
    });
    expect(detail.statusCode).toBe(200);
    expect(JSON.stringify(detail.json())).toContain(kept.relato);

    // The next sweep makes the restored case a tombstone again.
    expect((await runRetention(restored.services, { asOf: due })).erased).toBe(1);
    const [again] = await restored.db.query<{ erased_at: Date | null; data_key: string | null }>(
      'SELECT erased_at, data_key FROM complaints WHERE id = $1',
      [erased.id],
    );
    expect(again).toMatchObject({ data_key: null });
    expect(again!.erased_at).toBeInstanceOf(Date);
  });
});
