import { contract } from '@canal/shared/contract';
import { callApi } from '@canal/test-support/api';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app';
import { buildTestApp, type TestApp } from '@canal/test-support/app';
import { fileAndLogin, headers } from '@canal/test-support/complaints';

let t: TestApp;
const lines: string[] = [];
beforeAll(async () => {
  t = await buildTestApp();
  await t.app.close();
  const webDist = path.join(t.dataDir, 'web');
  mkdirSync(webDist);
  writeFileSync(path.join(webDist, 'index.html'), '<html><!--canal-config--></html>');
  t.app = await buildApp(t.services, {
    logger: {
      level: 'info',
      stream: new Writable({ write: (c, _e, cb) => (lines.push(String(c)), cb()) }) as never,
    },
    globalRateLimit: 100_000,
    clientLimits: { login: 100_000, recovery: 100_000, filing: 100_000 },
    webDist,
  });
});
afterAll(() => t.close());

describe('logs carry route patterns, never raw paths', () => {
  it('logs the portal fallback as (portal), not the reset token in its path', async () => {
    const token = 'TokenSecretoDeRestablecimiento0123456789';
    lines.length = 0;
    const res = await t.app.inject({ method: 'GET', url: `/restablecer-contrasena/${token}` });
    expect(res.statusCode).toBe(200);
    const log = lines.join('');
    expect(log).not.toContain(token);
    expect(log).not.toContain('restablecer');
    expect(log).toContain('"route":"(portal)"');
  });

  it('logs a route pattern, not the ticket, for a call with the code in its path', async () => {
    const { ticket, token } = await fileAndLogin(t.app);
    lines.length = 0;
    await t.app.inject({
      method: 'GET',
      url: `/v1/denuncias/${ticket}`,
      headers: { ...headers(), authorization: `Bearer ${token}` },
    });
    const log = lines.join('');
    expect(log).not.toContain(String(ticket));
    expect(log).toContain('"route":"/v1/denuncias/:id"');
  });

  it('writes one access line per request: method, route pattern, status and time', async () => {
    lines.length = 0;
    const res = await t.app.inject({
      method: 'GET',
      url: '/v1/datos-maestros/zonas',
      headers: headers(),
    });
    expect(res.statusCode).toBe(200);
    expect(lines).toHaveLength(1);
    const line = JSON.parse(lines[0]!) as Record<string, unknown>;
    expect(line).toMatchObject({
      level: 30,
      reqId: res.headers['x-request-id'],
      req: { method: 'GET', route: '/v1/datos-maestros/zonas' },
      res: { statusCode: 200 },
      msg: 'request completed',
    });
    expect(line.responseTime).toEqual(expect.any(Number));
  });

  it('logs a failed sign-in with a keyed hash of the ticket, never the ticket', async () => {
    const { ticket } = await fileAndLogin(t.app);
    lines.length = 0;
    const res = await callApi(t.app, contract.login, {
      headers: headers(),
      body: { ticket, password: 'Mala#Clave1' },
    });
    expect(res.statusCode).toBe(401);
    const log = lines.join('');
    expect(log).not.toContain(String(ticket));
    expect(log).toContain(`"ticketKey":"${t.services.portal.throttle.keyOf(ticket)}"`);
  });
});
