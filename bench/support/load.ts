// The load generator in a process of its own (so it does not share the event loop, or the figures,
// of the server it measures): `node --import tsx bench/support/load.ts '<json options>'` runs
// autocannon and prints one JSON line. Options: url, method, headers, bodyBase64, connections,
// duration (s). Only 2xx answers count in `rps`; the rest are `errors` with their `codes`.
import autocannon from 'autocannon';
import { summary } from './summary';

interface LoadOptions {
  url: string;
  method?: 'GET' | 'POST';
  headers?: Record<string, string>;
  bodyBase64?: string;
  connections?: number;
  duration?: number;
}

const options = JSON.parse(process.argv[2] ?? '{}') as LoadOptions;
const result = await autocannon({
  url: options.url,
  method: options.method ?? 'GET',
  headers: options.headers,
  ...(options.bodyBase64 ? { body: Buffer.from(options.bodyBase64, 'base64') } : {}),
  connections: options.connections ?? 20,
  duration: options.duration ?? 5,
});
process.stdout.write(`${JSON.stringify(summary(result))}\n`);
