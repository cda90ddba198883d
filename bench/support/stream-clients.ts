// The two sides of bench/streams.ts's timed rows: the client processes that upload and download,
// the busy background processes, and the floor (a bare Node `http` server on the same disk).
import { spawn, type ChildProcess } from 'node:child_process';
import { request } from 'node:http';
import { denuncia, HEAD_OFFICE } from '@canal/test-support/complaints';
import { pdf } from '@canal/test-support/files';
import { BOUNDARY as UPLOAD_BOUNDARY } from '@canal/test-support/multipart';
import { freePort } from '@canal/test-support/server-process';
import { cpuSeconds } from './processes';

const MiB = 1024 * 1024;
export const FILE_BYTES = 120 * MiB;

/**
 * One 120 MB upload streamed to the server from this process; resolves with the HTTP status
 * (bench/cluster.ts; the rows below use a client process of their own).
 */
export function upload(port: number, size = 120 * 1024 * 1024): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: '127.0.0.1',
        port,
        method: 'POST',
        path: '/v1/denuncias',
        headers: {
          'content-type': `multipart/form-data; boundary=${UPLOAD_BOUNDARY}`,
          'x-filial': HEAD_OFFICE,
        },
      },
      (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode ?? 0));
      },
    );
    req.on('error', reject);
    req.write(
      `--${UPLOAD_BOUNDARY}\r\nContent-Disposition: form-data; name="denuncia"\r\n\r\n${JSON.stringify(denuncia())}\r\n`,
    );
    req.write(
      `--${UPLOAD_BOUNDARY}\r\nContent-Disposition: form-data; name="files"; filename="video.pdf"\r\n\r\n`,
    );
    req.write(pdf());
    const chunk = Buffer.alloc(64 * 1024, 0x20);
    let left = size - pdf().length;
    const pump = () => {
      while (left > 0) {
        const n = Math.min(left, chunk.length);
        left -= n;
        if (!req.write(n === chunk.length ? chunk : chunk.subarray(0, n)))
          return void req.once('drain', pump);
      }
      req.end(`\r\n--${UPLOAD_BOUNDARY}--\r\n`);
    };
    pump();
  });
}

/** Two processes spinning on the CPU, as the other tenants of a shared machine would. */
export function backgroundLoad(): { stop: () => void } {
  const spinners = [0, 1].map(() =>
    spawn(process.execPath, ['-e', 'for (;;) {}'], { stdio: 'ignore' }),
  );
  return { stop: () => spinners.forEach((c) => c.kill('SIGKILL')) };
}

/**
 * The floor: bare Node `http`. POST pipes the body to a new file in `dir` (fsync before the
 * answer); GET /file streams `dir/file` back.
 */
const FLOOR = `
const http = require('node:http'), fs = require('node:fs'), path = require('node:path');
const [dir, port] = process.argv.slice(1);
let n = 0;
http.createServer((req, res) => {
  if (req.method === 'POST') {
    const out = fs.createWriteStream(path.join(dir, 'up-' + n++), { flush: true });
    req.pipe(out).on('finish', () => res.writeHead(201).end('{}'));
  } else {
    const file = path.join(dir, 'file');
    res.writeHead(200, { 'content-length': fs.statSync(file).size });
    fs.createReadStream(file).pipe(res);
  }
}).listen(Number(port), '127.0.0.1', () => console.log('ready'));
`;

export async function startFloor(dir: string): Promise<{ child: ChildProcess; port: number }> {
  const port = await freePort();
  const child = spawn(process.execPath, ['-e', FLOOR, dir, String(port)], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  await new Promise((resolve) => child.stdout!.once('data', resolve));
  return { child, port };
}

/**
 * The load generator, in a process of its own: `requests` (JSON) are sent at once; it prints
 * {seconds, statuses, bytes}. A POST is a multipart body of a JSON part and file parts, each
 * `head` (base64) then filler up to `size`; a GET reads the answer and throws it away.
 */
const CLIENT = `
const http = require('node:http');
const { port, requests, boundary } = JSON.parse(process.argv[1]);
const filler = require('node:crypto').randomBytes(64 * 1024);
function one(r) {
  return new Promise((resolve, reject) => {
    let bytes = 0;
    let text = '';
    const req = http.request({ host: '127.0.0.1', port, method: r.method, path: r.path, headers: r.headers }, (res) => {
      res.on('data', (c) => {
        bytes += c.length;
        if (text.length < 4096) text += c.toString();
      });
      res.on('end', () => resolve([res.statusCode, bytes, text]));
    });
    req.on('error', reject);
    if (r.method === 'GET') return req.end();
    const parts = r.parts.slice();
    let left = 0;
    let first = true;
    const pump = () => {
      for (;;) {
        while (left > 0) {
          const n = Math.min(left, filler.length);
          left -= n;
          if (!req.write(n === filler.length ? filler : filler.subarray(0, n))) return void req.once('drain', pump);
        }
        const p = parts.shift();
        if (!p) return void req.end('\\r\\n--' + boundary + '--\\r\\n');
        const open = (first ? '' : '\\r\\n') + '--' + boundary + '\\r\\nContent-Disposition: form-data; name=';
        first = false;
        if (p.json !== undefined) {
          req.write(open + '"' + p.name + '"\\r\\n\\r\\n' + p.json);
          continue;
        }
        const head = Buffer.from(p.head, 'base64');
        req.write(open + '"files"; filename="' + p.filename + '"\\r\\nContent-Type: application/pdf\\r\\n\\r\\n');
        req.write(head);
        left = p.size - head.length;
      }
    };
    pump();
  });
}
const started = performance.now();
Promise.all(requests.map(one)).then((results) => {
  console.log(JSON.stringify({ seconds: (performance.now() - started) / 1000, statuses: results.map((r) => r[0]), bytes: results.reduce((s, r) => s + r[1], 0), body: requests[0].method === 'GET' ? '' : results[0][2] }));
});
`;

const BOUNDARY = '----canal-bench-streams';

interface ClientRequest {
  method: 'GET' | 'POST';
  path: string;
  headers?: Record<string, string>;
  parts?: ({ name: string; json: string } | { filename: string; head: string; size: number })[];
}

/** Runs the client process; resolves with its figures and the server's CPU seconds meanwhile. */
export async function client(
  serverPid: number,
  port: number,
  requests: ClientRequest[],
): Promise<{ seconds: number; cpu: number; statuses: number[]; bytes: number; body: string }> {
  const child = spawn(
    process.execPath,
    ['-e', CLIENT, JSON.stringify({ port, requests, boundary: BOUNDARY })],
    { stdio: ['ignore', 'pipe', 'inherit'] },
  );
  const cpuBefore = cpuSeconds(serverPid);
  let out = '';
  child.stdout!.on('data', (c: Buffer) => (out += c.toString()));
  await new Promise((resolve) => child.once('exit', resolve));
  const cpu = cpuSeconds(serverPid) - cpuBefore;
  const figures = JSON.parse(out) as {
    seconds: number;
    statuses: number[];
    bytes: number;
    body: string;
  };
  return { ...figures, cpu };
}

/** A filing with `files` files of FILE_BYTES each (a PDF head, then filler). */
export function filing(files: number, size = FILE_BYTES): ClientRequest {
  const head = pdf().toString('base64');
  return {
    method: 'POST',
    path: '/v1/denuncias',
    headers: {
      'content-type': `multipart/form-data; boundary=${BOUNDARY}`,
      'x-filial': HEAD_OFFICE,
    },
    parts: [
      { name: 'denuncia', json: JSON.stringify(denuncia()) },
      ...Array.from({ length: files }, (_, i) => ({ filename: `video-${i}.pdf`, head, size })),
    ],
  };
}
