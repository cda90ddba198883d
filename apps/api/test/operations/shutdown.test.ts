import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { anonymous, HEAD_OFFICE } from '@canal/test-support/complaints';
import { BOUNDARY } from '@canal/test-support/multipart';
import { startServerProcess, type ServerProcess } from '@canal/test-support/server-process';

const dataDir = mkdtempSync(path.join(tmpdir(), 'canal-shutdown-'));
let server: ServerProcess | undefined;

afterAll(async () => {
  if (server && server.child.exitCode === null) server.child.kill('SIGKILL');
  await server?.exited;
  rmSync(dataDir, { recursive: true, force: true });
});

describe('SIGTERM', () => {
  it('fails readiness first, lets an in-flight request finish, then exits 0 in time', async () => {
    server = await startServerProcess({
      NODE_ENV: 'development',
      DATA_DIR: dataDir,
      DATA_ENCRYPTION_KEY: randomBytes(32).toString('hex'),
      BOT_CHECK: 'off',
      SHUTDOWN_DELAY_MS: '1500',
      SHUTDOWN_GRACE_MS: '5000',
    });
    const { baseUrl, port, child } = server;
    expect((await fetch(`${baseUrl}/readyz`)).status).toBe(200);
    let exitCode: number | null = null;
    child.once('exit', (code) => (exitCode = code));

    // A complaint whose body is still arriving when the signal comes.
    const body = Buffer.from(
      `--${BOUNDARY}\r\nContent-Disposition: form-data; name="denuncia"\r\n\r\n${JSON.stringify(anonymous())}\r\n--${BOUNDARY}--\r\n`,
    );
    const answer = new Promise<{ status: number; text: string }>((resolve, reject) => {
      const req = request(
        {
          host: '127.0.0.1',
          port,
          method: 'POST',
          path: '/v1/denuncias',
          headers: {
            'content-type': `multipart/form-data; boundary=${BOUNDARY}`,
            'content-length': body.length,
            'x-filial': HEAD_OFFICE,
          },
        },
        (res) => {
          let text = '';
          res.on('data', (c: Buffer) => (text += c.toString()));
          res.on('end', () => resolve({ status: res.statusCode ?? 0, text }));
        },
      );
      req.on('error', reject);
      req.write(body.subarray(0, 60));
      setTimeout(() => {
        child.kill('SIGTERM');
        // Readiness fails while the server still answers.
        void (async () => {
          // The signal and this request reach the child by different pipes: give the signal a
          // moment (well inside SHUTDOWN_DELAY_MS) so the request is not served before it.
          await new Promise((resolve) => setTimeout(resolve, 250));
          const ready = await fetch(`${baseUrl}/readyz`);
          expect(ready.status).toBe(503);
          expect(await ready.json()).toEqual({ status: 'unavailable', reason: 'shutting-down' });
          req.end(body.subarray(60));
        })().catch(reject);
      }, 300);
    });
    const sentAt = Date.now();
    const { status, text } = await answer;
    expect(status, text).toBe(201);
    expect(JSON.parse(text)).toHaveProperty('ticket');
    await server.exited;
    expect(exitCode).toBe(0);
    // Delay (1.5 s) + closing: bounded (generous for a loaded machine).
    expect(Date.now() - sentAt).toBeLessThan(15_000);
    // The listener is gone.
    await expect(fetch(`${baseUrl}/livez`)).rejects.toThrow();
  }, 240_000);
});
