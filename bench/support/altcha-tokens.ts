// Pre-solved bot-check tokens for a filing load, in a process of its own: `argv[3]` challenges from
// the server's `GET /v1/altcha` (URL `argv[2]`), each solved as the portal's worker solves it and
// written to the file `argv[4]`, one `x-grecaptcha` token a line. Prints {"tokens": …}.
import { writeFileSync } from 'node:fs';
import type { Challenge } from 'altcha-lib';
import { solvedAltchaToken } from '@canal/test-support/altcha';

const [url, count, file] = [process.argv[2]!, Number(process.argv[3]), process.argv[4]!];
const tokens: string[] = [];
while (tokens.length < count) {
  const res = await fetch(url);
  if (!res.ok) throw new Error(`GET ${url}: ${res.status}`);
  tokens.push(await solvedAltchaToken((await res.json()) as Challenge));
}
writeFileSync(file, tokens.map((t) => `${t}\n`).join(''));
process.stdout.write(`${JSON.stringify({ tokens: tokens.length })}\n`);
