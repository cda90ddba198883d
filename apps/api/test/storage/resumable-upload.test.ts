import { createHash, randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listeningPair, type ListeningPair, type TestApp } from '@canal/test-support/app';
import { EMAIL, fileAndLogin } from '@canal/test-support/complaints';
import { multipart } from '@canal/test-support/multipart';
import { sendThroughCuts } from '@canal/test-support/tus';
import { encryptedSize, isV2Header } from '../../src/crypto/file-cipher';
import { tusRefusal } from '../../src/core/files/resumable';
import { createResumableStore } from '../../src/core/files/resumable-http';
import { sweep } from '../../src/runtime';

// Issue 21: a 120 MB upload over tus through a proxy that cuts the connection twice in the middle;
// the upload resumes on the other instance (two app instances on one database and one object
// store) and the stored file, decrypted, has the very bytes sent.
const SIZE = 120 * 1024 * 1024;
let pair: ListeningPair;
let a: TestApp;
let b: TestApp;
let ports: number[];
beforeAll(async () => {
  pair = await listeningPair();
  ({ a, b, ports } = pair);
}, 180_000);
afterAll(() => pair.close());

describe('resumable uploads (tus)', () => {
  it('survives two cuts of a 120 MB upload, resuming on the other instance, with the same bytes', async () => {
    const c = await fileAndLogin(a.app);
    await a.db.query('UPDATE complaints SET status = $2 WHERE ticket = $1', [
      c.ticket,
      'Faltan antecedentes',
    ]);
    const content = randomBytes(SIZE);
    // An MP4 by its magic bytes: a box size, then "ftyp".
    Buffer.from([0, 0, 0, 0x20, 0x66, 0x74, 0x79, 0x70]).copy(content);
    const sha = createHash('sha256').update(content).digest('hex');

    // The proxy cuts the connection that carries the 40th MB, then the one that carries the 85th,
    // and the connections after each cut go to the other instance.
    const { url, offsets, cuts } = await sendThroughCuts(content, {
      ports,
      path: '/v1/denuncias/subidas',
      headers: c.auth,
      filename: 'recorrido.mp4',
      cutsAfter: [40 * 1024 * 1024, 45 * 1024 * 1024],
    });
    expect(cuts).toHaveLength(2);
    // It resumed twice, from where the sealed segments ended, not from the start.
    expect(offsets[0]).toBe(0);
    expect(offsets.length).toBeGreaterThanOrEqual(3);
    expect(offsets[1]).toBeGreaterThan(20 * 1024 * 1024);
    expect(offsets[2]).toBeGreaterThan(offsets[1]!);
    expect(offsets.every((o) => o % 65_536 === 0)).toBe(true);

    // Nothing is the complaint's until the entry names it; then it is, on either instance.
    const id = url.split('/').at(-1)!;
    const before = await a.db.query('SELECT 1 FROM complaint_files');
    const { body, headers: h } = multipart([
      {
        name: 'bitacora',
        json: {
          codigo: c.ticket,
          comentario: 'Video del recorrido',
          usuario: EMAIL,
          subidas: [id],
        },
      },
    ]);
    const attached = await b.app.inject({
      method: 'POST',
      url: '/v1/denuncias/upload-files',
      payload: body,
      headers: { ...h, ...c.auth },
    });
    expect(attached.statusCode).toBe(201);
    const [file] = await a.db.query<{ storage_key: string; size_bytes: string }>(
      `SELECT storage_key, size_bytes FROM complaint_files f JOIN complaints c ON c.id = f.complaint_id
        WHERE c.ticket = $1`,
      [c.ticket],
    );
    expect((await a.db.query('SELECT 1 FROM complaint_files')).length).toBe(before.length + 1);
    expect(Number(file!.size_bytes)).toBe(SIZE);

    // Stored sealed in the v2 format, and decrypted it is the very file.
    const store = a.services.files.store;
    const stored = await store.head(file!.storage_key);
    expect(stored?.bytes).toBe(encryptedSize(SIZE));
    const head = Buffer.alloc(32);
    for await (const chunk of await store.get(file!.storage_key)) {
      (chunk as Buffer).copy(head, 0, 0, 32);
      break;
    }
    expect(isV2Header(head)).toBe(true);
    const [row] = await a.db.query<{ data_key: string }>(
      'SELECT data_key FROM complaints WHERE ticket = $1',
      [c.ticket],
    );
    const key = b.services.keyring.unwrapDataKey(row!.data_key);
    const hash = createHash('sha256');
    for await (const chunk of await b.services.files.read(file!.storage_key, key))
      hash.update(chunk as Buffer);
    expect(hash.digest('hex')).toBe(sha);
    // The upload's row and parts are gone; nothing is left staged.
    expect(await a.db.query('SELECT 1 FROM resumable_uploads')).toHaveLength(0);
    expect(await a.db.query('SELECT 1 FROM staged_files')).toHaveLength(0);
  }, 300_000);

  it('refuses a file whose first bytes are not its type before keeping any, and sweeps what expires', async () => {
    const c = await fileAndLogin(a.app);
    await a.db.query('UPDATE complaints SET status = $2 WHERE ticket = $1', [
      c.ticket,
      'Faltan antecedentes',
    ]);
    const tusHeaders = { ...c.auth, 'tus-resumable': '1.0.0' };
    const create = (name: string, size: number) =>
      a.app.inject({
        method: 'POST',
        url: '/v1/denuncias/subidas',
        headers: {
          ...tusHeaders,
          'upload-length': String(size),
          'upload-metadata': `filename ${Buffer.from(name).toString('base64')}`,
        },
      });
    const patch = (location: string, body: Buffer) =>
      b.app.inject({
        method: 'PATCH',
        url: location,
        headers: {
          ...tusHeaders,
          'content-type': 'application/offset+octet-stream',
          'upload-offset': '0',
        },
        payload: body,
      });

    // Over 120 MB, or a type not allowed: refused at creation.
    expect((await create('grande.mp4', 125_829_121)).statusCode).toBe(413);
    expect((await create('programa.exe', 10)).statusCode).toBe(415);
    // A ".pdf" that is not a PDF: refused with the API's Spanish message, nothing kept.
    const created = await create('informe.pdf', 200_000);
    expect(created.statusCode).toBe(201);
    const location = created.headers.location as string;
    const refused = await patch(location, randomBytes(200_000));
    expect(refused.statusCode).toBe(415);
    expect(JSON.parse(refused.body).message).toMatch(/no está permitido/);
    expect(await a.db.query('SELECT 1 FROM resumable_uploads')).toHaveLength(0);
    expect(await a.db.query('SELECT 1 FROM staged_files')).toHaveLength(0);

    // Another complainant's session cannot see or write the upload.
    const other = await fileAndLogin(a.app);
    const good = await create('acta.pdf', 100_000);
    const goodLocation = good.headers.location as string;
    const head = await a.app.inject({
      method: 'HEAD',
      url: goodLocation,
      headers: { ...other.auth, 'tus-resumable': '1.0.0' },
    });
    expect(head.statusCode).toBe(404);

    // A finished upload never attached is not the complaint's, and expires with its objects.
    const pdfBytes = Buffer.concat([Buffer.from('%PDF-1.4\n'), randomBytes(100_000 - 9)]);
    expect((await patch(goodLocation, pdfBytes)).statusCode).toBe(204);
    const [row] = await a.db.query<{ storage_key: string }>(
      'SELECT storage_key FROM resumable_uploads',
    );
    expect(await a.services.files.store.exists(row!.storage_key)).toBe(true);
    await a.db.query(`UPDATE resumable_uploads SET expires_at = now() - interval '1 second'`);
    await sweep(a.services);
    expect(await a.services.files.store.exists(row!.storage_key)).toBe(false);
    expect(await a.db.query('SELECT 1 FROM resumable_uploads')).toHaveLength(0);
    const attached = await a.db.query(
      `SELECT 1 FROM complaint_files f JOIN complaints c ON c.id = f.complaint_id
        WHERE c.ticket = $1`,
      [c.ticket],
    );
    expect(attached).toHaveLength(0);
  });

  it('leaves a refused PATCH body for tus to close with the refusal, so that every Node answers the refusal', async () => {
    // On Node 20, a store that destroys the body as it refuses (leaving a for-await over it)
    // makes tus's pipeline fail with that AbortError first, and tus answers 400 instead of 415
    // (the test above, on Node 20). On Node 24 the answer is right either way: this catches it.
    const c = await fileAndLogin(a.app);
    await a.db.query('UPDATE complaints SET status = $2 WHERE ticket = $1', [
      c.ticket,
      'Faltan antecedentes',
    ]);
    const created = await a.app.inject({
      method: 'POST',
      url: '/v1/denuncias/subidas',
      headers: {
        ...c.auth,
        'tus-resumable': '1.0.0',
        'upload-length': '200000',
        'upload-metadata': `filename ${Buffer.from('informe.pdf').toString('base64')}`,
      },
    });
    expect(created.statusCode).toBe(201);
    const id = (created.headers.location as string).split('/').at(-1)!;
    const body = Readable.from([randomBytes(200_000)]);
    await expect(createResumableStore(a.services).write(body, id, 0)).rejects.toEqual(
      tusRefusal('FILE_TYPE_NOT_ALLOWED'),
    );
    expect(body.destroyed).toBe(false);
    body.destroy();
    expect(await a.db.query('SELECT 1 FROM resumable_uploads WHERE id = $1', [id])).toHaveLength(0);
  });
});
