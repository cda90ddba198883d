import { createHash, randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  buildTestApp,
  listeningPair,
  type ListeningPair,
  type TestApp,
} from '@canal/test-support/app';
import { CEM, denuncia, HEAD_OFFICE, headers } from '@canal/test-support/complaints';
import { multipart, type Part } from '@canal/test-support/multipart';
import { sendThroughCuts } from '@canal/test-support/tus';
import { sweep } from '../../src/runtime';

// Issue 21, decision 0074: the filing form's files go over tus before the complaint exists, into
// a pending filing (its own data key, its capability token); the filing names them, adopts the
// pending key as the complaint's and makes the uploads its files.
const SIZE = 120 * 1024 * 1024;
const TUS = { 'tus-resumable': '1.0.0' };
let pair: ListeningPair;
let a: TestApp;
let b: TestApp;
let ports: number[];
beforeAll(async () => {
  pair = await listeningPair();
  ({ a, b, ports } = pair);
}, 180_000);
afterAll(() => pair.close());

interface Pending {
  borrador: string;
  token: string;
  vence: string;
}

async function openPending(t: TestApp = a, filial = HEAD_OFFICE): Promise<Pending> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/v1/denuncias/borradores',
    headers: headers(filial),
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<Pending>();
}

const pdf = (size: number) => Buffer.concat([Buffer.from('%PDF-1.4\n'), randomBytes(size - 9)]);

/** One tus upload sent whole in one PATCH (by `inject`): its id. */
async function sendWhole(pending: Pending, name: string, content: Buffer, t: TestApp = a) {
  const created = await t.app.inject({
    method: 'POST',
    url: '/v1/denuncias/subidas',
    headers: {
      ...headers(),
      ...TUS,
      'x-borrador': pending.token,
      'upload-length': String(content.length),
      'upload-metadata': `filename ${Buffer.from(name).toString('base64')}`,
    },
  });
  expect(created.statusCode, created.body).toBe(201);
  const location = created.headers.location as string;
  const patched = await t.app.inject({
    method: 'PATCH',
    url: location,
    headers: {
      ...headers(),
      ...TUS,
      'x-borrador': pending.token,
      'content-type': 'application/offset+octet-stream',
      'upload-offset': '0',
    },
    payload: content,
  });
  expect(patched.statusCode, patched.body).toBe(204);
  return location.split('/').at(-1)!;
}

/** Files naming the pending filing's uploads (no file part), with its token. */
function fileNaming(
  pending: Pending,
  ids: string[],
  overrides: Record<string, unknown> = {},
  t: TestApp = a,
  extra: Part[] = [],
) {
  const { body, headers: h } = multipart([
    {
      name: 'denuncia',
      json: denuncia({ borrador: pending.borrador, subidas: ids, ...overrides }),
    },
    ...extra,
  ]);
  return t.app.inject({
    method: 'POST',
    url: '/v1/denuncias',
    payload: body,
    headers: { ...h, ...headers(), 'x-borrador': pending.token },
  });
}

const count = async (table: string) =>
  Number((await a.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${table}`))[0]!.n);

async function complaintOf(ticket: number) {
  const [row] = await a.db.query<{ id: string; data_key: string; receipt: string }>(
    'SELECT id, data_key, receipt FROM complaints WHERE ticket = $1',
    [ticket],
  );
  const files = await a.db.query<{ storage_key: string; size_bytes: string }>(
    'SELECT storage_key, size_bytes FROM complaint_files WHERE complaint_id = $1',
    [row!.id],
  );
  const receipt = JSON.parse(JSON.parse(row!.receipt).registro) as {
    archivos: { sha256: string; bytes: number }[];
  };
  return { ...row!, files, receipt };
}

async function sha256Of(t: TestApp, storageKey: string, wrappedKey: string) {
  const key = t.services.keyring.unwrapDataKey(wrappedKey);
  const hash = createHash('sha256');
  for await (const chunk of await t.services.files.read(storageKey, key)) hash.update(chunk);
  return hash.digest('hex');
}

describe('the filing form’s files over tus (pending filing)', () => {
  it('survives two cuts of a 120 MB upload before filing; the complaint adopts the key and its receipt names the SHA-256', async () => {
    const pending = await openPending();
    const [stored] = await a.db.query<{ data_key: string; token_digest: Buffer }>(
      'SELECT data_key, token_digest FROM pending_filings WHERE id = $1',
      [pending.borrador],
    );
    // Only the token's digest is kept.
    expect(Buffer.from(stored!.token_digest).toString('base64url')).not.toBe(pending.token);

    const content = randomBytes(SIZE);
    Buffer.from([0, 0, 0, 0x20, 0x66, 0x74, 0x79, 0x70]).copy(content);
    const sha = createHash('sha256').update(content).digest('hex');

    const { url, offsets, cuts } = await sendThroughCuts(content, {
      ports,
      path: '/v1/denuncias/subidas',
      headers: { ...headers(), 'x-borrador': pending.token },
      filename: 'recorrido.mp4',
      cutsAfter: [40 * 1024 * 1024, 45 * 1024 * 1024],
    });
    expect(cuts).toHaveLength(2);
    expect(offsets[0]).toBe(0);
    expect(offsets.length).toBeGreaterThanOrEqual(3);
    expect(offsets[1]).toBeGreaterThan(20 * 1024 * 1024);
    expect(offsets[2]).toBeGreaterThan(offsets[1]!);

    // The upload is the pending filing's, sealed with its key; no complaint yet.
    const id = url.split('/').at(-1)!;
    const [upload] = await a.db.query<{ complaint_id: string | null; pending_filing_id: string }>(
      'SELECT complaint_id, pending_filing_id FROM resumable_uploads WHERE id = $1',
      [id],
    );
    expect(upload).toEqual({ complaint_id: null, pending_filing_id: pending.borrador });

    const complaintsBefore = await count('complaints');
    const filed = await fileNaming(pending, [id], {}, b);
    expect(filed.statusCode, filed.body).toBe(201);
    expect(await count('complaints')).toBe(complaintsBefore + 1);
    const complaint = await complaintOf(filed.json<{ ticket: number }>().ticket);
    // Adopted: the very wrapped key of the pending filing, no re-encryption.
    expect(complaint.data_key).toBe(stored!.data_key);
    expect(complaint.files).toHaveLength(1);
    expect(Number(complaint.files[0]!.size_bytes)).toBe(SIZE);
    expect(complaint.receipt.archivos).toEqual([{ sha256: sha, bytes: SIZE }]);
    // The complaint opens the file with its own key: the very bytes sent.
    expect(await sha256Of(a, complaint.files[0]!.storage_key, complaint.data_key)).toBe(sha);
    // The pending filing and its upload rows are gone; nothing is left staged.
    expect(await count('pending_filings')).toBe(0);
    expect(await count('resumable_uploads')).toBe(0);
    expect(await count('staged_files')).toBe(0);
    // Its token reaches nothing any more.
    const again = await a.app.inject({
      method: 'POST',
      url: '/v1/denuncias/subidas',
      headers: {
        ...headers(),
        ...TUS,
        'x-borrador': pending.token,
        'upload-length': '100',
        'upload-metadata': `filename ${Buffer.from('a.pdf').toString('base64')}`,
      },
    });
    expect(again.statusCode).toBe(404);
    expect(again.json().message).toMatch(/ya no está disponible/);
  }, 300_000);

  it('refuses unknown, foreign and unfinished uploads and a wrong token with a 400 in Spanish, saving nothing; a filing that fails keeps the pending files', async () => {
    const pending = await openPending();
    const other = await openPending();
    const mine = await sendWhole(pending, 'acta.pdf', pdf(50_000));
    const theirs = await sendWhole(other, 'otro.pdf', pdf(40_000));
    const before = await count('complaints');

    // Unknown upload id.
    const unknown = await fileNaming(pending, ['00000000-0000-4000-8000-000000000000']);
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().message).toBe('Un archivo aún no termina de subirse.');
    // Another pending filing's upload.
    const foreign = await fileNaming(pending, [mine, theirs]);
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().message).toBe('Un archivo aún no termina de subirse.');
    // An upload not finished.
    const created = await a.app.inject({
      method: 'POST',
      url: '/v1/denuncias/subidas',
      headers: {
        ...headers(),
        ...TUS,
        'x-borrador': pending.token,
        'upload-length': '100000',
        'upload-metadata': `filename ${Buffer.from('medio.pdf').toString('base64')}`,
      },
    });
    const unfinished = (created.headers.location as string).split('/').at(-1)!;
    const half = await fileNaming(pending, [mine, unfinished]);
    expect(half.statusCode).toBe(400);
    // Another's pending filing named, or a wrong token, or none.
    const notMine = await fileNaming({ ...pending, borrador: other.borrador }, [mine]);
    expect(notMine.statusCode).toBe(400);
    expect(notMine.json().message).toMatch(/no es válido/);
    const wrongToken = await fileNaming({ ...pending, token: other.token }, [mine]);
    expect(wrongToken.statusCode).toBe(400);
    const unknownPending = await fileNaming(
      { ...pending, borrador: '00000000-0000-4000-8000-000000000001' },
      [mine],
    );
    expect(unknownPending.statusCode).toBe(400);
    // Uploads named without a pending filing.
    const { body, headers: h } = multipart([
      { name: 'denuncia', json: denuncia({ subidas: [mine] }) },
    ]);
    const loose = await a.app.inject({
      method: 'POST',
      url: '/v1/denuncias',
      payload: body,
      headers: { ...h, ...headers() },
    });
    expect(loose.statusCode).toBe(400);
    // A filing that fails validation: the person corrects it and sends again.
    const invalid = await fileNaming(pending, [mine], { relato: '' });
    expect(invalid.statusCode).toBe(400);
    expect(await count('complaints')).toBe(before);
    expect(await count('staged_files')).toBe(0);
    expect(await count('pending_filings')).toBe(2);
    expect(await count('resumable_uploads')).toBe(3);

    // Corrected: filed with its file, sealed with the adopted key. The unfinished upload, not
    // named, goes with the pending filing.
    const filed = await fileNaming(pending, [mine]);
    expect(filed.statusCode, filed.body).toBe(201);
    const complaint = await complaintOf(filed.json<{ ticket: number }>().ticket);
    expect(complaint.files).toHaveLength(1);
    expect(complaint.receipt.archivos[0]!.bytes).toBe(50_000);
    expect(await count('resumable_uploads')).toBe(1);
    expect(await count('staged_files')).toBe(0);
    // Filed once: the same pending filing cannot be adopted again (one key, one complaint).
    const twice = await fileNaming(pending, []);
    expect(twice.statusCode).toBe(400);
    expect(await count('complaints')).toBe(before + 1);
  }, 60_000);

  it('seals the request’s own file parts with the adopted key too, when the denuncia part comes first', async () => {
    const pending = await openPending();
    const sent = await sendWhole(pending, 'uno.pdf', pdf(30_000));
    const extra = pdf(20_000);
    const filed = await fileNaming(pending, [sent], {}, a, [
      { name: 'files', filename: 'dos.pdf', content: extra },
    ]);
    expect(filed.statusCode, filed.body).toBe(201);
    const complaint = await complaintOf(filed.json<{ ticket: number }>().ticket);
    expect(complaint.files).toHaveLength(2);
    const hashes = await Promise.all(
      complaint.files.map((f) => sha256Of(a, f.storage_key, complaint.data_key)),
    );
    expect(hashes).toContain(createHash('sha256').update(extra).digest('hex'));
    expect(complaint.receipt.archivos.map((f) => f.sha256).sort()).toEqual([...hashes].sort());
  });

  it('bounds storage before a complaint exists: 10 uploads per pending filing, the token of one organisation only', async () => {
    const pending = await openPending();
    const create = (token: string, filial = HEAD_OFFICE) =>
      a.app.inject({
        method: 'POST',
        url: '/v1/denuncias/subidas',
        headers: {
          ...headers(filial),
          ...TUS,
          'x-borrador': token,
          'upload-length': '1000',
          'upload-metadata': `filename ${Buffer.from('a.pdf').toString('base64')}`,
        },
      });
    for (let i = 0; i < 10; i++) expect((await create(pending.token)).statusCode).toBe(201);
    const eleventh = await create(pending.token);
    expect(eleventh.statusCode).toBe(400);
    expect(eleventh.json().message).toMatch(/máximo 10 archivos/);
    // Another organisation's portal, or a made-up token: no pending filing there.
    expect((await create(pending.token, CEM)).statusCode).toBe(404);
    expect((await create(randomBytes(32).toString('base64url'))).statusCode).toBe(404);
    // Another pending filing cannot reach these uploads.
    const other = await openPending();
    const [row] = await a.db.query<{ id: string }>(
      'SELECT id FROM resumable_uploads WHERE pending_filing_id = $1 LIMIT 1',
      [pending.borrador],
    );
    const head = await a.app.inject({
      method: 'HEAD',
      url: `/v1/denuncias/subidas/${row!.id}`,
      headers: { ...headers(), ...TUS, 'x-borrador': other.token },
    });
    expect(head.statusCode).toBe(404);
  });

  it('counts pending filings per client like filings', async () => {
    const limited = await buildTestApp({
      clientLimits: { login: 100_000, recovery: 100_000, filing: 2 },
    });
    try {
      await openPending(limited);
      await openPending(limited);
      const third = await limited.app.inject({
        method: 'POST',
        url: '/v1/denuncias/borradores',
        headers: headers(),
      });
      expect(third.statusCode).toBe(429);
      expect(third.json().message).toMatch(/Lo que escribió se conserva/);
    } finally {
      await limited.close();
    }
  });

  it('sweeps an expired pending filing: its uploads’ objects, then its row', async () => {
    const pending = await openPending();
    const id = await sendWhole(pending, 'olvidado.pdf', pdf(60_000));
    const [row] = await a.db.query<{ storage_key: string }>(
      'SELECT storage_key FROM resumable_uploads WHERE id = $1',
      [id],
    );
    const store = a.services.files.store;
    expect(await store.exists(row!.storage_key)).toBe(true);
    // Not yet expired: the sweep leaves it.
    await sweep(a.services);
    expect(await store.exists(row!.storage_key)).toBe(true);
    // The pending filing expires (its upload's own 24 h have not passed).
    await a.db.query(
      `UPDATE pending_filings SET expires_at = now() - interval '1 second' WHERE id = $1`,
      [pending.borrador],
    );
    const gone = await fileNaming(pending, [id]);
    expect(gone.statusCode).toBe(400);
    await sweep(a.services);
    expect(await store.exists(row!.storage_key)).toBe(false);
    expect(await a.db.query('SELECT 1 FROM resumable_uploads WHERE id = $1', [id])).toHaveLength(0);
    expect(
      await a.db.query('SELECT 1 FROM pending_filings WHERE id = $1', [pending.borrador]),
    ).toHaveLength(0);
  });
});
