import { createHash } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import {
  MAX_FILES_PER_REQUEST,
  PENDING_FILING_HEADER,
  PENDING_MESSAGES,
  type BorradorAbierto,
  type DenunciaPayload,
  type Organization,
} from '@canal/shared';
import { withinLimit } from '../../core/auth/client-limit-store';
import type { Services } from '../../core/services';
import type { ReceivedFile, ReceivedUpload } from '../../core/files/receive';
import type { SealedUploadStore, UploadOwner } from '../../core/files/resumable';
import { pendingFilingStore, type PendingFilingRow } from '../../core/files/pending-filing-store';
import { resumableStore, type ResumableRow } from '../../core/files/resumable-store';
import { stagedStore } from '../../core/files/staged-store';
import type { Db } from '../../db/database';
import { AppError } from '../../errors';
import { fileComplaint } from './create-complaint';

const HOUR_MS = 60 * 60 * 1000;

/** The pending filing's token of a request (header `x-borrador`), or null. */
export function pendingToken(request: FastifyRequest): string | null {
  const value = request.headers[PENDING_FILING_HEADER];
  return (Array.isArray(value) ? value[0] : value) ?? null;
}

/**
 * The owner of a tus request made with a pending filing's token (the filing form's files,
 * decision 0074); null when the request carries none (it is then the complainant's, by session).
 * A token that opens no live pending filing of this organisation: 404 in Spanish.
 */
export async function pendingOwner(request: FastifyRequest): Promise<UploadOwner | null> {
  const token = pendingToken(request);
  if (token === null) return null;
  const { db } = request.server.services;
  const row = await pendingFilingStore.byToken(db, request.organization.id, token);
  if (!row) throw new AppError('PENDING_FILING_GONE');
  return { complaintId: null, staffUserId: null, pendingFilingId: row.id };
}

/**
 * Opens a pending filing (POST /v1/denuncias/borradores): a fresh data key kept only wrapped, and
 * a capability token the browser holds. Counted per client like filings (`client_limits`, an
 * HMAC of the address), so one solved bot check does not buy unbounded storage for 24 hours.
 */
export async function openPendingFiling(
  services: Services,
  org: Organization,
  address: string,
  maxPerHour: number,
): Promise<BorradorAbierto> {
  const { db, keyring } = services;
  const hmacKey = keyring.derive('client-limits');
  if (!(await withinLimit(db, hmacKey, 'pending-filings', address, HOUR_MS, maxPerHour)))
    throw new AppError('PENDING_FILING_LIMIT');
  const { wrapped } = keyring.newDataKey();
  const opened = await pendingFilingStore.open(db, org.id, wrapped);
  return { borrador: opened.id, token: opened.token, vence: opened.expiresAt.toISOString() };
}

/** A filing that names a pending filing: its key, adopted as the complaint's, and its files. */
export interface PendingFiling {
  row: PendingFilingRow;
  dataKey: { key: Buffer; wrapped: string };
}

/**
 * The pending filing a filing names (`borrador`), opened by the request's token; a 400 in
 * Spanish when it is unknown, another's, of another organisation or expired: nothing is saved.
 */
export async function namedPendingFiling(
  services: Services,
  request: FastifyRequest,
  id: string,
): Promise<PendingFiling> {
  const row = await pendingFilingStore.byToken(
    services.db,
    request.organization.id,
    pendingToken(request),
  );
  if (!row || row.id !== id) throw new AppError('VALIDATION', PENDING_MESSAGES.filing);
  return {
    row,
    dataKey: { key: services.keyring.unwrapDataKey(row.data_key), wrapped: row.data_key },
  };
}

/**
 * The finished uploads a filing names, as received files: each the pending filing's and whole
 * (else 400, nothing attached), with the SHA-256 of its plaintext for the receipt, read back
 * through the store's decryption (a hash state cannot move between instances mid-upload).
 */
export async function pendingFiles(
  services: Services,
  resumable: SealedUploadStore,
  pending: PendingFiling,
  ids: readonly string[],
): Promise<ReceivedFile[]> {
  if (ids.length > MAX_FILES_PER_REQUEST) throw new AppError('TOO_MANY_FILES');
  const owner = { complaintId: null, staffUserId: null, pendingFilingId: pending.row.id };
  const finished = await resumable.finishedAll(ids, owner);
  try {
    const files: ReceivedFile[] = [];
    for (const file of finished) {
      const hash = createHash('sha256');
      const plain = await services.files.read(file.storageKey, pending.dataKey.key);
      for await (const chunk of plain) hash.update(chunk as Buffer);
      files.push({ ...file, sha256: hash.digest('hex') });
    }
    return files;
  } catch (error) {
    await unstage(services.db, finished);
    throw error;
  }
}

/** Back to their rows' keeping (a filing that failed keeps its pending files for the next try). */
export async function unstage(db: Db, files: readonly { storageKey: string }[]): Promise<void> {
  await stagedStore.remove(
    db,
    files.map((f) => f.storageKey),
  );
}

/**
 * In the filing's transaction: the pending filing's uploads are taken (their rows deleted) and
 * the pending row deleted with the key the complaint adopts, so one key never serves two
 * complaints; a 400 if another filing took it first. The uploads the filing did not name are
 * returned: their objects are deleted once the filing committed.
 */
export async function adoptPendingFiling(
  tx: Db,
  pending: PendingFiling,
  named: readonly string[],
): Promise<ResumableRow[]> {
  const rows = await resumableStore.takePending(tx, pending.row.id);
  if (!(await pendingFilingStore.adopt(tx, pending.row.id)))
    throw new AppError('VALIDATION', PENDING_MESSAGES.filing);
  return rows.filter((row) => !named.includes(row.id));
}

/**
 * Files a complaint that names its pending filing (decision 0074): the pending key becomes the
 * complaint's, the named uploads its files (with any file parts of the request, sealed with the
 * same key), in one transaction. Refused or failed, the pending filing and its uploads stay, so
 * the person can correct and send again; the request's own file parts are deleted.
 */
export async function fileWithPendingFiling(
  services: Services,
  resumable: SealedUploadStore,
  org: Organization,
  upload: ReceivedUpload<DenunciaPayload>,
  pending: PendingFiling,
): Promise<{ ticket: number; email: string }> {
  const ids = upload.json.subidas ?? [];
  let resumed: ReceivedFile[];
  try {
    resumed = await pendingFiles(services, resumable, pending, ids);
    if (upload.files.length + resumed.length > MAX_FILES_PER_REQUEST) {
      await unstage(services.db, resumed);
      throw new AppError('TOO_MANY_FILES');
    }
  } catch (error) {
    await services.files.discard(upload.files);
    throw error;
  }
  let notNamed: ResumableRow[] = [];
  try {
    const created = await fileComplaint(services, org, upload.json, pending.dataKey, upload.files, {
      resumed,
      inTransaction: async (tx) => {
        notNamed = await adoptPendingFiling(tx, pending, ids);
      },
    });
    await resumable.dropTaken(notNamed);
    return created;
  } catch (error) {
    await unstage(services.db, resumed);
    throw error;
  }
}
