import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliDecompressSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app';
import { buildTestApp, type TestApp } from '@canal/test-support/app';

/**
 * Decision 0078, the API's side: a portal built with its server renderer (`<dist>-server/
 * entry-server.js`) has its pages answered by it, with what the API hands it (the host, the
 * runtime configuration, index.html and the organisation's master-data answers from the
 * catalogue); a path the renderer does not write, or a renderer that fails, gets index.html.
 * The real renderer and what it writes are tested end to end (apps/web/e2e/server-rendered.e2e.ts).
 */

let t: TestApp;
let app: Awaited<ReturnType<typeof buildApp>>;

// A renderer with the web build's interface: it echoes what it was handed, so the test reads it;
// its failure names the address it was asked for, as an error of a real render may.
const renderer = `
export async function renderPortalPage({ url, host, config, template, masterData, privacyNotice }) {
  if (url.includes('falla')) throw new Error('render failed at ' + url);
  if (!/^\\/(pagina|restablecer-contrasena|confirmar-correo|detalle-denuncia\\/9)/.test(url)) return null;
  const org = '8bf201dc-9a12-4b68-80fa-7afd360c0f94';
  const answers = await masterData(org);
  const categories = JSON.parse(answers.delitos);
  const notice = JSON.parse(await privacyNotice(org));
  return {
    status: url === '/pagina-404' ? 404 : 200,
    html: template.replace(
      '<div id="root"></div>',
      '<div id="root" data-ssr>' + JSON.stringify({ host, config, categories: categories.length, notice }) + '</div>',
    ),
  };
}
`;

/** What the app logged (JSON lines). */
const logged: string[] = [];

beforeAll(async () => {
  t = await buildTestApp();
  const dist = path.join(t.dataDir, 'dist');
  mkdirSync(path.join(dist, 'assets'), { recursive: true });
  writeFileSync(path.join(dist, 'assets/index-abc123.css'), '.marca{color:red}');
  writeFileSync(
    path.join(dist, 'index.html'),
    '<!doctype html><html><head><!--canal-config--><script type="module" crossorigin src="/assets/index-abc123.js"></script><link rel="modulepreload" crossorigin href="/assets/react-abc123.js"><link rel="stylesheet" crossorigin href="/assets/index-abc123.css"></head><body><div id="root"></div></body></html>',
  );
  mkdirSync(`${dist}-server`, { recursive: true });
  writeFileSync(path.join(`${dist}-server`, 'entry-server.js'), renderer);
  app = await buildApp(t.services, {
    logger: { level: 'info', stream: { write: (line: string) => void logged.push(line) } },
    webDist: dist,
  });
});
afterAll(async () => {
  await app.close();
  await t.close();
});

describe('pages rendered on the server', () => {
  it("answers the renderer's page with the host, the runtime config, the catalogue's lists and the styles inline", async () => {
    const res = await app.inject({
      method: 'GET',
      url: '/pagina',
      headers: { host: 'clinica-atacama.localhost:3000' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.headers['content-security-policy']).toContain("script-src 'self'");
    const root = /<div id="root" data-ssr>(.*)<\/div>/.exec(res.body)?.[1];
    const shown = JSON.parse(root!) as {
      host: string;
      config: { portalPrefix: string; production: boolean };
      categories: number;
      notice: unknown;
    };
    expect(shown.host).toBe('clinica-atacama.localhost:3000');
    expect(shown.config).toEqual({ portalPrefix: 'canaldenuncias', production: false });
    expect(shown.categories).toBeGreaterThan(0);
    // The privacy notice's answer, as GET /v1/aviso-privacidad gives it.
    const notice = await app.inject({
      method: 'GET',
      url: '/v1/aviso-privacidad',
      headers: { 'x-filial': '8bf201dc-9a12-4b68-80fa-7afd360c0f94' },
    });
    expect(shown.notice).toEqual(notice.json());
    // index.html as the API sends it, runtime configuration included, its stylesheet written in.
    expect(res.body).toContain('<meta name="canal-config"');
    // Its link stays disabled, so the code's loader finds it (a disabled stylesheet is not fetched).
    expect(res.body).toContain(
      '<style>.marca{color:red}</style><link rel="stylesheet" crossorigin href="/assets/index-abc123.css" disabled>',
    );
    // The page needs no code to be read: its code is asked for once it has painted (arranque.js).
    expect(res.body).toContain(
      '<script src="/arranque.js" defer data-entrada="/assets/index-abc123.js" data-precarga="/assets/react-abc123.js"></script>',
    );
    expect(res.body).not.toContain('type="module"');
    expect(res.body).not.toContain('modulepreload');
  });

  it("asks for the detail page's code at once: its complaint needs it", async () => {
    const res = await app.inject({ method: 'GET', url: '/detalle-denuncia/912345678901' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('data-ssr');
    expect(res.body).toContain(
      '<script type="module" crossorigin src="/assets/index-abc123.js"></script><link rel="modulepreload" crossorigin href="/assets/react-abc123.js">',
    );
    expect(res.body).not.toContain('arranque.js');
  });

  it('keeps the status the renderer gives and compresses the page for a browser that accepts it', async () => {
    const res = await app.inject({
      method: 'GET',
      url: '/pagina-404',
      headers: { 'accept-encoding': 'gzip, br' },
    });
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(res.rawPayload).toString()).toContain('data-ssr');
  });

  it('sends index.html for a path the renderer does not write, and when it fails', async () => {
    for (const url of ['/detalle-denuncia/123456789012', '/falla', '/gestion/casos/4']) {
      const res = await app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(200);
      expect(res.body).toContain('<div id="root"></div>');
      expect(res.body).not.toContain('data-ssr');
      expect(res.body).toContain('rel="stylesheet"');
      expect(res.body).toContain(
        '<script type="module" crossorigin src="/assets/index-abc123.js">',
      );
    }
  });

  it('lets no cache keep a page whose address carries a token, and keeps the token out of the log', async () => {
    for (const url of [
      '/restablecer-contrasena/tok-SECRETO-1',
      '/confirmar-correo/tok-SECRETO-2',
    ]) {
      const res = await app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(200);
      expect(res.body).toContain('data-ssr');
      expect(res.headers['cache-control']).toBe('no-store');
    }
    // A render that fails: index.html, not kept either, and a log line without the address.
    logged.length = 0;
    const res = await app.inject({ method: 'GET', url: '/restablecer-contrasena/falla-SECRETO-3' });
    expect(res.statusCode).toBe(200);
    expect(res.body).not.toContain('data-ssr');
    expect(res.headers['cache-control']).toBe('no-store');
    const failure = logged.find((line) => line.includes('la página no se pudo generar'));
    expect(failure).toContain('render failed at (ruta del portal)');
    expect(logged.join('')).not.toContain('SECRETO');
    // Other pages may be kept, checked again before each use.
    expect((await app.inject({ method: 'GET', url: '/pagina' })).headers['cache-control']).toBe(
      'no-cache',
    );
  });
});
