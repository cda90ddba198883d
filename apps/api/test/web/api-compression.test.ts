import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { acceptedEncoding, COMPRESSION_THRESHOLD } from '../../src/http/compression';
import { buildTestApp, type TestApp } from '@canal/test-support/app';
import { headers } from '@canal/test-support/complaints';

// JSON answers of the API above a threshold are compressed as the client accepts (decision 0025).
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

// The API's OpenAPI document: a JSON answer of a route under /v1 far above the threshold.
const get = (acceptEncoding?: string) =>
  t.app.inject({
    method: 'GET',
    url: '/v1/docs/json',
    headers: acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding },
  });

describe('compression of API JSON', () => {
  it('sends gzip or brotli as accepted, decoding to the same JSON', async () => {
    const plain = await get();
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['content-type']).toMatch(/^application\/json/);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers.vary).toContain('accept-encoding');
    expect(plain.rawPayload.length).toBeGreaterThan(COMPRESSION_THRESHOLD);

    const zipped = await get('gzip, deflate');
    expect(zipped.headers['content-encoding']).toBe('gzip');
    expect(zipped.rawPayload.length).toBeLessThan(plain.rawPayload.length / 2);
    expect(JSON.parse(gunzipSync(zipped.rawPayload).toString('utf8'))).toEqual(plain.json());

    const brotli = await get('gzip, deflate, br');
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(JSON.parse(brotliDecompressSync(brotli.rawPayload).toString('utf8'))).toEqual(
      plain.json(),
    );
    // The security headers stay on a compressed answer.
    expect(brotli.headers['x-content-type-options']).toBe('nosniff');
  });

  it('leaves small answers, and a client that refuses both encodings, uncompressed', async () => {
    const small = await t.app.inject({
      method: 'GET',
      url: '/v1/denuncias/123456789012',
      headers: { ...headers(), 'accept-encoding': 'gzip, br' },
    });
    expect(small.rawPayload.length).toBeLessThan(COMPRESSION_THRESHOLD);
    expect(small.headers['content-encoding']).toBeUndefined();
    const refused = await get('gzip;q=0, br;q=0, identity');
    expect(refused.headers['content-encoding']).toBeUndefined();
    expect(() => refused.json()).not.toThrow();
  });

  it('reads Accept-Encoding: brotli first, q=0 refuses, * counts', () => {
    expect(acceptedEncoding(undefined)).toBeNull();
    expect(acceptedEncoding('identity')).toBeNull();
    expect(acceptedEncoding('gzip')).toBe('gzip');
    expect(acceptedEncoding('gzip, deflate, br, zstd')).toBe('br');
    expect(acceptedEncoding('br;q=0, gzip;q=0.5')).toBe('gzip');
    expect(acceptedEncoding('*')).toBe('br');
    expect(acceptedEncoding('*, br;q=0')).toBe('gzip');
  });
});
