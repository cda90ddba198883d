import { isoDayFromParts, todayInChile } from '@canal/shared';
import { addDays, ErasedKeyError } from '../../crypto/erasure-keys';
import type { Db } from '../../db/database';
import { appendAudits } from '../audit/audit-log';
import { complaintStore } from '../complaints/complaint-store';
import { dataRequestsRepository } from '../data-requests/repository';
import { stagedStore } from '../files/staged-store';
import type { Services } from '../services';
import { retentionYearsFor } from '../privacy/settings';
import { retentionRepository as repo, type DueCase } from './repository';

/** Cases per read of the due and closed lists. */
const BATCH = 200;

/** The retention period of an organisation's closed cases: its administrators' setting (issue 19). */
export { retentionYearsFor };

/** `day` (yyyy-mm-dd) moved by whole years; 29 February becomes 28 February. */
export function addYears(day: string, years: number): string {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  const year = y + years;
  const leap = (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
  const dd = m === 2 && d === 29 && !leap ? 28 : d;
  return `${year}-${String(m).padStart(2, '0')}-${String(dd).padStart(2, '0')}`;
}

export interface DueListing extends DueCase {
  /** The day its retention period ends (closing + the organisation's years). */
  due: string;
}

export interface RetentionResult {
  asOf: string;
  due: DueListing[];
  erased: number;
  /** Files deleted from the object store (those that failed are left to the hourly sweep). */
  files: number;
  sealed: number;
  /** Answered data-protection requests whose personal data went with their cases (decision 0048). */
  requests: number;
}

/** Today's day in Chile, the sweep's default reference. */
export const chileToday = (now = new Date()) => isoDayFromParts(todayInChile(now));

/** The closed cases whose period has ended on `asOf`, every organisation, held ones excepted. */
export async function dueCases(db: Db, asOf: string): Promise<DueListing[]> {
  const due: DueListing[] = [];
  for (const org of await repo.organisationsWithClosedCases(db)) {
    const years = await retentionYearsFor(db, org);
    // Closed on or before this day ⇔ closing + years ≤ asOf.
    const closedBy = addYears(asOf, -years);
    for (let after = 0; ;) {
      const batch = await repo.due(db, org, closedBy, after, BATCH);
      for (const c of batch) due.push({ ...c, due: addYears(c.closed, years) });
      if (batch.length < BATCH) break;
      after = batch.at(-1)!.id;
    }
  }
  return due.sort((a, b) => a.id - b.id);
}

/** Due cases erased per transaction (decision 0065): one set-based erasure, one audit append. */
export const ERASE_BATCH = 200;
/** Object-store deletes at once after a batch commits (local folder or bucket alike). */
const DELETE_CONCURRENCY = 16;

/**
 * The retention sweep (issue 19, decisions 0046, 0047 and 0065), as if on `asOf` (default: today
 * in Chile). With `dryRun`, only lists the cases due. Otherwise:
 * 1. erases the due cases in batches of `ERASE_BATCH`, one transaction each: the batch's rows
 *    become tombstones, the requests about them lose their personal data, and their audit entries
 *    (`caso.eliminado`, `solicitud_datos.depurada`) are appended together; a failure rolls the
 *    whole batch back, so no case is ever half-erased. After commit, their files leave the object
 *    store, a few at a time (each key was handed to `staged_files` in the batch's transaction, so a
 *    delete that fails or never runs is the hourly sweep's, and deleting twice is harmless);
 * 2. redacts the answered requests naming no case whose retention period has run from their
 *    answer, and those answered after their cases were erased;
 * 3. seals every other closed case's data key until its erasure day, and unseals a held or
 *    reopened case's;
 * 4. moves the erasure ratchet to the day after `asOf`: the keys of the erased cases' days are
 *    destroyed, so no backup of the database can open them.
 * Run on one instance of the cluster at a time (runtime.ts `exclusively`).
 */
export async function runRetention(
  services: Services,
  options: { asOf?: string; dryRun?: boolean; batchSize?: number } = {},
): Promise<RetentionResult> {
  const { db } = services;
  const asOf = options.asOf ?? chileToday();
  const due = await dueCases(db, asOf);
  const result: RetentionResult = { asOf, due, erased: 0, files: 0, sealed: 0, requests: 0 };
  if (options.dryRun) return result;
  const size = options.batchSize ?? ERASE_BATCH;
  for (let first = 0; first < due.length; first += size) {
    const batch = due.slice(first, first + size);
    const done = await db.transaction(async (tx) => {
      const { erased, storageKeys } = await complaintStore.eraseComplaints(
        tx,
        batch.map((c) => c.id),
      );
      if (erased.length === 0) return null;
      // Given to the hourly sweep at once: deleted below, or by it when that fails.
      await stagedStore.restore(tx, storageKeys);
      const redacted = await dataRequestsRepository.redactAfterErasure(tx, erased);
      const gone = new Set(erased);
      await appendAudits(services, tx, [
        ...batch
          .filter((c) => gone.has(c.id))
          .map((c) => ({
            actorId: null,
            action: 'caso.eliminado' as const,
            complaintId: c.id,
            detail: {
              numero: c.case_number,
              cerrado: c.closed,
              plazo_vencido: c.due,
              referencia: asOf,
            },
          })),
        ...redactionEntries(redacted),
      ]);
      return { erased: erased.length, redacted: redacted.length, storageKeys };
    });
    if (!done) continue;
    result.erased += done.erased;
    result.requests += done.redacted;
    result.files += await deleteObjects(services, done.storageKeys);
  }
  result.requests += await redactRequestsWithoutCases(services, asOf);
  // Requests answered after their cases were erased.
  result.requests += await db.transaction(async (tx) => {
    const ids = await dataRequestsRepository.redactAfterErasure(tx, null);
    await appendAudits(services, tx, redactionEntries(ids));
    return ids.length;
  });
  result.sealed = await sealUntilErasureDays(services, asOf);
  await services.erasure.advanceTo(addDays(asOf, 1));
  return result;
}

/**
 * Deletes erased cases' objects, `DELETE_CONCURRENCY` at a time, and takes the deleted ones off
 * `staged_files` in one statement; a failed one stays there for the hourly sweep. How many went.
 */
async function deleteObjects(services: Services, keys: string[]): Promise<number> {
  const deleted: string[] = [];
  for (let first = 0; first < keys.length; first += DELETE_CONCURRENCY) {
    const chunk = keys.slice(first, first + DELETE_CONCURRENCY);
    const results = await Promise.allSettled(chunk.map((k) => services.files.store.delete(k)));
    chunk.forEach((k, i) => {
      if (results[i]!.status === 'fulfilled') deleted.push(k);
    });
  }
  try {
    await stagedStore.remove(services.db, deleted);
  } catch {
    // Still in staged_files: the hourly sweep deletes them again, which finds nothing.
  }
  return deleted.length;
}

/**
 * The requests register keeps each request as evidence, but an answered one loses its personal
 * data when its every case is erased (decision 0048) or, naming no case, once the organisation's
 * retention period has run from its answer (decision 0065): audited as `solicitud_datos.depurada`.
 */
const redactionEntries = (ids: number[], detail: Record<string, unknown> = {}) =>
  ids.map((id) => ({
    actorId: null,
    action: 'solicitud_datos.depurada' as const,
    detail: { solicitud_id: id, ...detail },
  }));

/** Answered requests naming no case, answered `years` or more before `asOf`: one batch per organisation. */
async function redactRequestsWithoutCases(services: Services, asOf: string): Promise<number> {
  const { db } = services;
  let redacted = 0;
  for (const org of await dataRequestsRepository.organizationsWithoutCases(db)) {
    const answeredBy = addYears(asOf, -(await retentionYearsFor(db, org)));
    redacted += await db.transaction(async (tx) => {
      const ids = await dataRequestsRepository.redactWithoutCases(tx, org, answeredBy);
      await appendAudits(
        services,
        tx,
        redactionEntries(ids, { sin_casos: true, respondida_hasta: answeredBy, referencia: asOf }),
      );
      return ids.length;
    });
  }
  return redacted;
}

/**
 * Each closed case's data key sealed until its erasure day (the day after `asOf` or later), held
 * and reopened cases' unsealed; compare-and-set, so a concurrent change wins. Returns how many
 * keys it rewrote.
 */
async function sealUntilErasureDays(services: Services, asOf: string): Promise<number> {
  const { db, keyring } = services;
  const first = services.erasure.keys.firstDay;
  const years = new Map<string, number>();
  let rewritten = 0;
  const set = async (id: number, old: string, day: string | null) => {
    if (keyring.sealedDay(old) === day) return;
    try {
      await complaintStore.rewrapDataKey(db, id, old, keyring.sealDataKeyUntil(old, day));
      rewritten++;
    } catch (error) {
      // Its day has passed: the key is destroyed already, and the case is due.
      if (!(error instanceof ErasedKeyError)) throw error;
    }
  };
  for (let after = 0; ;) {
    const batch = await repo.closed(db, after, BATCH);
    for (const c of batch) {
      after = c.id;
      if (!years.has(c.organization_id))
        years.set(c.organization_id, await retentionYearsFor(db, c.organization_id));
      const day = addYears(c.closed, years.get(c.organization_id)!);
      // Due by `asOf` (and not erased: held, or its erasure failed): no day key to seal it with.
      if (c.held) await set(c.id, c.data_key, null);
      else if (day > asOf && day >= first) await set(c.id, c.data_key, day);
    }
    if (batch.length < BATCH) break;
  }
  for (let after = 0; ;) {
    const batch = await repo.sealedOpen(db, after, BATCH);
    for (const c of batch) {
      after = c.id;
      await set(c.id, c.data_key, null);
    }
    if (batch.length < BATCH) break;
  }
  return rewritten;
}
