import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort, REPO_ROOT } from '@canal/test-support/server-process';

const dataDir = mkdtempSync(path.join(tmpdir(), 'canal-log-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

describe('the server log', () => {
  it('is JSON lines only, start-up warnings included, each naming the instance', async () => {
    const port = await freePort();
    // No DATA_ENCRYPTION_KEY (a generated key is used, with a warning) and BOT_CHECK=off (another).
    const child = spawn(process.execPath, ['--import', 'tsx', 'apps/api/src/server.ts'], {
      cwd: REPO_ROOT,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: {
        ...process.env,
        NODE_ENV: 'development',
        DATABASE_URL: '',
        SMTP_URL: '',
        DATA_ENCRYPTION_KEY: '',
        DATA_DIR: dataDir,
        BOT_CHECK: 'off',
        INSTANCE_ID: 'api-registro-1',
        PORT: String(port),
        HOST: '127.0.0.1',
        SHUTDOWN_DELAY_MS: '0',
      },
    });
    let output = '';
    child.stdout.on('data', (c: Buffer) => (output += c.toString()));
    child.stderr.on('data', (c: Buffer) => (output += c.toString()));
    const exited = new Promise((resolve) => child.once('exit', resolve));
    for (let i = 0; i < 1200 && !output.includes('escuchando') && child.exitCode === null; i++)
      await new Promise((resolve) => setTimeout(resolve, 100));
    child.kill('SIGTERM');
    expect(await exited, output).toBe(0);

    const lines = output.split('\n').filter((l) => l.trim() !== '');
    const entries = lines.map((line) => {
      expect(() => JSON.parse(line), line).not.toThrow();
      return JSON.parse(line) as { instance?: string; msg?: string };
    });
    for (const entry of entries) expect(entry.instance).toBe('api-registro-1');
    const messages = entries.map((e) => e.msg ?? '');
    expect(messages.some((m) => m.startsWith('DATA_ENCRYPTION_KEY no está definida'))).toBe(true);
    expect(messages.some((m) => m.startsWith('BOT_CHECK=off'))).toBe(true);
    expect(messages).toContain('Canal de denuncias escuchando');
  }, 240_000);
});
