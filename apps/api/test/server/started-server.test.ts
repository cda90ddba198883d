import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { anonymous, HEAD_OFFICE } from '@canal/test-support/complaints';
import { startServerProcess, type ServerProcess } from '@canal/test-support/server-process';

const dataDir = mkdtempSync(path.join(tmpdir(), 'canal-started-'));
let server: ServerProcess | undefined;

afterAll(async () => {
  server?.child.kill('SIGKILL');
  await server?.exited;
  rmSync(dataDir, { recursive: true, force: true });
});

describe('the server started the way npm start starts it', () => {
  it('files a complaint and delivers its confirmation to the local mailbox', async () => {
    server = await startServerProcess({
      NODE_ENV: 'development',
      DATA_DIR: dataDir,
      DATA_ENCRYPTION_KEY: randomBytes(32).toString('hex'),
      BOT_CHECK: 'off',
    });
    const form = new FormData();
    form.append('denuncia', JSON.stringify(anonymous()));
    const created = await fetch(`${server.baseUrl}/v1/denuncias`, {
      method: 'POST',
      body: form,
      headers: { 'x-filial': HEAD_OFFICE },
    });
    expect(created.status).toBe(201);
    const { ticket } = (await created.json()) as { ticket: number };

    // The outbox is drained by the server's own worker (every few seconds).
    let subjects: string[] = [];
    for (let i = 0; i < 100 && !subjects.some((s) => s.includes(String(ticket))); i++) {
      await new Promise((r) => setTimeout(r, 200));
      subjects = (
        (await (await fetch(`${server.baseUrl}/dev/correo.json`)).json()) as { subject: string }[]
      ).map((m) => m.subject);
    }
    expect(subjects).toContain(`Canal de denuncias – Código de seguimiento ${ticket}`);
  }, 60_000);
});
