import { createHash, createHmac } from 'node:crypto';
import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { AuditAction } from '@canal/shared';
import {
  AUDIT_GENESIS_HASH,
  auditEntryContentJson,
  auditLeafEntryJson,
  canonicalJson,
  type AuditEntryContent,
  type CanonicalObject,
} from '@canal/shared/proof';
import type { Db } from '../../db/database';
import { auditRepository, type AuditRow } from './repository';
import { leafHash } from './merkle';
import { auditTreeStore } from './tree-store';

/**
 * What the audit log records (DESIGN §8): sign-ins, case views, downloads, changes and exports;
 * the list and its words are in @canal/shared (audit-actions.ts).
 */
export type { AuditAction };

export interface AuditEntryInput {
  actorId: number | null;
  action: AuditAction;
  complaintId?: number | null;
  /**
   * Never personal data of a complainant: ids, statuses, keys. Stored as its canonical JSON, the
   * signed records' (`@canal/shared/proof`): only strings, safe integers, booleans, null, arrays
   * and plain objects; a member set to `undefined` is left out.
   */
  detail?: CanonicalObject;
}

export type { AuditRow };

export const GENESIS_HASH = AUDIT_GENESIS_HASH;
// Any constant: every process appends through the same lock, so the chain has one order.
const AUDIT_LOCK = 72_164_302;

type EntryRow = Omit<AuditRow, 'hash' | 'prev_hash' | 'chain_version'>;

/** An entry's own fields, as the chain and the tree hash them: everything but the hashes. */
const contentOf = (row: EntryRow): AuditEntryContent => ({
  id: row.id,
  created_at: row.created_at.toISOString(),
  actor_id: row.actor_id,
  action: row.action,
  complaint_id: row.complaint_id,
  detail: row.detail,
});

/**
 * The hashed content of an entry: the canonical JSON of its fields, written by the code the
 * browser's check shares (`@canal/shared/proof`), the same bytes `canonicalJson` gives them.
 */
const hashedContent = (row: EntryRow) => auditEntryContentJson(contentOf(row));

/** Version 1 (rows before migration 003): a plain SHA-256 link, which anyone can recompute. */
export const entryHash = (prevHash: string, row: EntryRow) =>
  createHash('sha256').update(prevHash).update(hashedContent(row)).digest('hex');

/**
 * Version 2: an HMAC-SHA-256 link keyed with `audit-chain`, derived from the master key (never in
 * the database): whoever can write the table cannot forge an entry nor re-chain after an edit.
 */
export const keyedEntryHash = (key: Buffer, prevHash: string, row: EntryRow) =>
  createHmac('sha256', key)
    .update('canal/audit/v2|')
    .update(prevHash)
    .update(hashedContent(row))
    .digest('hex');

export const CHAIN_VERSION = 2;

/**
 * An entry's bytes in the Merkle tree (decision 0066): the UTF-8 canonical JSON of its content and
 * its chain hash, so a checkpoint commits to the chain as well. Anyone holding the rows
 * recomputes it; no key is needed.
 */
const leafText = (row: Omit<AuditRow, 'prev_hash' | 'chain_version'>) =>
  auditLeafEntryJson({ ...contentOf(row), hash: row.hash });

export const leafEntry = (row: Omit<AuditRow, 'prev_hash' | 'chain_version'>): Buffer =>
  Buffer.from(leafText(row), 'utf8');

export const auditLeafHash = (row: Omit<AuditRow, 'prev_hash' | 'chain_version'>) =>
  leafHash(leafText(row));

/**
 * Adds to the tree every entry after its last leaf, in id order: normally the entry just
 * appended; after migration 044, the whole log before it. Under the chain's lock (the caller's).
 */
export async function extendAuditTree(tx: Db): Promise<number> {
  let { size, lastEntryId } = await auditTreeStore.head(tx);
  for (;;) {
    const batch = await auditRepository.batchAfter(tx, lastEntryId ?? 0, 1000);
    if (batch.length === 0) return size;
    for (const row of batch) {
      await auditTreeStore.appendLeaf(tx, size, row.id, auditLeafHash(row));
      size += 1;
      lastEntryId = row.id;
    }
  }
}

/** Takes the chain's lock for the transaction (appends wait) and brings the tree up to date. */
export async function lockAndExtendTree(tx: Db): Promise<number> {
  await auditRepository.lockAndReadLast(tx, AUDIT_LOCK);
  return extendAuditTree(tx);
}

/** What appending and verifying need: the chain key and where the head is anchored. */
export interface AuditChainSettings {
  key: Buffer;
  /** A file outside the database holding the last entry's id and hash. */
  anchorFile: string;
}

export interface AuditAnchor {
  id: number;
  hash: string;
}

export function readAnchor(file: string): AuditAnchor | null {
  try {
    const parsed = JSON.parse(readFileSync(file, 'utf8')) as Partial<AuditAnchor>;
    return typeof parsed.id === 'number' && typeof parsed.hash === 'string'
      ? { id: parsed.id, hash: parsed.hash }
      : null;
  } catch {
    return null;
  }
}

/** Writes the head (never backwards: a slower process with an older head leaves the newer one). */
function writeAnchor(file: string, head: AuditAnchor): void {
  const current = readAnchor(file);
  if (current && current.id >= head.id) return;
  mkdirSync(path.dirname(file), { recursive: true });
  const temp = `${file}.${process.pid}.tmp`;
  writeFileSync(temp, JSON.stringify({ ...head, at: new Date().toISOString() }), { mode: 0o600 });
  renameSync(temp, file);
}

/**
 * The anchor against the table: the anchored entry must still be there with the same hash. It is
 * null when they agree (or there is no anchor yet), else what is wrong, in Spanish.
 */
async function anchorDiscrepancy(db: Db, anchor: AuditAnchor | null): Promise<string | null> {
  if (!anchor) return null;
  const hash = await auditRepository.hashOf(db, anchor.id);
  if (hash === null)
    return `falta la entrada anclada ${anchor.id}: se eliminaron entradas del registro`;
  if (hash !== anchor.hash) return `la entrada anclada ${anchor.id} fue reescrita`;
  return null;
}

export const DISCREPANCY_ACTION: AuditAction = 'auditoria.discrepancia';

/**
 * Appends one entry, chained to the last: inside the caller's transaction when it has one (so a
 * change and its audit entry commit together), serialised across processes by an advisory lock.
 * Before appending it compares the table with the anchor; a discrepancy (a deleted or rewritten
 * head) is recorded as an entry of its own first, so later activity cannot hide it. The anchor
 * moves to the new head once the transaction commits.
 */
export async function appendAudit(
  services: { auditChain: AuditChainSettings },
  db: Db,
  input: AuditEntryInput,
): Promise<void> {
  await appendAudits(services, db, [input]);
}

/**
 * Appends `inputs` in order, chained, under one acquisition of the chain's lock, with one round
 * trip for their ids and one for their rows (the retention sweep's batches: decision 0065);
 * otherwise as `appendAudit`. Nothing when `inputs` is empty.
 */
export async function appendAudits(
  services: { auditChain: AuditChainSettings },
  db: Db,
  inputs: AuditEntryInput[],
): Promise<void> {
  if (inputs.length === 0) return;
  const { key, anchorFile } = services.auditChain;
  await db.transaction(async (tx) => {
    const last = await auditRepository.lockAndReadLast(tx, AUDIT_LOCK);
    const anchor = readAnchor(anchorFile);
    const discrepancy = await anchorDiscrepancy(tx, anchor);
    const entries: AuditEntryInput[] = discrepancy
      ? [
          {
            actorId: null,
            action: DISCREPANCY_ACTION,
            detail: {
              motivo: discrepancy,
              ancla: anchor ? { id: anchor.id, hash: anchor.hash } : null,
              ultima: last ? { id: last.id, hash: last.hash } : null,
            },
          },
          ...inputs,
        ]
      : inputs;
    const ids = await auditRepository.nextIds(tx, entries.length);
    // Milliseconds only, so the value read back from timestamptz is the one hashed.
    const createdAt = new Date(Math.floor(Date.now()));
    let prevHash = last?.hash ?? GENESIS_HASH;
    const rows: AuditRow[] = entries.map((entry, i) => {
      const row = {
        id: ids[i]!,
        created_at: createdAt,
        actor_id: entry.actorId,
        action: entry.action,
        complaint_id: entry.complaintId ?? null,
        detail: canonicalJson(entry.detail ?? {}),
      };
      const hash = keyedEntryHash(key, prevHash, row);
      const chained = { ...row, prev_hash: prevHash, hash, chain_version: CHAIN_VERSION };
      prevHash = hash;
      return chained;
    });
    await auditRepository.insertMany(tx, rows);
    // The Merkle tree takes the new leaves in the same transaction, under the same lock.
    await extendAuditTree(tx);
    const committed = { id: rows.at(-1)!.id, hash: rows.at(-1)!.hash };
    if (tx.afterCommit) tx.afterCommit(() => writeAnchor(anchorFile, committed));
    else writeAnchor(anchorFile, committed);
  });
}

/**
 * A warning when the log has entries but its anchor file is missing: a database restored without
 * its backup's anchor (or an anchor file lost) starts a fresh anchor, and the newest entries could
 * then be deleted unseen until the first append. Null when there is an anchor or no entry.
 */
export async function missingAnchor(
  services: { auditChain: AuditChainSettings },
  db: Db,
): Promise<string | null> {
  const { anchorFile } = services.auditChain;
  if (readAnchor(anchorFile)) return null;
  const head = await auditRepository.last(db);
  if (!head) return null;
  return (
    `el registro de auditoría tiene entradas (la última, ${head.id}) pero no hay ancla en ` +
    `${anchorFile}: si se restauró un respaldo, restaure también su audit-anchor.json ` +
    `(docs/operations.md); sin ancla no se detecta que falten las últimas entradas`
  );
}

/** The head to quote outside the database (the administrators' daily mail), or null when empty. */
export const auditHead = (db: Db) => auditRepository.last(db);

export interface ChainReport {
  ok: boolean;
  entries: number;
  /** The first entry that does not fit the chain (or the anchor), and why. */
  firstBroken: { id: number; reason: string } | null;
}

/**
 * Walks the whole chain in id order, recomputing every link: version 1 rows with SHA-256 and
 * consecutive ids, version 2 rows with the keyed HMAC (ids may skip: a rolled-back append uses
 * one up); a version 1 row after a version 2 one is a forgery. Then the anchor: the anchored entry
 * must still be there, unchanged. Then any discrepancy recorded on append.
 */
export async function verifyAuditChain(
  services: { auditChain: AuditChainSettings },
  db: Db,
  batchSize = 1000,
): Promise<ChainReport> {
  const { key, anchorFile } = services.auditChain;
  let prevHash = GENESIS_HASH;
  let prevId = 0;
  let keyed = false;
  let entries = 0;
  let firstDiscrepancy: { id: number; reason: string } | null = null;
  for (;;) {
    const batch = await auditRepository.batchAfter(db, prevId, batchSize);
    if (batch.length === 0) break;
    for (const row of batch) {
      const broken = (reason: string): ChainReport => ({
        ok: false,
        entries,
        firstBroken: { id: row.id, reason },
      });
      if (row.chain_version === 1) {
        if (keyed) return broken('entrada sin clave después de la cadena con clave');
        if (row.id !== prevId + 1) return broken(`falta la entrada ${prevId + 1}`);
      } else if (row.chain_version !== CHAIN_VERSION)
        return broken('versión de cadena desconocida');
      if (row.prev_hash !== prevHash) return broken('no enlaza con la entrada anterior');
      const expected =
        row.chain_version === 1 ? entryHash(prevHash, row) : keyedEntryHash(key, prevHash, row);
      if (expected !== row.hash) return broken('su contenido fue modificado');
      if (row.action === DISCREPANCY_ACTION && !firstDiscrepancy) {
        const detail = JSON.parse(row.detail) as { motivo?: string };
        firstDiscrepancy = {
          id: row.id,
          reason: `discrepancia con el ancla registrada: ${detail.motivo ?? 'sin detalle'}`,
        };
      }
      keyed = keyed || row.chain_version === CHAIN_VERSION;
      prevHash = row.hash;
      prevId = row.id;
      entries += 1;
    }
  }
  const anchor = readAnchor(anchorFile);
  const discrepancy = await anchorDiscrepancy(db, anchor);
  if (discrepancy)
    return { ok: false, entries, firstBroken: { id: anchor!.id, reason: discrepancy } };
  if (firstDiscrepancy) return { ok: false, entries, firstBroken: firstDiscrepancy };
  return { ok: true, entries, firstBroken: null };
}
