// The ceiling of filing: `@node-rs/argon2` alone, in a process of its own, with the parameters the
// server hashes passwords with, `argv[2]` hashes at a time for `argv[3]` seconds. Prints
// {"perSecond": …, "cpuMsPerHash": …} (the process's CPU, all threads, per hash).
import { hash } from '@node-rs/argon2';
import { PASSWORD_HASH_OPTIONS } from '@canal/api/testing';

const parallel = Number(process.argv[2] ?? 1);
const seconds = Number(process.argv[3] ?? 5);
await hash('calentamiento', PASSWORD_HASH_OPTIONS);
const ends = performance.now() + seconds * 1000;
let done = 0;
const started = performance.now();
const cpu = process.cpuUsage();
await Promise.all(
  Array.from({ length: parallel }, async (_, i) => {
    while (performance.now() < ends) {
      await hash(`Segura#2024-${i}-${done}`, PASSWORD_HASH_OPTIONS);
      done += 1;
    }
  }),
);
const used = process.cpuUsage(cpu);
process.stdout.write(
  `${JSON.stringify({
    perSecond: done / ((performance.now() - started) / 1000),
    cpuMsPerHash: (used.user + used.system) / 1000 / Math.max(1, done),
  })}\n`,
);
