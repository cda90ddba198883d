import { createCipheriv, randomBytes } from 'node:crypto';
import { get } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signFileLink } from '../../src/portal/files/signed-url';
import { ERRORS } from '../../src/errors';
import { sweep } from '../../src/runtime';
import { buildTestApp, type TestApp } from '@canal/test-support/app';
import { denuncia, file } from '@canal/test-support/complaints';
import { pdf } from '@canal/test-support/files';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const objectBytes = async (key: string) => {
  const chunks: Buffer[] = [];
  for await (const chunk of await t.services.files.store.get(key)) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
};
const replaceObject = (key: string, bytes: Buffer) =>
  t.services.files.store.put(key, Readable.from([bytes]));

/** Files a complaint with one PDF of `size` bytes; its file row, data key and download link. */
async function filedPdf(size: number) {
  const content = Buffer.concat([pdf(), randomBytes(size)]).subarray(0, size);
  const res = await file(t.app, denuncia(), [{ filename: 'acta.pdf', content }]);
  expect(res.statusCode).toBe(201);
  const [row] = await t.db.query<{ id: string; storage_key: string; data_key: string }>(
    `SELECT f.id, f.storage_key, c.data_key FROM complaint_files f
       JOIN complaints c ON c.id = f.complaint_id WHERE c.ticket = $1`,
    [res.json().ticket],
  );
  return {
    ...row!,
    content,
    key: t.services.keyring.unwrapDataKey(row!.data_key),
    link: signFileLink(t.services.portal.fileLinkSecret, row!.id),
  };
}

describe('files in the object store', () => {
  it('are written to their final key, committed with the complaint, and read back', async () => {
    const f = await filedPdf(200_000);
    expect(await t.services.files.store.exists(f.storage_key)).toBe(true);
    expect(
      await t.db.query('SELECT 1 FROM staged_files WHERE storage_key = $1', [f.storage_key]),
    ).toEqual([]);
    const res = await t.app.inject({ method: 'GET', url: f.link });
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload.equals(f.content)).toBe(true);
  });

  it('answers a neutral 500 before any byte when the first stored segment was altered', async () => {
    const f = await filedPdf(200_000);
    const stored = await objectBytes(f.storage_key);
    stored[32 + 100]! ^= 1;
    await replaceObject(f.storage_key, stored);
    const res = await t.app.inject({ method: 'GET', url: f.link });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({ message: ERRORS.FILE_INTEGRITY.message });
  });

  it('cuts the transfer short (no complete 200) when a later segment was altered', async () => {
    const f = await filedPdf(300_000);
    const stored = await objectBytes(f.storage_key);
    stored[stored.length - 1000]! ^= 1;
    await replaceObject(f.storage_key, stored);
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as AddressInfo;
    const outcome = await new Promise<{ status: number; length: number; got: number; ok: boolean }>(
      (resolve) => {
        get({ host: '127.0.0.1', port, path: f.link }, (res) => {
          let got = 0;
          res.on('data', (c: Buffer) => (got += c.length));
          const done = (ok: boolean) =>
            resolve({
              status: res.statusCode!,
              length: Number(res.headers['content-length']),
              got,
              ok,
            });
          res.on('end', () => done(res.complete));
          res.on('error', () => done(false));
          res.on('aborted', () => done(false));
        });
      },
    );
    expect(outcome.status).toBe(200);
    expect(outcome.length).toBe(f.content.length);
    expect(outcome.ok).toBe(false);
    expect(outcome.got).toBeLessThan(f.content.length);
  });

  it('still reads files stored in the legacy v1 format (one tag at the end)', async () => {
    const f = await filedPdf(150_000);
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', f.key, iv);
    const v1 = Buffer.concat([iv, cipher.update(f.content), cipher.final(), cipher.getAuthTag()]);
    await replaceObject(f.storage_key, v1);
    const res = await t.app.inject({ method: 'GET', url: f.link });
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload.equals(f.content)).toBe(true);
  });
});

describe('the sweep of staged files', () => {
  it('deletes objects staged over an hour ago, keeps young staged ones and committed files', async () => {
    const committed = await filedPdf(10_000);
    const stage = () =>
      t.services.files.stage(Readable.from([pdf('borrador')]), 'pdf', randomBytes(32));
    const old = await stage();
    const young = await stage();
    await t.db.query(
      `UPDATE staged_files SET staged_at = now() - interval '61 minutes' WHERE storage_key = $1`,
      [old.storageKey],
    );
    const result = await sweep(t.services);
    expect(result.staged).toBe(1);
    expect(await t.services.files.store.exists(old.storageKey)).toBe(false);
    expect(await t.services.files.store.exists(young.storageKey)).toBe(true);
    expect(await t.services.files.store.exists(committed.storage_key)).toBe(true);
    const rows = await t.db.query<{ storage_key: string }>('SELECT storage_key FROM staged_files');
    expect(rows.map((r) => r.storage_key)).toEqual([young.storageKey]);
    await t.services.files.discard([young]);
  });

  it('makes a commit fail when the sweep took one of its files first', async () => {
    const staged = await t.services.files.stage(Readable.from([pdf()]), 'pdf', randomBytes(32));
    await sweep(t.services, 0);
    await expect(
      t.db.transaction((tx) => t.services.files.commitStaged(tx, [staged])),
    ).rejects.toThrow(/swept/);
    expect(await t.services.files.store.exists(staged.storageKey)).toBe(false);
  });
});
