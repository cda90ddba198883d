import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app';
import { buildTestApp, type TestApp } from '@canal/test-support/app';
import { denuncia, EMAIL, fileAndLogin, headers } from '@canal/test-support/complaints';
import { pdf } from '@canal/test-support/files';
import { file } from '@canal/test-support/complaints';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const SECRETS = {
  description: 'Relato confidencial: el gerente Pérez recibió dinero del proveedor Acme.',
  rut: '12345678-5',
  name: 'Josefina Alejandra',
  surname: 'Valenzuela',
  email: 'josefina.valenzuela@correo.cl',
  phone: '987654321',
  comment: 'Comentario privado sobre la reunión del lunes',
  otherPlace: 'Bodega trasera de la planta',
  fileName: 'nombre-del-testigo.pdf',
};

describe('encryption at rest', () => {
  it('leaves no plaintext description, RUT, name, e-mail, phone, comment or file name in any table', async () => {
    const payload = denuncia({
      relato: SECRETS.description,
      denuncia_ticket: { email: SECRETS.email, pass: 'Segura#2024' },
      email_contacto: SECRETS.email,
      agencia_id: undefined,
      otro_lugar: SECRETS.otherPlace,
      denunciante: {
        apellido_materno: 'Soto',
        apellido_paterno: SECRETS.surname,
        email: SECRETS.email,
        fono: SECRETS.phone,
        nombres: SECRETS.name,
        rut: SECRETS.rut,
      },
    });
    const created = await file(t.app, payload, [
      { filename: SECRETS.fileName, content: pdf(SECRETS.description.slice(0, 20)) },
    ]);
    expect(created.statusCode).toBe(201);
    const login = await t.app.inject({
      method: 'POST',
      url: '/v1/denuncias/login',
      headers: headers(),
      payload: { ticket: created.json().ticket, password: 'Segura#2024' },
    });
    await t.app.inject({
      method: 'POST',
      url: '/v1/denuncias/add-comentario',
      headers: { ...headers(), authorization: `Bearer ${login.json().token}` },
      payload: { comentario: SECRETS.comment, denuncia_id: created.json().ticket },
    });

    const tables = await t.db.query<{ table_name: string }>(
      `SELECT table_name FROM information_schema.tables WHERE table_schema = current_schema() AND table_type = 'BASE TABLE'`,
    );
    expect(tables.length).toBeGreaterThan(10);
    let dump = '';
    for (const { table_name } of tables) {
      const rows = await t.db.query(`SELECT * FROM ${table_name}`);
      dump += JSON.stringify(rows);
    }
    expect(dump).toContain(String(created.json().ticket));
    for (const secret of Object.values(SECRETS)) expect(dump).not.toContain(secret);
    expect(dump.toLowerCase()).not.toContain(SECRETS.email.toLowerCase());
  });

  it('stores uploaded files encrypted in the object store', async () => {
    const marker = 'MARCADOR-UNICO-DEL-ARCHIVO';
    const created = await file(t.app, denuncia(), [{ filename: 'a.pdf', content: pdf(marker) }]);
    expect(created.statusCode).toBe(201);
    const keys = await t.db.query<{ storage_key: string }>(
      'SELECT storage_key FROM complaint_files',
    );
    const contents: string[] = [];
    for (const { storage_key } of keys) {
      const chunks: Buffer[] = [];
      for await (const chunk of await t.services.files.store.get(storage_key))
        chunks.push(chunk as Buffer);
      contents.push(Buffer.concat(chunks).toString('latin1'));
    }
    expect(contents.length).toBeGreaterThan(0);
    for (const c of contents) {
      expect(c).not.toContain(marker);
      expect(c.startsWith('%PDF')).toBe(false);
    }
  });
});

describe('logs', () => {
  it('write no IP address, user agent, ticket or e-mail', async () => {
    const lines: string[] = [];
    const stream = new Writable({
      write(chunk, _enc, done) {
        lines.push(String(chunk));
        done();
      },
    });
    const app = await buildApp(t.services, {
      logger: { level: 'info', stream },
      webDist: '/nonexistent',
    });
    const { ticket, auth } = await fileAndLogin(app);
    await app.inject({
      method: 'GET',
      url: `/v1/denuncias/${ticket}`,
      headers: { ...auth, 'user-agent': 'NavegadorSecreto/1.0', 'x-forwarded-for': '203.0.113.9' },
      remoteAddress: '198.51.100.7',
    });
    await app.inject({ method: 'GET', url: '/v1/no-existe', remoteAddress: '198.51.100.7' });
    await app.close();
    const log = lines.join('');
    expect(log.length).toBeGreaterThan(0);
    for (const forbidden of [
      '198.51.100.7',
      '203.0.113.9',
      '127.0.0.1',
      'NavegadorSecreto',
      String(ticket),
      EMAIL,
    ]) {
      expect(log).not.toContain(forbidden);
    }
  });
});

describe('security headers', () => {
  it('are on API answers, errors included', async () => {
    for (const res of [
      await t.app.inject({ method: 'GET', url: '/v1/datos-maestros/zonas', headers: headers() }),
      await t.app.inject({ method: 'GET', url: '/v1/denuncias/123456789012', headers: headers() }),
      await t.app.inject({ method: 'GET', url: '/v1/nada' }),
    ]) {
      expect(res.headers['content-type']).toMatch(/^application\/json/);
      expect(res.headers['referrer-policy']).toBe('no-referrer');
      expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
      expect(res.headers['cross-origin-resource-policy']).toBe('same-origin');
      expect(res.headers['permissions-policy']).toContain('camera=()');
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['cache-control']).toMatch(/no-store|no-cache/);
    }
    const error = await t.app.inject({
      method: 'GET',
      url: '/v1/denuncias/123456789012',
      headers: headers(),
    });
    expect(error.headers['cache-control']).toBe('no-store');
  });

  it('keep JSON lean: nosniff and no-store, no CSP (HTML only) and none of the page-only headers', async () => {
    for (const res of [
      await t.app.inject({ method: 'GET', url: '/v1/datos-maestros/zonas', headers: headers() }),
      // The same route spelled with an encoded path is still an API route.
      await t.app.inject({ method: 'GET', url: '/%761/datos-maestros/zonas', headers: headers() }),
    ]) {
      expect(res.headers['content-type']).toMatch(/^application\/json/);
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['content-security-policy']).toBeUndefined();
      for (const pageOnly of [
        'origin-agent-cluster',
        'x-dns-prefetch-control',
        'x-download-options',
      ])
        expect(res.headers[pageOnly], pageOnly).toBeUndefined();
    }
    const error = await t.app.inject({
      method: 'GET',
      url: '/v1/denuncias/123456789012',
      headers: headers(),
    });
    expect(error.headers['cache-control']).toBe('no-store');
    expect(error.headers['content-security-policy']).toBeUndefined();
  });

  it("give the portal's pages their own CSP, computed once and the same on every page", async () => {
    const dist = mkdtempSync(path.join(tmpdir(), 'canal-csp-'));
    writeFileSync(
      path.join(dist, 'index.html'),
      '<!doctype html><title>x</title><!--canal-config-->',
    );
    const app = await buildApp(t.services, { logger: false, webDist: dist });
    try {
      const [home, form] = await Promise.all(
        ['/', '/ingresar-denuncia'].map((url) => app.inject({ method: 'GET', url })),
      );
      const csp = home!.headers['content-security-policy'] as string;
      expect(csp).toContain("default-src 'self'");
      expect(csp).toContain("script-src 'self'");
      expect(csp).toContain("frame-ancestors 'none'");
      expect(home!.headers['content-type']).toMatch(/^text\/html/);
      expect(home!.headers['x-content-type-options']).toBe('nosniff');
      expect(form!.headers['content-security-policy']).toBe(csp);
      expect(home!.headers['permissions-policy']).toContain('camera=()');
      expect(home!.headers['referrer-policy']).toBe('no-referrer');
    } finally {
      await app.close();
      rmSync(dist, { recursive: true, force: true });
    }
  });

  it('answers a 500 without details', async () => {
    const app = await buildApp(t.services, { logger: false, webDist: '/nonexistent' });
    app.get('/v1/falla', async () => {
      throw new Error('detalle interno: tabla complaints columna password_hash');
    });
    const res = await app.inject({ method: 'GET', url: '/v1/falla' });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({
      message: 'Ocurrió un error inesperado. Intente nuevamente más tarde.',
    });
    await app.close();
  });

  it('answers 400 in Spanish to malformed JSON and 413 to a body over 1 MiB', async () => {
    const bad = await t.app.inject({
      method: 'POST',
      url: '/v1/denuncias/login',
      headers: { ...headers(), 'content-type': 'application/json' },
      payload: '{"ticket": 12',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('El contenido enviado no tiene un formato válido.');
    const big = await t.app.inject({
      method: 'POST',
      // A route open to anyone (a signed-in one now answers 401 before it reads the body).
      url: '/v1/denuncias/login',
      headers: { ...headers(), 'content-type': 'application/json' },
      payload: JSON.stringify({ ticket: '123456789012', password: 'x'.repeat(1_100_000) }),
    });
    expect(big.statusCode).toBe(413);
  });
});
