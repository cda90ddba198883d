import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FileStore } from '../../src/core/files/storage';
import type { ObjectStore } from '../../src/storage';
import { buildTestApp, type TestApp } from '@canal/test-support/app';
import { denuncia, file, login } from '@canal/test-support/complaints';
import { exe, pdf } from '@canal/test-support/files';

const TOKEN = 'metrics-token-0123456789';
let t: TestApp;
/** Which calls of the real store fail, as an unreachable bucket or a full disk would. */
const faults = { put: false, get: false, ping: false };

/** The test app's real store, with calls that fail on demand. */
function flaky(store: ObjectStore): ObjectStore {
  const broken = () => Promise.reject(new Error('almacenamiento no disponible'));
  return {
    kind: store.kind,
    put: (key, source, options) => {
      if (!faults.put) return store.put(key, source, options);
      source.resume();
      return broken();
    },
    get: (key) => (faults.get ? broken() : store.get(key)),
    head: (key) => store.head(key),
    exists: (key) => store.exists(key),
    delete: (key) => store.delete(key),
    ping: () => (faults.ping ? broken() : store.ping()),
    close: () => store.close(),
  };
}

beforeAll(async () => {
  t = await buildTestApp({ env: { METRICS_TOKEN: TOKEN } });
  t.services.files = new FileStore(flaky(t.services.files.store), t.db);
});
afterAll(() => t.close());

const storageErrors = async () => {
  const res = await t.app.inject({
    url: '/metrics',
    headers: { authorization: `Bearer ${TOKEN}` },
  });
  expect(res.statusCode).toBe(200);
  return Object.fromEntries(
    [...res.body.matchAll(/^storage_errors_total\{operation="(\w+)"\} (\d+)$/gm)].map((m) => [
      m[1],
      Number(m[2]),
    ]),
  );
};

describe('storage_errors_total', () => {
  it('counts failed object-store calls by operation, and not uploads refused for their own reasons', async () => {
    expect(await storageErrors()).toEqual({ put: 0, get: 0, delete: 0, ping: 0 });

    // A refused file type and a good filing: no storage error.
    const refused = await file(t.app, denuncia(), [{ filename: 'virus.pdf', content: exe() }]);
    expect(refused.statusCode).toBe(415);
    const created = await file(t.app, denuncia(), [{ filename: 'acta.pdf', content: pdf() }]);
    expect(created.statusCode).toBe(201);
    expect(await storageErrors()).toEqual({ put: 0, get: 0, delete: 0, ping: 0 });

    // The store refuses writes: the filing fails and the write counts.
    faults.put = true;
    const failed = await file(t.app, denuncia(), [{ filename: 'acta.pdf', content: pdf() }]);
    faults.put = false;
    expect(failed.statusCode).toBe(500);
    expect((await storageErrors()).put).toBe(1);

    // The store refuses reads: the download fails and the read counts.
    const { auth } = await login(t.app, created.json().ticket);
    const list = await t.app.inject({
      url: `/v1/denuncias/${created.json().ticket}/adjuntos`,
      headers: auth,
    });
    const [attachment] = list.json() as { path: string }[];
    faults.get = true;
    const download = await t.app.inject({ url: attachment!.path });
    faults.get = false;
    expect(download.statusCode).toBe(500);
    expect((await storageErrors()).get).toBe(1);

    // Readiness probes that fail count too.
    faults.ping = true;
    expect((await t.app.inject({ url: '/readyz' })).statusCode).toBe(503);
    faults.ping = false;
    expect(await storageErrors()).toEqual({ put: 1, get: 1, delete: 0, ping: 1 });
  });
});
