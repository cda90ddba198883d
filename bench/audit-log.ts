// The audit log as a Merkle log (issue 20, decision 0066): `node --import tsx bench/audit-log.ts`
// (part of `npm run bench`). The time to verify a log of one million entries against a kept
// checkpoint as `npm run audit:verify -- --checkpoint` does once the rows are read: each entry's
// leaf (canonical JSON, SHA-256), the tree over them, the signature of the checkpoints, the kept
// root recomputed and the consistency proof to the latest checked; beside its floor in the same
// run, SHA-256 of one million leaves of the same size alone. Reading the rows from the database is
// not in the figure. Then the audit page's check of the whole log (decision 0073: the shared
// verifier, WebCrypto, pages of 2000 entries as the API gives them) on BENCH_AUDIT_BROWSER_ENTRIES
// (100 000) entries, in Node. Figures only; nothing is asserted.
import { randomBytes } from 'node:crypto';
import { AuditLogVerifier } from '@canal/shared/proof';
import {
  auditLeafHash,
  checkCheckpointSignature,
  consistencyProof,
  createSigner,
  HASH_BYTES,
  leafEntry,
  leafHash,
  MemoryTree,
  parseCheckpoint,
  signCheckpoint,
  verifyConsistency,
} from '@canal/api/testing';

const ENTRIES = Number(process.env.BENCH_AUDIT_ENTRIES ?? 1_000_000);
const BROWSER_ENTRIES = Math.min(
  ENTRIES,
  Number(process.env.BENCH_AUDIT_BROWSER_ENTRIES ?? 100_000),
);
const KEPT = Math.floor(ENTRIES * 0.6);
const start = Date.parse('2026-01-01T00:00:00Z');

/** A plausible entry: a case view by a person, the chain's hash; ids and instants vary. */
const row = (i: number) => ({
  id: i + 1,
  created_at: new Date(start + i * 1000),
  actor_id: 1 + (i % 40),
  action: 'caso.visto',
  complaint_id: 1 + (i % 5000),
  detail: `{"organizacion":"5f0c4f6e-0b7a-4c52-9d55-${String(i % 1e12).padStart(12, '0')}"}`,
  hash: (i * 2654435761).toString(16).padStart(64, '0').slice(-64),
});

const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;

export async function run(): Promise<void> {
  console.log(
    `== audit log (issue 20): verify ${ENTRIES.toLocaleString('es-CL')} entries against a checkpoint`,
  );
  const signer = createSigner(randomBytes(32));
  const keys = [
    { id: signer.keyId, clave: signer.publicKey.toString('base64'), revocada_en: null },
  ];

  // Floor: SHA-256 of as many leaves of a typical entry's size, nothing else.
  const sample = leafEntry(row(123_456));
  let t0 = performance.now();
  for (let i = 0; i < ENTRIES; i += 1) leafHash(sample);
  const floor = performance.now() - t0;

  // The log as the server has it, and two checkpoints signed over it (the kept one and the latest).
  const built = Buffer.allocUnsafe(ENTRIES * HASH_BYTES);
  for (let i = 0; i < ENTRIES; i += 1) auditLeafHash(row(i)).copy(built, i * HASH_BYTES);
  const honest = new MemoryTree(built);
  const origin = 'canal.example.cl/auditoria';
  const kept = signCheckpoint(signer, {
    origin,
    size: KEPT,
    root: honest.root(KEPT),
    issuedAt: new Date(),
  });
  const latest = signCheckpoint(signer, {
    origin,
    size: ENTRIES,
    root: honest.root(),
    issuedAt: new Date(),
  });

  // The verification: every leaf from its entry, the tree, both signatures, the kept root, the proof.
  t0 = performance.now();
  const leaves = Buffer.allocUnsafe(ENTRIES * HASH_BYTES);
  for (let i = 0; i < ENTRIES; i += 1) auditLeafHash(row(i)).copy(leaves, i * HASH_BYTES);
  const t1 = performance.now();
  const tree = new MemoryTree(leaves);
  const t2 = performance.now();
  const keptNote = parseCheckpoint(kept.text);
  const latestNote = parseCheckpoint(latest.text);
  const signed =
    (await checkCheckpointSignature(keptNote, keys)).ok &&
    (await checkCheckpointSignature(latestNote, keys)).ok;
  const prefix =
    tree.root(KEPT).equals(Buffer.from(keptNote.root)) &&
    tree.root().equals(Buffer.from(latestNote.root));
  const proof = consistencyProof(tree.get, KEPT, ENTRIES);
  const consistent = verifyConsistency(KEPT, ENTRIES, keptNote.root, latestNote.root, proof);
  const total = performance.now() - t0;
  if (!signed || !prefix || !consistent) throw new Error('la verificación del banco falló');

  console.log(
    `verify ${ENTRIES} entries against a checkpoint: ${seconds(total)} ` +
      `(leaves from the entries ${seconds(t1 - t0)}, tree ${seconds(t2 - t1)}, ` +
      `signatures, roots and a ${proof.length}-hash consistency proof ${seconds(total - (t2 - t0))}); ` +
      `floor, SHA-256 of ${ENTRIES} leaves of ${sample.length} bytes alone: ${seconds(floor)}`,
  );

  // The audit page's check: the first BROWSER_ENTRIES entries as the API pages them, chained, each
  // with its stored leaf, against a checkpoint of that size.
  const page = (from: number) =>
    Array.from({ length: Math.min(2000, BROWSER_ENTRIES - from) }, (_, k) => {
      const r = row(from + k);
      return {
        id: r.id,
        hash: r.hash,
        hash_anterior: from + k === 0 ? '0'.repeat(64) : row(from + k - 1).hash,
        version_cadena: 2,
        contenido: {
          fecha: r.created_at.toISOString(),
          accion: r.action,
          usuario_id: r.actor_id,
          caso_id: r.complaint_id,
          detalle: r.detail,
        },
        hoja: null,
        hoja_guardada: honest.leaf(from + k).toString('base64'),
        indice: from + k,
      };
    });
  const browserCheckpoint = signCheckpoint(signer, {
    origin,
    size: BROWSER_ENTRIES,
    root: honest.root(BROWSER_ENTRIES),
    issuedAt: new Date(),
  });
  t0 = performance.now();
  const verifier = new AuditLogVerifier(parseCheckpoint(browserCheckpoint.text));
  for (let from = 0; from < BROWSER_ENTRIES; from += 2000) await verifier.add(page(from));
  const result = await verifier.finish();
  const browser = performance.now() - t0;
  if (!result.ok) throw new Error(`la verificación del navegador falló: ${result.failure.reason}`);
  t0 = performance.now();
  for (let i = 0; i < BROWSER_ENTRIES; i += 1) leafHash(sample);
  const browserFloor = performance.now() - t0;
  console.log(
    `the audit page's check of ${BROWSER_ENTRIES} entries (shared verifier, WebCrypto, pages of 2000 built here): ` +
      `${seconds(browser)}; floor, SHA-256 of ${BROWSER_ENTRIES} leaves alone: ${seconds(browserFloor)}`,
  );
}

if (import.meta.url === `file://${process.argv[1]}`) await run();
