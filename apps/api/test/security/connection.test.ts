import { connect, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '@canal/test-support/app';
import { anonymous, HEAD_OFFICE } from '@canal/test-support/complaints';
import { BOUNDARY } from '@canal/test-support/multipart';
import { pdf } from '@canal/test-support/files';

let t: TestApp;
let port: number;
beforeAll(async () => {
  t = await buildTestApp({
    env: { BOT_CHECK: 'altcha' },
    bodyDeadlines: { jsonBodyMs: 2_000, uploadBodyMs: 3_600_000 },
  });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  port = (t.app.server.address() as { port: number }).port;
});
afterAll(() => t.close());

interface Outcome {
  answer: string;
  closed: boolean;
}

/** Opens a raw connection, writes `head`, then calls `feed`; resolves when closed or after `waitMs`. */
function exchange(head: string, feed: (socket: Socket) => void, waitMs: number): Promise<Outcome> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    let answer = '';
    let done = false;
    const finish = (closed: boolean) => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      socket.destroy();
      resolve({ answer, closed });
    };
    const timer = setTimeout(() => finish(false), waitMs);
    socket.on('data', (d) => (answer += d.toString('latin1')));
    socket.on('error', () => {});
    socket.on('close', () => finish(true));
    socket.write(head, () => feed(socket));
  });
}

const uploadHead = (extra: string) =>
  `POST /v1/denuncias HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: multipart/form-data; boundary=${BOUNDARY}\r\n` +
  `Content-Length: ${100 * 1024 * 1024}\r\n${extra}\r\n`;

const someBody = (socket: Socket) =>
  socket.write(
    `--${BOUNDARY}\r\nContent-Disposition: form-data; name="x"\r\n\r\n${'a'.repeat(4096)}`,
  );

describe('refused uploads', () => {
  it('closes the connection after a 400 without x-filial, without reading the 100 MiB body', async () => {
    const { answer, closed } = await exchange(uploadHead(''), someBody, 5_000);
    expect(answer).toMatch(/^HTTP\/1\.1 400/);
    expect(answer.toLowerCase()).toContain('connection: close');
    expect(closed).toBe(true);
  });

  it('closes the connection after a 403 for a bad bot token', async () => {
    const { answer, closed } = await exchange(
      uploadHead(`x-filial: ${HEAD_OFFICE}\r\nx-grecaptcha: falso\r\n`),
      someBody,
      5_000,
    );
    expect(answer).toMatch(/^HTTP\/1\.1 403/);
    expect(closed).toBe(true);
  });
});

describe('body deadlines', () => {
  // The staff sign-in reads its body without a guard first (the complainant's sign-in now answers
  // 403 to a missing bot token before it reads a byte of the body).
  it('cuts a JSON body sent one byte a second to the sign-in with a 408', async () => {
    const body = JSON.stringify({ email: 'a@b.cl', password: 'Mala#Clave1', codigo: '123456' });
    const { answer, closed } = await exchange(
      `POST /v1/gestion/sesion HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n` +
        `Content-Length: ${body.length}\r\n\r\n`,
      (socket) => {
        let i = 0;
        const drip = setInterval(() => {
          if (socket.destroyed || i >= body.length) return clearInterval(drip);
          socket.write(body[i++]!);
        }, 1_000);
        socket.on('close', () => clearInterval(drip));
      },
      15_000,
    );
    expect(answer).toMatch(/^HTTP\/1\.1 408/);
    expect(answer).toContain('permissions-policy');
    expect(closed).toBe(true);
  }, 20_000);
});

describe("Node's own answers to malformed HTTP", () => {
  it('carry the security headers', async () => {
    const { answer, closed } = await exchange(
      'GET / HTTP/1.1\r\nHost: a\r\nBad Header\r\n\r\n',
      () => {},
      5_000,
    );
    expect(answer).toMatch(/^HTTP\/1\.1 400/);
    const lower = answer.toLowerCase();
    expect(lower).toContain(
      'permissions-policy: camera=(), microphone=(), geolocation=(), payment=(), usb=(), interest-cohort=()',
    );
    // A JSON answer: nosniff, and no CSP (sent with HTML only).
    expect(lower).toContain('content-type: application/json');
    expect(lower).not.toContain('content-security-policy');
    expect(lower).toContain('x-content-type-options: nosniff');
    expect(lower).toContain('referrer-policy: no-referrer');
    expect(closed).toBe(true);
  });
});

describe('Permissions-Policy', () => {
  it('is on every answer: API, errors and unknown paths', async () => {
    const api = await t.app.inject({ method: 'GET', url: '/v1/configuracion' });
    expect(api.headers['permissions-policy']).toBe(
      'camera=(), microphone=(), geolocation=(), payment=(), usb=(), interest-cohort=()',
    );
    // No route of the API: the page set (below).
    for (const url of ['/v1/no-existe', '/cualquier/pagina']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.headers['permissions-policy']).toMatch(/^camera=\(\), microphone=\(self\), /);
    }
  });

  it('lets the pages use the microphone on their own origin only (the voice recorder, decision 0063)', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/cualquier/pagina' });
    expect(res.headers['permissions-policy']).toBe(
      'camera=(), microphone=(self), geolocation=(), payment=(), usb=(), interest-cohort=()',
    );
    expect(String(res.headers['content-security-policy'])).toContain("media-src 'self' blob:");
  });
});

describe('the upload routes', () => {
  it('keep receiving a body that takes longer than the JSON deadline', async () => {
    const open = await buildTestApp({ bodyDeadlines: { jsonBodyMs: 1_000, uploadBodyMs: 60_000 } });
    try {
      await open.app.listen({ port: 0, host: '127.0.0.1' });
      const { port: p } = open.app.server.address() as { port: number };
      const part = `--${BOUNDARY}\r\nContent-Disposition: form-data; name="denuncia"\r\n\r\n${JSON.stringify(anonymous())}\r\n--${BOUNDARY}--\r\n`;
      const answer = await new Promise<string>((resolve) => {
        const socket = connect(p, '127.0.0.1');
        let text = '';
        socket.on('data', (d) => (text += d.toString()));
        socket.on('close', () => resolve(text));
        socket.write(
          `POST /v1/denuncias HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\nx-filial: ${HEAD_OFFICE}\r\n` +
            `Content-Type: multipart/form-data; boundary=${BOUNDARY}\r\nContent-Length: ${Buffer.byteLength(part)}\r\n\r\n`,
        );
        socket.write(part.slice(0, 20));
        setTimeout(() => socket.write(part.slice(20)), 2_500);
      });
      expect(answer).toMatch(/^HTTP\/1\.1 201/);
    } finally {
      await open.close();
    }
  });
});

describe('the upload minimum rate', () => {
  // A short window, so the test needs seconds; the deadline of the whole body stays the hour.
  const deadlines = { uploadRateWindowMs: 2_000, uploadMinBytes: 1024 };

  /** A filing whose file part arrives as `send` writes it; the answer and when the socket closed. */
  async function trickledFiling(
    app: TestApp,
    content: Buffer,
    send: (socket: Socket, bytes: Buffer) => void,
    waitMs: number,
  ): Promise<Outcome & { seconds: number }> {
    await app.app.listen({ port: 0, host: '127.0.0.1' });
    const { port: p } = app.app.server.address() as { port: number };
    const start =
      `--${BOUNDARY}\r\nContent-Disposition: form-data; name="denuncia"\r\n\r\n${JSON.stringify(anonymous())}\r\n` +
      `--${BOUNDARY}\r\nContent-Disposition: form-data; name="files"; filename="acta.pdf"\r\nContent-Type: application/pdf\r\n\r\n`;
    const end = `\r\n--${BOUNDARY}--\r\n`;
    const length = Buffer.byteLength(start) + content.length + Buffer.byteLength(end);
    const began = Date.now();
    return new Promise((resolve) => {
      const socket = connect(p, '127.0.0.1');
      let answer = '';
      let done = false;
      const finish = (closed: boolean) => {
        if (done) return;
        done = true;
        clearTimeout(timer);
        socket.destroy();
        resolve({ answer, closed, seconds: (Date.now() - began) / 1000 });
      };
      const timer = setTimeout(() => finish(false), waitMs);
      socket.on('data', (d) => (answer += d.toString()));
      socket.on('error', () => {});
      socket.on('close', () => finish(true));
      socket.write(
        `POST /v1/denuncias HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\nx-filial: ${HEAD_OFFICE}\r\n` +
          `Content-Type: multipart/form-data; boundary=${BOUNDARY}\r\nContent-Length: ${length}\r\n\r\n${start}`,
      );
      send(socket, Buffer.concat([content, Buffer.from(end)]));
    });
  }

  it('cuts an upload sent one byte every 2.5 seconds with a 408 within seconds, not the hour, and keeps nothing of it', async () => {
    const app = await buildTestApp({ bodyDeadlines: deadlines });
    try {
      const outcome = await trickledFiling(
        app,
        pdf(),
        (socket, bytes) => {
          let i = 0;
          const drip = setInterval(() => {
            if (socket.destroyed || i >= bytes.length) return clearInterval(drip);
            socket.write(bytes.subarray(i, ++i));
          }, 2_500);
          socket.on('close', () => clearInterval(drip));
        },
        12_000,
      );
      expect(outcome.closed).toBe(true);
      expect(outcome.answer).toMatch(/^HTTP\/1\.1 408/);
      expect(outcome.answer).toContain('La conexión es demasiado lenta para recibir los archivos.');
      expect(outcome.seconds).toBeLessThan(10);
      // The staged part of the file is discarded, and no complaint was made.
      for (let i = 0; i < 50; i++) {
        if ((await app.db.query('SELECT 1 FROM staged_files')).length === 0) break;
        await new Promise((r) => setTimeout(r, 100));
      }
      expect(await app.db.query('SELECT 1 FROM staged_files')).toEqual([]);
      expect(await app.db.query('SELECT 1 FROM complaints')).toEqual([]);
    } finally {
      await app.close();
    }
  }, 60_000);

  it('keeps a slow but steady upload: over several windows at twice the minimum, it is filed', async () => {
    const app = await buildTestApp({ bodyDeadlines: deadlines });
    try {
      // 12 KiB at 1 KiB every half second: 2 KiB a window, six seconds in all.
      const content = Buffer.concat([pdf(), Buffer.alloc(12 * 1024 - pdf().length, 0x20)]);
      const outcome = await trickledFiling(
        app,
        content,
        (socket, bytes) => {
          let i = 0;
          const drip = setInterval(() => {
            if (socket.destroyed || i >= bytes.length) return clearInterval(drip);
            socket.write(bytes.subarray(i, (i += 1024)));
          }, 500);
          socket.on('close', () => clearInterval(drip));
        },
        20_000,
      );
      expect(outcome.answer).toMatch(/^HTTP\/1\.1 201/);
      expect(outcome.seconds).toBeGreaterThan(4);
    } finally {
      await app.close();
    }
  }, 60_000);
});
