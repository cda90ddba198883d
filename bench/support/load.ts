// The load generator in a process of its own (so it does not share the event loop, or the figures,
// of the server it measures): `node --import tsx bench/support/load.ts '<json options>'` runs
// autocannon and prints one JSON line. Options: url, method, headers, bodyBase64, connections,
// duration (s), tokens. Only 2xx answers count in `rps`; the rest are `errors` with their `codes`.
import { readFileSync } from 'node:fs';
import autocannon from 'autocannon';
import { summary } from './summary';

interface LoadOptions {
  url: string;
  method?: 'GET' | 'POST';
  headers?: Record<string, string>;
  bodyBase64?: string;
  connections?: number;
  duration?: number;
  /**
   * Single-use values of one header (bot-check tokens), one a line in `file`, read before the run:
   * each request carries the next one. Once they run out requests go without it (and count as
   * errors if the server refuses them).
   */
  tokens?: { header: string; file: string };
}

const options = JSON.parse(process.argv[2] ?? '{}') as LoadOptions;
const tokens = options.tokens
  ? readFileSync(options.tokens.file, 'utf8').split('\n').filter(Boolean)
  : [];
let next = 0;
const result = await autocannon({
  url: options.url,
  method: options.method ?? 'GET',
  headers: options.headers,
  ...(options.bodyBase64 ? { body: Buffer.from(options.bodyBase64, 'base64') } : {}),
  ...(options.tokens
    ? {
        requests: [
          {
            setupRequest: (request) => {
              if (next < tokens.length) request.headers![options.tokens!.header] = tokens[next++]!;
              return request;
            },
          },
        ],
      }
    : {}),
  connections: options.connections ?? 20,
  duration: options.duration ?? 5,
});
process.stdout.write(`${JSON.stringify({ ...summary(result), tokensTaken: next })}\n`);
