import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '@canal/test-support/app';
import { anonymous, file } from '@canal/test-support/complaints';
import { docx, pdf, zip } from '@canal/test-support/files';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ clientLimits: { login: 100, recovery: 100, filing: 5 } });
});
afterAll(() => t.close());

describe('file names', () => {
  it('refuses a name over 200 characters with a clear 400, not a 415', async () => {
    const res = await file(t.app, anonymous(), [
      { filename: `${'a'.repeat(220)}.pdf`, content: pdf() },
    ]);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(
      'El nombre de un archivo es demasiado largo (máximo 200 caracteres).',
    );
  });
});

describe('Office documents', () => {
  it('refuses a .docx that is any zip, and accepts a real Word package', async () => {
    const fake = await file(t.app, anonymous(), [{ filename: 'informe.docx', content: zip() }]);
    expect(fake.statusCode).toBe(415);
    const real = await file(t.app, anonymous(), [{ filename: 'informe.docx', content: docx() }]);
    expect(real.statusCode).toBe(201);
  });
});

describe('the per-client filing limit', () => {
  it('refuses more filings than allowed per hour from one client, not from another', async () => {
    const codes: number[] = [];
    for (let i = 0; i < 4; i++) codes.push((await file(t.app, anonymous())).statusCode);
    // The two filings refused above (a long name, a false .docx) did not count: only complaints
    // filed do (issue 21), so the one filed above and these four make the five allowed.
    expect(codes).toEqual([201, 201, 201, 201]);
    const limited = await file(t.app, anonymous());
    expect(limited.statusCode).toBe(429);
    expect(limited.json().message).toMatch(/^Desde esta red ya se enviaron muchas denuncias/);
    const other = await t.app.inject({
      method: 'GET',
      url: '/v1/configuracion',
      remoteAddress: '10.7.7.7',
    });
    expect(other.statusCode).toBe(200);
  });
});
