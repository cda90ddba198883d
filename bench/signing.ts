// What signing adds to a filing (issue 20): `node --import tsx bench/signing.ts` (part of
// `npm run bench`). CPU per filing of the work the server does in process, without signing (the
// password's argon2id hash, which dominates a filing, and a 1 MiB file sealed) and with it (the
// same, plus the file's SHA-256 as it streams and the receipt: canonical JSON and an Ed25519
// signature). Figures only; nothing is asserted.
import { createHash, randomBytes } from 'node:crypto';
import { HEAD_OFFICE } from '@canal/shared';
import { createSigner, PasswordHasher, seal, signReceipt } from '@canal/api/testing';

const FILINGS = 20;
const file = randomBytes(1024 * 1024);
const key = randomBytes(32);
const signer = createSigner(randomBytes(32));
const hasher = new PasswordHasher(1, 10, 1, 10);

/** CPU microseconds (user + system) per run of `work`. */
async function cpuPer(work: (i: number) => Promise<void>): Promise<number> {
  await work(-1);
  const start = process.cpuUsage();
  for (let i = 0; i < FILINGS; i += 1) await work(i);
  const used = process.cpuUsage(start);
  return (used.user + used.system) / FILINGS;
}

const filing = async () => {
  await hasher.hash('Segura#2024');
  seal(key, file.toString('base64'));
};

const receipt = (i: number) =>
  signReceipt(signer, {
    org: HEAD_OFFICE,
    caseNumber: `CD-2026-${String(i + 2).padStart(5, '0')}`,
    ticket: 123456789012 + i,
    receivedAt: new Date(),
    type: { id: 26, nombre: 'Acoso laboral' },
    files: [{ sha256: createHash('sha256').update(file).digest('hex'), size: file.length }],
  });

export async function run(): Promise<void> {
  console.log('== signing (issue 20): CPU per filing, in process');
  const without = await cpuPer(filing);
  const withSigning = await cpuPer(async (i) => {
    await filing();
    receipt(i);
  });
  const alone = await cpuPer(async (i) => {
    receipt(i);
  });
  const ms = (us: number) => `${(us / 1000).toFixed(2)} ms`;
  console.log(
    `filing CPU without signing: ${ms(without)}; with the receipt: ${ms(withSigning)} ` +
      `(the receipt alone, 1 MiB hashed and signed: ${ms(alone)})`,
  );
}

if (import.meta.url === `file://${process.argv[1]}`) await run();
