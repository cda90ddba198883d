import { Writable } from 'node:stream';
import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app';
import { buildTestApp, type TestApp } from '@canal/test-support/app';
import { anonymous, HEAD_OFFICE, headers } from '@canal/test-support/complaints';
import { BOUNDARY } from '@canal/test-support/multipart';

const MALFORMED = 'El formulario enviado está incompleto o mal formado. Intente nuevamente.';

let t: TestApp;
const logLines: string[] = [];
beforeAll(async () => {
  t = await buildTestApp();
  // The same services behind an app that logs, to read what an aborted upload leaves in the log.
  await t.app.close();
  t.app = await buildApp(t.services, {
    logger: {
      level: 'info',
      stream: new Writable({ write: (c, _e, cb) => (logLines.push(String(c)), cb()) }) as never,
    },
    globalRateLimit: 100_000,
    clientLimits: { login: 100_000, recovery: 100_000, filing: 100_000 },
  });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(() => t.close());

const denunciaPart = `--${BOUNDARY}\r\nContent-Disposition: form-data; name="denuncia"\r\n\r\n${JSON.stringify(anonymous())}\r\n`;
const filePart = `--${BOUNDARY}\r\nContent-Disposition: form-data; name="files"; filename="a.pdf"\r\nContent-Type: application/pdf\r\n\r\n%PDF-1.4\n${'x'.repeat(2000)}`;

const post = (contentType: string, payload: string) =>
  t.app.inject({
    method: 'POST',
    url: '/v1/denuncias',
    headers: { ...headers(), 'content-type': contentType },
    payload,
  });

describe('malformed multipart', () => {
  it('answers 400 in Spanish without a boundary', async () => {
    const res = await post('multipart/form-data', denunciaPart + `--${BOUNDARY}--\r\n`);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(MALFORMED);
  });

  it('answers 400 in Spanish with a boundary that is not the body’s', async () => {
    const res = await post(
      'multipart/form-data; boundary=otra',
      denunciaPart + `--${BOUNDARY}--\r\n`,
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(MALFORMED);
  });

  it('answers 400 in Spanish for a body cut in the middle of a file', async () => {
    const res = await post(`multipart/form-data; boundary=${BOUNDARY}`, denunciaPart + filePart);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(MALFORMED);
  });

  it('answers 400 in Spanish for a body cut in the headers of a part', async () => {
    const res = await post(
      `multipart/form-data; boundary=${BOUNDARY}`,
      denunciaPart + `--${BOUNDARY}\r\nContent-Disposition: form-da`,
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(MALFORMED);
  });

  it('does not log an aborted upload as a server error', async () => {
    const { port } = t.app.server.address() as { port: number };
    const body = denunciaPart + filePart;
    await new Promise<void>((resolve) => {
      const socket = connect(port, '127.0.0.1');
      socket.on('error', () => {});
      socket.write(
        `POST /v1/denuncias HTTP/1.1\r\nHost: 127.0.0.1\r\nx-filial: ${HEAD_OFFICE}\r\n` +
          `Content-Type: multipart/form-data; boundary=${BOUNDARY}\r\nContent-Length: ${body.length + 100_000}\r\n\r\n${body}`,
        () => setTimeout(() => (socket.destroy(), resolve()), 300),
      );
    });
    await new Promise((r) => setTimeout(r, 500));
    const levels = logLines.map((l) => JSON.parse(l) as { level: number; msg?: string });
    expect(levels.some((l) => l.msg?.includes('abort') || l.level >= 30)).toBe(true);
    expect(levels.filter((l) => l.level >= 50)).toEqual([]);
  });
});

describe('multipart where no route takes files', () => {
  it('answers 415 in Spanish, while the routes that take files still read it', async () => {
    // Recovery and the staff's sign-in are plugins without @fastify/multipart (decision 0025).
    for (const url of ['/v1/denuncias/recuperar-password', '/v1/gestion/sesion']) {
      const res = await t.app.inject({
        method: 'POST',
        url,
        headers: { ...headers(), 'content-type': `multipart/form-data; boundary=${BOUNDARY}` },
        payload: `${denunciaPart}--${BOUNDARY}--\r\n`,
      });
      expect(res.statusCode).toBe(415);
      expect(res.json()).toEqual({ message: 'El formato del contenido enviado no es compatible.' });
    }
    const filed = await post(
      `multipart/form-data; boundary=${BOUNDARY}`,
      `${denunciaPart}--${BOUNDARY}--\r\n`,
    );
    expect(filed.statusCode).toBe(201);
  });
});
