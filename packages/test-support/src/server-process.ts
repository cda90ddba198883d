import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import path from 'node:path';

export const REPO_ROOT = path.resolve(import.meta.dirname, '../../..');

export const freePort = () =>
  new Promise<number>((resolve) => {
    const s = createServer().listen(0, '127.0.0.1', () => {
      const port = (s.address() as { port: number }).port;
      s.close(() => resolve(port));
    });
  });

export interface ServerProcess {
  child: ChildProcess;
  port: number;
  baseUrl: string;
  exited: Promise<void>;
  /** What the server wrote to stdout and stderr so far (with `stdio: 'pipe'`; else empty). */
  log(): string;
}

/**
 * The real server (`apps/api/src/server.ts`, or the build with `args`) as a child process on a free
 * port (or on `port`, to start it again where it was), resolved once it answers. Used by the crash test, the end-to-end
 * suite and the benchmarks.
 */
export async function startServerProcess(
  env: Record<string, string> | ((port: number) => Record<string, string>),
  stdio: 'ignore' | 'inherit' | 'pipe' = 'ignore',
  options: {
    /** Where to listen: to start it again where it was; a free port unless told. */
    port?: number;
    /** Node's arguments: the TypeScript source through tsx unless told (e.g. the compiled build). */
    args?: string[];
  } = {},
): Promise<ServerProcess> {
  const port = options.port ?? (await freePort());
  const args = options.args ?? ['--import', 'tsx', 'apps/api/src/server.ts'];
  const child = spawn(process.execPath, args, {
    cwd: REPO_ROOT,
    stdio: ['ignore', stdio === 'pipe' ? 'pipe' : 'ignore', stdio],
    env: {
      ...process.env,
      DATABASE_URL: '',
      SMTP_URL: '',
      ...(typeof env === 'function' ? env(port) : env),
      PORT: String(port),
      HOST: '127.0.0.1',
    },
  });
  let output = '';
  child.stdout?.on('data', (c: Buffer) => (output += c.toString()));
  child.stderr?.on('data', (c: Buffer) => (output += c.toString()));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const baseUrl = `http://127.0.0.1:${port}`;
  for (let i = 0; ; i++) {
    if (
      await fetch(`${baseUrl}/v1/configuracion`).then(
        (r) => r.ok,
        () => false,
      )
    )
      break;
    // Three minutes: a start takes close to one when the machine is shared and busy.
    if (i > 1800 || child.exitCode !== null) {
      child.kill('SIGKILL');
      throw new Error('el servidor no inició');
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  return { child, port, baseUrl, exited, log: () => output };
}
