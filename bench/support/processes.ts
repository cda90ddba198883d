// Each side of a server benchmark in a process of its own: the load generator (autocannon), the
// bare floors (a Fastify route, argon2 alone), the bot-check solver. The server itself runs as
// `apps/api/src/server.ts` (`@canal/test-support/server-process`).
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';

const HERE = import.meta.dirname;
const TICKS = 100; // USER_HZ on Linux

/**
 * Node's flags as `npm run start:prod` gives them to the server (what production runs), unless
 * BENCH_SERVER_NODE_FLAGS names others (to compare a setting; empty for none).
 */
export function serverNodeFlags(): string[] {
  if (process.env.BENCH_SERVER_NODE_FLAGS !== undefined)
    return process.env.BENCH_SERVER_NODE_FLAGS.split(' ').filter(Boolean);
  const pkg = JSON.parse(readFileSync(path.join(HERE, '../../package.json'), 'utf8')) as {
    scripts: Record<string, string>;
  };
  return pkg.scripts['start:prod']!.split(' ').filter((word) => word.startsWith('--'));
}

/** A process's resident memory now, in KiB. */
export function rssKb(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
}

/** CPU seconds (user + system) a process has used so far. */
export function cpuSeconds(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return (Number(fields[11]) + Number(fields[12])) / TICKS;
}

/** Runs `bench/support/<script>` with tsx and resolves with the first line it prints. */
async function firstLine(script: string, args: string[]) {
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(HERE, script), ...args], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const exited = once(child, 'exit');
  const lines = createInterface({ input: child.stdout });
  const [line] = (await Promise.race([
    once(lines, 'line'),
    exited.then(([code]) => {
      throw new Error(`${script} exited (code ${String(code)}) without a result`);
    }),
  ])) as [string];
  return { child, line, exited };
}

export interface LoadResult {
  rps: number;
  /** 2xx answers in all. */
  requests: number;
  p50: number;
  p99: number;
  errors: number;
  codes: string;
  /** Single-use header values taken (when the load had `tokens`). */
  tokensTaken?: number;
}

/** autocannon against `url` in a child process; the figures it prints. */
export async function load(options: {
  url: string;
  method?: 'GET' | 'POST';
  headers?: Record<string, string>;
  body?: Buffer | string;
  connections?: number;
  duration?: number;
  /** One value of `header` per request from `file`, one a line (e.g. from `altchaTokens`). */
  tokens?: { header: string; file: string };
}): Promise<LoadResult> {
  const { body, ...rest } = options;
  const { line, exited } = await firstLine('load.ts', [
    JSON.stringify({
      ...rest,
      ...(body === undefined ? {} : { bodyBase64: Buffer.from(body).toString('base64') }),
    }),
  ]);
  await exited;
  return JSON.parse(line) as LoadResult;
}

/**
 * `count` solved ALTCHA tokens from the server's challenge route `url`, written to `file` one a
 * line: solved before a timed load, in as many processes as the machine has cores.
 */
export async function altchaTokens(url: string, count: number, file: string): Promise<number> {
  const cores = availableParallelism();
  const parts = Array.from({ length: cores }, (_, i) => `${file}.${i}`);
  await Promise.all(
    parts.map(async (part, i) => {
      const share = Math.floor(count / cores) + (i < count % cores ? 1 : 0);
      const { exited } = await firstLine('altcha-tokens.ts', [url, String(share), part]);
      await exited;
    }),
  );
  writeFileSync(file, parts.map((part) => readFileSync(part, 'utf8')).join(''));
  for (const part of parts) rmSync(part);
  return count;
}

/** The bare Fastify route answering the bytes of `bodyFile`; its URL and a stop. */
export async function startBareFastify(bodyFile: string) {
  const { child, line, exited } = await firstLine('bare-fastify.ts', [bodyFile]);
  return {
    url: `http://127.0.0.1:${line.trim()}/bare`,
    pid: child.pid!,
    stop: async () => {
      child.kill('SIGTERM');
      await exited;
    },
  };
}

/**
 * Hashes per second of `@node-rs/argon2` alone, `parallel` at a time, for `seconds`, and the CPU
 * milliseconds (all its threads) it spent per hash.
 */
export async function argon2Ceiling(
  parallel: number,
  seconds: number,
): Promise<{ perSecond: number; cpuMsPerHash: number }> {
  const { line, exited } = await firstLine('argon2-ceiling.ts', [
    String(parallel),
    String(seconds),
  ]);
  await exited;
  return JSON.parse(line) as { perSecond: number; cpuMsPerHash: number };
}

/** The best of several figures (other load on a shared machine only ever lowers one). */
export const best = (figures: LoadResult[]): LoadResult =>
  figures.reduce((a, b) => (b.rps > a.rps ? b : a));
