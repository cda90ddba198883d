import { isoDayFromParts, todayInChile } from '@canal/shared';
import { addDays, ErasedKeyError } from '../../crypto/erasure-keys';
import type { Db } from '../../db/database';
import { appendAudit } from '../audit/audit-log';
import { complaintStore } from '../complaints/complaint-store';
import { dataRequestsRepository } from '../data-requests/repository';
import { stagedStore } from '../files/staged-store';
import type { Services } from '../services';
import { retentionYearsFor } from '../privacy/settings';
import { retentionRepository as repo, type DueCase } from './repository';

/** Cases per read; each erasure is one transaction of its own, so a stop loses nothing. */
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

/**
 * The retention sweep (issue 19, decisions 0046 and 0047), as if on `asOf` (default: today in
 * Chile). With `dryRun`, only lists the cases due. Otherwise:
 * 1. erases each due case, one transaction each with its audit entry (`caso.eliminado`), then
 *    deletes its files from the object store (a failure is left to the hourly sweep);
 * 2. seals every other closed case's data key until its erasure day, and unseals a held or
 *    reopened case's;
 * 3. moves the erasure ratchet to the day after `asOf`: the keys of the erased cases' days are
 *    destroyed, so no backup of the database can open them.
 * Run on one instance of the cluster at a time (runtime.ts `exclusively`).
 */
export async function runRetention(
  services: Services,
  options: { asOf?: string; dryRun?: boolean } = {},
): Promise<RetentionResult> {
  const { db } = services;
  const asOf = options.asOf ?? chileToday();
  const due = await dueCases(db, asOf);
  const result: RetentionResult = { asOf, due, erased: 0, files: 0, sealed: 0, requests: 0 };
  if (options.dryRun) return result;
  for (const c of due) {
    const erased = await db.transaction(async (tx) => {
      const done = await complaintStore.eraseComplaint(tx, c.id);
      if (!done) return null;
      // Given to the hourly sweep at once: deleted below, or by it when that fails.
      await stagedStore.restore(tx, done.storageKeys);
      await appendAudit(services, tx, {
        actorId: null,
        action: 'caso.eliminado',
        complaintId: c.id,
        detail: {
          numero: c.case_number,
          cerrado: c.closed,
          plazo_vencido: c.due,
          referencia: asOf,
        },
      });
      result.requests += await redactRequests(services, tx, c.id);
      return done.storageKeys;
    });
    if (!erased) continue;
    result.erased++;
    for (const key of erased) {
      try {
        await services.files.store.delete(key);
        await stagedStore.remove(db, [key]);
        result.files++;
      } catch {
        // Still in staged_files: the hourly sweep deletes it.
      }
    }
  }
  // Requests answered after their cases were erased.
  result.requests += await db.transaction((tx) => redactRequests(services, tx, null));
  result.sealed = await sealUntilErasureDays(services, asOf);
  await services.erasure.advanceTo(addDays(asOf, 1));
  return result;
}

/**
 * The requests register keeps each request as evidence, but an answered one whose every case is
 * erased loses its personal data with them (decision 0048), audited as `solicitud_datos.depurada`.
 */
async function redactRequests(services: Services, tx: Db, complaintId: number | null) {
  const ids = await dataRequestsRepository.redactAfterErasure(tx, complaintId);
  for (const id of ids)
    await appendAudit(services, tx, {
      actorId: null,
      action: 'solicitud_datos.depurada',
      detail: { solicitud_id: id },
    });
  return ids.length;
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
