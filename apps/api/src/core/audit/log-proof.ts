import { HEAD_OFFICE_ID } from '@canal/shared';
import type { AuditCheckpointWire } from '@canal/shared/contract';
import type { Config } from '../../config';
import type { Db } from '../../db/database';
import type { Signer } from '../../crypto/signing';
import type { Outbox } from '../mail/outbox';
import { auditLeafHash, lockAndExtendTree } from './audit-log';
import {
  checkCheckpointSignature,
  checkpointOrigin,
  CheckpointFormatError,
  parseCheckpoint,
  signCheckpoint,
  type CheckpointNote,
  type PublishedKey,
  type SignedCheckpoint,
} from './checkpoint';
import { checkpointStore } from './checkpoint-store';
import {
  consistencyProof,
  HASH_BYTES,
  inclusionProof,
  MemoryTree,
  treeRoot,
  verifyConsistency,
} from './merkle';
import { auditRepository } from './repository';
import { auditTreeStore } from './tree-store';

/** «1 entrada», «2 entradas»: what the command prints is read by a person. */
const count = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/**
 * Signs a checkpoint of the whole log as it stands (size, root, now), keeps it and mails it to
 * every auditor (decision 0066), all in one transaction under the chain's lock, so the size is
 * the log's at that instant and the mail leaves only if the checkpoint is kept.
 */
export async function issueCheckpoint(
  services: { db: Db; signer: Signer; outbox: Outbox; config: Pick<Config, 'publicUrl'> },
  now = new Date(),
): Promise<SignedCheckpoint> {
  const { db, signer, outbox, config } = services;
  return db.transaction(async (tx) => {
    const size = await lockAndExtendTree(tx);
    const root = await auditTreeStore.withNodes(tx, (get) => treeRoot(get, size));
    const signed = signCheckpoint(signer, {
      origin: checkpointOrigin(config.publicUrl),
      size,
      root,
      issuedAt: new Date(Math.floor(now.getTime())),
    });
    await checkpointStore.insert(tx, signed);
    for (const auditor of await checkpointStore.auditors(tx))
      await outbox.enqueue(tx, {
        to: auditor.email,
        organizationId: auditor.organizations[0] ?? HEAD_OFFICE_ID,
        complaintId: null,
        message: {
          kind: 'staff-audit-checkpoint',
          checkpoint: signed.text,
          size: signed.size,
          issuedAt: signed.issuedAt.toISOString(),
        },
      });
    return signed;
  });
}

export const latestCheckpoint = (db: Db) => checkpointStore.latest(db);
export const checkpointOfSize = (db: Db, size: number) => checkpointStore.ofSize(db, size);

/** A checkpoint as the API sends it (`auditCheckpointSchema`). */
export const checkpointWire = (c: SignedCheckpoint): AuditCheckpointWire => ({
  texto: c.text,
  tamano: c.size,
  raiz: c.root.toString('base64'),
  emitido_en: c.issuedAt.toISOString(),
  clave: c.keyId,
});

/** How old the latest checkpoint may get before the hourly sweep issues the next: under a day. */
export const CHECKPOINT_EVERY_MS = 23 * 60 * 60 * 1000;

/**
 * The sweep's checkpoint (once across the cluster, like the rest of the sweep): a new one when
 * there is none or the latest is CHECKPOINT_EVERY_MS old, so one is signed and mailed every day.
 */
export async function checkpointIfDue(
  services: Parameters<typeof issueCheckpoint>[0],
  now = new Date(),
): Promise<SignedCheckpoint | null> {
  const latest = await checkpointStore.latest(services.db);
  if (latest && now.getTime() - latest.issuedAt.getTime() < CHECKPOINT_EVERY_MS) return null;
  return issueCheckpoint(services, now);
}

export class ProofRangeError extends Error {}

/**
 * The inclusion proof of an entry in the tree of `size` leaves (the latest checkpoint's when not
 * given): its leaf index, leaf hash and audit path (RFC 6962 §2.1.1). Null when the entry is not
 * in the tree (yet).
 */
export async function entryInclusion(db: Db, entryId: number, size: number) {
  const index = await auditTreeStore.indexOf(db, entryId);
  if (index === null || index >= size) return null;
  const { size: current } = await auditTreeStore.head(db);
  if (size > current) throw new ProofRangeError('tamano');
  return auditTreeStore.withNodes(db, (get) => ({
    index,
    size,
    leaf: Buffer.from(get(0, index)),
    path: inclusionProof(get, index, size).map((h) => Buffer.from(h)),
    root: Buffer.from(treeRoot(get, size)),
  }));
}

/** The consistency proof between the trees of `from` and `to` leaves (RFC 6962 §2.1.2). */
export async function logConsistency(db: Db, from: number, to: number) {
  const { size: current } = await auditTreeStore.head(db);
  if (from < 1 || from > to || to > current) throw new ProofRangeError('tamano');
  return auditTreeStore.withNodes(db, (get) => ({
    from,
    to,
    proof: consistencyProof(get, from, to).map((h) => Buffer.from(h)),
    rootFrom: Buffer.from(treeRoot(get, from)),
    rootTo: Buffer.from(treeRoot(get, to)),
  }));
}

/** The log recomputed from its rows: every leaf and the entry of each, in id order. */
export async function recomputeTree(db: Db): Promise<{ tree: MemoryTree; entryIds: number[] }> {
  const chunks: Buffer[] = [];
  const entryIds: number[] = [];
  let after = 0;
  for (;;) {
    const batch = await auditRepository.batchAfter(db, after, 5000);
    if (batch.length === 0) break;
    const leaves = Buffer.allocUnsafe(batch.length * HASH_BYTES);
    batch.forEach((row, i) => auditLeafHash(row).copy(leaves, i * HASH_BYTES));
    chunks.push(leaves);
    for (const row of batch) entryIds.push(row.id);
    after = batch.at(-1)!.id;
  }
  return { tree: new MemoryTree(Buffer.concat(chunks)), entryIds };
}

export interface LogCheck {
  ok: boolean;
  entries: number;
  /** What was checked and held, in Spanish, for the command's output. */
  passed: string[];
  /** The first thing that failed, and the entry it names when one can be named. */
  failure: { reason: string; entryId: number | null } | null;
}

/**
 * The first leaf (below `size`) where the stored tree and the rows disagree: the entry whose row
 * was rewritten, when the tree was left alone. Null when they agree.
 */
async function firstStoredMismatch(
  db: Db,
  tree: MemoryTree,
  entryIds: number[],
  size: number,
): Promise<number | null> {
  for (let from = 0; from < size; from += 5000) {
    const stored = await auditTreeStore.leaves(db, from, Math.min(5000, size - from));
    for (let i = 0; i < Math.min(5000, size - from); i += 1) {
      const row = stored[i];
      const index = from + i;
      if (!row || row.idx !== index || !row.hash.equals(tree.leaf(index)))
        return entryIds[index] ?? row?.entryId ?? null;
    }
  }
  return null;
}

/**
 * Checks the log against signed checkpoints (decision 0066), recomputing every leaf from the rows:
 * a checkpoint someone kept (`kept`, its signature checked with `keys`), whose tree must be a
 * prefix of today's (the same root over its first leaves) — so deleted newest entries, a rewritten
 * entry or a database rolled back to an earlier backup are reported even if whoever did it also
 * rewrote the stored tree and checkpoints; then the latest checkpoint the channel signed, whose
 * root must match the recomputed tree and be consistent with the kept one (RFC 6962 proof,
 * verified); then the stored tree, which serves the proofs.
 */
export async function verifyLogAgainstCheckpoints(
  db: Db,
  options: { kept?: string; keys: readonly PublishedKey[] },
): Promise<LogCheck> {
  const { tree, entryIds } = await recomputeTree(db);
  const n = tree.size;
  const passed: string[] = [];
  const fail = (reason: string, entryId: number | null = null): LogCheck => ({
    ok: false,
    entries: n,
    passed,
    failure: { reason, entryId },
  });
  const nameEntry = async (size: number) =>
    firstStoredMismatch(db, tree, entryIds, Math.min(size, n));

  let kept: CheckpointNote | null = null;
  if (options.kept !== undefined) {
    try {
      kept = parseCheckpoint(options.kept);
    } catch (error) {
      if (error instanceof CheckpointFormatError)
        return fail(`el punto de control guardado no es válido: ${error.message}`);
      throw error;
    }
    const signature = await checkCheckpointSignature(kept, options.keys);
    if (!signature.ok)
      return fail(
        signature.reason === 'clave-revocada'
          ? 'el punto de control guardado está firmado con una clave revocada'
          : signature.reason === 'clave-desconocida'
            ? 'el punto de control guardado está firmado con una clave que el canal no publica'
            : 'la firma del punto de control guardado no es válida: fue alterado',
      );
    passed.push(
      `firma del punto de control guardado (${kept.size} entradas, ${kept.issuedAt.toISOString()}) válida`,
    );
    if (kept.size > n)
      return fail(
        `el registro tiene ${n} entradas y el punto de control guardado ${kept.size}: se ` +
          'eliminaron las últimas entradas o se restauró un respaldo anterior' +
          (n > 0 ? ` (la última que queda es la ${entryIds[n - 1]})` : ''),
      );
    if (!tree.root(kept.size).equals(Buffer.from(kept.root)))
      return fail(
        `las primeras ${kept.size} entradas ya no son las del punto de control guardado: se ` +
          'reescribieron o eliminaron entradas, o se restauró un respaldo anterior',
        await nameEntry(kept.size),
      );
    passed.push(`las primeras ${kept.size} entradas coinciden con el punto de control guardado`);
  }

  const latest = await checkpointStore.latest(db);
  if (latest) {
    const note = parseCheckpoint(latest.text);
    if (!(await checkCheckpointSignature(note, options.keys)).ok)
      return fail('el último punto de control emitido no tiene una firma válida');
    if (latest.size > n)
      return fail(
        `el último punto de control emitido tiene ${latest.size} entradas y el registro ${n}: ` +
          'se eliminaron las últimas entradas',
      );
    if (!tree.root(latest.size).equals(latest.root))
      return fail(
        'el último punto de control emitido no coincide con el registro recalculado',
        await nameEntry(latest.size),
      );
    passed.push(
      `el último punto de control emitido (${count(latest.size, 'entrada', 'entradas')}) coincide`,
    );
    if (kept) {
      const [a, b] = kept.size <= latest.size ? [kept, latest] : [latest, kept];
      const proof = a.size === 0 ? [] : consistencyProof(tree.get, a.size, b.size);
      if (!verifyConsistency(a.size, b.size, a.root, b.root, proof))
        return fail('el punto de control guardado y el último emitido no son consistentes');
      passed.push(
        `prueba de consistencia entre ${a.size} y ${b.size} entradas verificada (${proof.length} hashes)`,
      );
    }
  }

  const { size: stored } = await auditTreeStore.head(db);
  if (stored > n)
    return fail(
      `el árbol guardado tiene ${stored} hojas y el registro ${n} entradas: se eliminaron entradas`,
    );
  if (stored > 0) {
    const storedRoot = await auditTreeStore.withNodes(db, (get) => treeRoot(get, stored));
    if (!storedRoot.equals(tree.root(stored)))
      return fail(
        'el árbol guardado no coincide con las entradas: las pruebas que sirve no valen',
        await nameEntry(stored),
      );
    passed.push(`el árbol guardado (${count(stored, 'hoja', 'hojas')}) coincide con las entradas`);
  }
  return { ok: true, entries: n, passed, failure: null };
}
