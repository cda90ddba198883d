import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, portalIndexHtml } from '../../src/app';
import { buildTestApp, type TestApp } from '@canal/test-support/app';

let t: TestApp;
let app: Awaited<ReturnType<typeof buildApp>>;
const script = `console.log(${JSON.stringify('x'.repeat(4000))});`;

beforeAll(async () => {
  t = await buildTestApp();
  // A built portal as Vite leaves it: index.html with the config marker, hashed assets and their .br.
  const dist = path.join(t.dataDir, 'dist');
  mkdirSync(path.join(dist, 'assets'), { recursive: true });
  writeFileSync(
    path.join(dist, 'index.html'),
    '<!doctype html><html><head><!--canal-config--></head><body><div id="root"></div></body></html>',
  );
  writeFileSync(path.join(dist, 'assets/index-abc123.js'), script);
  writeFileSync(path.join(dist, 'assets/index-abc123.js.br'), brotliCompressSync(script));
  writeFileSync(path.join(dist, 'ley-21643.pdf'), '%PDF-1.4\n');
  app = await buildApp(t.services, { logger: false, webDist: dist });
});
afterAll(async () => {
  await app.close();
  await t.close();
});

describe('serving the portal', () => {
  it('answers every client route with index.html carrying the runtime config', async () => {
    for (const url of [
      '/',
      '/ingresar-denuncia',
      '/detalle-denuncia/123456789012',
      '/gestion/casos/4',
    ]) {
      const res = await app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toContain('text/html');
      expect(res.body).toContain(
        '<meta name="canal-config" content="{&quot;portalPrefix&quot;:&quot;canaldenuncias&quot;,&quot;production&quot;:false,&quot;botCheck&quot;:&quot;off&quot;,&quot;recaptchaSiteKey&quot;:null}" />',
      );
      expect(res.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    }
  });

  it("carries the bot check's settings as GET /v1/configuracion answers them, not the secret (issue 26)", async () => {
    const pageConfig = (html: string) =>
      JSON.parse(
        /<meta name="canal-config" content="([^"]*)"/.exec(html)![1]!.replace(/&quot;/g, '"'),
      ) as Record<string, unknown>;
    const page = pageConfig((await app.inject({ method: 'GET', url: '/' })).body);
    const api = (await app.inject({ method: 'GET', url: '/v1/configuracion' })).json();
    expect(api).toEqual({ botCheck: 'off', recaptchaSiteKey: null });
    expect(page).toMatchObject(api);
    // With reCAPTCHA, its site key (public: it is in every reCAPTCHA page) rides along.
    const withRecaptcha = portalIndexHtml('<!--canal-config-->', {
      ...t.services,
      config: {
        ...t.services.config,
        RECAPTCHA_SITE_KEY: 'clave-publica',
        RECAPTCHA_SECRET: 'secreto-del-servidor',
      },
      portal: { ...t.services.portal, botCheck: { mode: 'recaptcha', verify: async () => true } },
    });
    expect(pageConfig(withRecaptcha)).toMatchObject({
      botCheck: 'recaptcha',
      recaptchaSiteKey: 'clave-publica',
    });
    // Only the public key: the secret never reaches a page.
    expect(withRecaptcha).not.toContain('secreto-del-servidor');
  });

  it('sends the precompressed asset to a browser that accepts it, cacheable for good', async () => {
    const res = await app.inject({
      method: 'GET',
      url: '/assets/index-abc123.js',
      headers: { 'accept-encoding': 'br, gzip' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(res.rawPayload).toString()).toBe(script);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const plain = await app.inject({ method: 'GET', url: '/assets/index-abc123.js' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(script);
  });

  it('serves the documents at the root, and an unknown API path as a JSON 404, not the page', async () => {
    expect(
      (await app.inject({ method: 'GET', url: '/ley-21643.pdf' })).headers['content-type'],
    ).toContain('application/pdf');
    const api = await app.inject({ method: 'GET', url: '/v1/no-existe' });
    expect(api.statusCode).toBe(404);
    expect(api.json()).toEqual({ message: 'El recurso solicitado no existe.' });
  });
});
