// The restore drill of docs/operations.md ("Backup and restore"), with the runbook's own scripts:
// a compiled server on a fresh database and bucket takes a complaint with a file and a failed staff
// sign-in (an audit entry, so an anchor); scripts/backup.sh copies the anchor, dumps the database
// and copies the files, all readable by the owner only (the key is not in the backup); the source
// goes on, so the backup is an older one; scripts/restore.sh refuses a backup without its anchor,
// then loads the whole backup into another fresh database and bucket; a server started there with
// the same key signs in, reads the complaint and downloads the file, byte for byte, and
// `audit:verify` finds the restored log whole against the backup's anchor (and short against the
// source's newer one). Run with the cluster test (CLUSTER=1, DATABASE_URL, Swift's S3 settings).
import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import {
  cpSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  type Stats,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  buildApi,
  freshBucket,
  freshPostgres,
  s3Env,
  spawnInstance,
  stopInstance,
  waitReady,
  type Instance,
} from '@canal/test-support/cluster';
import { denuncia, HEAD_OFFICE, PASSWORD } from '@canal/test-support/complaints';
import { pdf } from '@canal/test-support/files';
import { multipart } from '@canal/test-support/multipart';
import { REPO_ROOT } from '@canal/test-support/server-process';
import { ERASURE_STATE_KEY } from '../../src/core/retention/erasure-key-store';

const databaseUrl = process.env.DATABASE_URL;
const s3 = s3Env();
const id = `${process.pid}_${randomBytes(3).toString('hex')}`;
let dir = '';
const key = randomBytes(32).toString('hex');
const cleanup: (() => Promise<unknown>)[] = [];

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'canal-restore-'));
  if (!databaseUrl) throw new Error('DATABASE_URL (un servidor PostgreSQL) es obligatoria');
  if (!s3) throw new Error('faltan STORAGE=s3 y S3_*: eval "$(scripts/swift/start.sh)"');
  await buildApi();
});
afterAll(async () => {
  for (const step of cleanup.reverse()) await step().catch(() => {});
  if (dir) rmSync(dir, { recursive: true, force: true });
});

/** A database and a bucket of their own, removed after the test. */
async function deployment(name: string) {
  const db = await freshPostgres(databaseUrl!, `${name}_${id}`);
  cleanup.push(() => db.drop());
  const bucket = await freshBucket(s3!, `${name}-${id.replace('_', '-')}`);
  cleanup.push(() => bucket.drop());
  const env = {
    DATABASE_URL: db.url,
    STORAGE: 's3',
    ...s3!,
    S3_BUCKET: bucket.name,
    DATA_DIR: path.join(dir, `data-${name}`),
  };
  return { db, bucket, env };
}

async function server(name: string, env: Record<string, string>): Promise<Instance> {
  const instance = await spawnInstance(name, {
    NODE_ENV: 'test',
    BOT_CHECK: 'off',
    DATA_ENCRYPTION_KEY: key,
    PUBLIC_URL: 'http://127.0.0.1',
    SHUTDOWN_DELAY_MS: '0',
    ...env,
  });
  cleanup.push(() => stopInstance(instance));
  await waitReady(instance);
  return instance;
}

/** Runs one of the runbook's scripts with `env` added to this environment. */
async function script(
  name: string,
  env: Record<string, string>,
  args = [path.join(dir, 'backup')],
) {
  const { stdout, stderr } = await promisify(execFile)(
    path.join(REPO_ROOT, 'scripts', name),
    args,
    {
      cwd: REPO_ROOT,
      env: { ...process.env, ...env, DATA_ENCRYPTION_KEY: '' },
    },
  );
  return stdout + stderr;
}

/** `npm run audit:verify` of the compiled build, with the key: exit code and what it printed. */
async function verifyAudit(env: Record<string, string>) {
  try {
    const { stdout, stderr } = await promisify(execFile)(
      process.execPath,
      [path.join(REPO_ROOT, 'apps/api/dist/audit-verify.js')],
      {
        cwd: REPO_ROOT,
        env: { ...process.env, NODE_ENV: 'test', ...env, DATA_ENCRYPTION_KEY: key },
      },
    );
    return { code: 0, output: stdout + stderr };
  } catch (error) {
    const e = error as { code: number; stdout: string; stderr: string };
    return { code: e.code, output: e.stdout + e.stderr };
  }
}

/** A failed staff sign-in: one audit entry, and the anchor moves to it. */
const failedStaffSignIn = (url: string) =>
  fetch(`${url}/v1/gestion/sesion`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      email: 'nadie@empresa.cl',
      password: 'Mala clave 12345',
      codigo: '123456',
    }),
  });

const mode = (s: Stats) => s.mode & 0o777;

const filesBelow = (root: string): string[] =>
  readdirSync(root, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? filesBelow(path.join(root, e.name)) : [path.join(root, e.name)],
  );

describe('backup and restore (docs/operations.md)', () => {
  it('restores the database and the bucket into new ones, where a server with the same key reads the complaint and its file', async () => {
    const source = await deployment('origen');
    const before = await server('origen', source.env);
    const attachment = pdf(`Respaldo ${randomBytes(8).toString('hex')}`);
    const { body, headers } = multipart([
      { name: 'denuncia', json: denuncia() },
      { name: 'files', filename: 'acta.pdf', content: attachment, contentType: 'application/pdf' },
    ]);
    const chunks: Buffer[] = [];
    for await (const c of body) chunks.push(c as Buffer);
    const filed = await fetch(`${before.url}/v1/denuncias`, {
      method: 'POST',
      headers: { ...headers, 'x-filial': HEAD_OFFICE },
      body: Buffer.concat(chunks),
    });
    expect(filed.status).toBe(201);
    const { ticket } = (await filed.json()) as { ticket: number };
    expect((await failedStaffSignIn(before.url)).status).toBe(401);
    const sourceAnchor = path.join(source.env.DATA_DIR, 'audit-anchor.json');
    const anchoredAtBackup = readFileSync(sourceAnchor, 'utf8');

    // Backup while the server runs: the anchor, the dump, then the files it names.
    const backedUp = await script('backup.sh', source.env);
    expect(backedUp).toMatch(/Archivos copiados: 1 /);
    const backup = path.join(dir, 'backup');
    const files = filesBelow(backup).map((f) => path.relative(backup, f));
    expect(files.sort()).toEqual([
      'audit-anchor.json',
      'database.dump',
      (await source.bucket.keys()).map((k) => `files/${k}`)[0],
    ]);
    expect(readFileSync(path.join(backup, 'audit-anchor.json'), 'utf8')).toBe(anchoredAtBackup);
    // For the owner's eyes only: the folders 0700, every file 0600.
    expect(mode(statSync(backup))).toBe(0o700);
    expect(mode(statSync(path.join(backup, 'files')))).toBe(0o700);
    for (const f of filesBelow(backup)) expect([f, mode(statSync(f))]).toEqual([f, 0o600]);
    // The key is kept apart: nowhere in the backup.
    for (const f of filesBelow(backup)) {
      expect(statSync(f).size).toBeGreaterThan(0);
      expect(readFileSync(f).includes(Buffer.from(key))).toBe(false);
      expect(readFileSync(f).includes(Buffer.from(key, 'hex'))).toBe(false);
    }
    // The source goes on: its anchor moves past the backup, which is now an older one.
    expect((await failedStaffSignIn(before.url)).status).toBe(401);
    expect(readFileSync(sourceAnchor, 'utf8')).not.toBe(anchoredAtBackup);
    await stopInstance(before);

    const target = await deployment('destino');
    // A backup without its anchor is refused before anything is written.
    const unanchored = path.join(dir, 'backup-sin-ancla');
    cpSync(backup, unanchored, { recursive: true });
    rmSync(path.join(unanchored, 'audit-anchor.json'));
    const refused = await script('restore.sh', target.env, [unanchored]).then(
      () => null,
      (error: { code: number; stderr: string }) => error,
    );
    expect(refused?.code).toBe(1);
    expect(refused?.stderr).toMatch(/restauración rechazada: .* no trae el ancla/);
    expect(await target.db.query("SELECT 1 FROM pg_tables WHERE schemaname = 'public'")).toEqual(
      [],
    );

    const restored = await script('restore.sh', target.env);
    expect(restored).toMatch(/Archivos copiados: 1 /);
    // Every object but the erasure ratchet's state, which no backup holds (decision 0047): the
    // restored server starts its own, as no key of this open case is sealed with it.
    expect(await target.bucket.keys()).toEqual(
      (await source.bucket.keys()).filter((k) => k !== ERASURE_STATE_KEY),
    );
    const targetAnchor = path.join(target.env.DATA_DIR, 'audit-anchor.json');
    expect(readFileSync(targetAnchor, 'utf8')).toBe(anchoredAtBackup);
    expect(mode(statSync(targetAnchor))).toBe(0o600);

    const after = await server('destino', target.env);
    const json = { 'content-type': 'application/json', 'x-filial': HEAD_OFFICE };
    const login = await fetch(`${after.url}/v1/denuncias/login`, {
      method: 'POST',
      headers: json,
      body: JSON.stringify({ ticket, password: PASSWORD }),
    });
    expect(login.status).toBe(200);
    const auth = {
      ...json,
      authorization: `Bearer ${((await login.json()) as { token: string }).token}`,
    };
    const detail = await fetch(`${after.url}/v1/denuncias/${ticket}`, { headers: auth });
    expect(detail.status).toBe(200);
    expect(JSON.stringify(await detail.json())).toContain(denuncia().relato as string);
    const list = await fetch(`${after.url}/v1/denuncias/${ticket}/adjuntos`, { headers: auth });
    const [file] = (await list.json()) as { path: string; name: string }[];
    expect(file?.name).toBe('acta.pdf');
    const download = await fetch(`${after.url}${file!.path}`);
    expect(download.status).toBe(200);
    expect(Buffer.from(await download.arrayBuffer()).equals(attachment)).toBe(true);

    // The restored audit log is whole against the backup's anchor...
    const verified = await verifyAudit(target.env);
    expect(verified.output).toMatch(/Registro de auditoría íntegro: \d+ entradas?; el ancla/);
    expect(verified.code).toBe(0);
    // ...and short against the source's newer one: what restoring an older dump under a newer
    // anchor would show.
    const short = await verifyAudit({ ...target.env, AUDIT_ANCHOR_FILE: sourceAnchor });
    expect(short.code).toBe(1);
    expect(short.output).toMatch(/falta la entrada anclada/);
  });
});
