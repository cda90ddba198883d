import {
  ORGANIZATIONS,
  RETALIATION_CHECKIN_DAYS,
  RETALIATION_DUE_WORKING_DAYS,
} from '@canal/shared';
import type { Db } from '../../db/database';
import type { Services } from '../services';
import { complaintsRepository } from '../complaints/repository';
import { complaintStore } from '../complaints/complaint-store';
import { LOG_COMMENTS, LOG_EVENTS, systemEntry } from '../complaints/complaint-log';
import {
  addCalendarDays,
  addWorkingDays,
  civilDateInZone,
  hourInSantiago,
  type CivilDate,
} from '../deadlines';
import { notifyComplainant } from '../notifications/notify';
import { retaliationStore as store } from './retaliation-store';

/** Cases per read; each question is a transaction of its own. */
const BATCH = 200;

/** No question is asked before this hour (Santiago): the mail does not wake anyone. */
export const CHECKIN_HOUR = 9;

/**
 * A question is asked only within this many days of its day: a case closed long before the
 * organisation chose (or the product gained) a day is not asked out of the blue years later.
 */
export const CHECKIN_GRACE_DAYS = 30;

/** The day a report of retaliation made on `day` is due. */
export const retaliationDueDate = (day: CivilDate) =>
  addWorkingDays(day, RETALIATION_DUE_WORKING_DAYS);

/** The days after closing each organisation asks on: its administrators' choice, else the default. */
export async function checkinDaysByOrganisation(db: Db): Promise<Map<string, number[]>> {
  const saved = new Map((await store.settings(db)).map((r) => [r.organization_id, r.days]));
  return new Map(
    ORGANIZATIONS.map((o) => [o.id, saved.get(o.id) ?? [...RETALIATION_CHECKIN_DAYS]]),
  );
}

/**
 * The check-ins after closing (issue 22, decision 0060), as on `now`: each closed case whose
 * complainant has a question due (closing day + one of its organisation's days, within
 * CHECKIN_GRACE_DAYS) and not asked yet is asked once — the latest due day only — with a visible
 * entry in its log and, when the complaint has a contact address, the neutral "your complaint has
 * news" mail, in one transaction with the row that records the question. Blocked and erased cases
 * are not asked. Idempotent: a second run, or a second instance, asks nothing more. Runs in the
 * hourly sweep, once cluster-wide; answers how many were asked.
 */
export async function runRetaliationCheckins(services: Services, now = new Date()) {
  if (hourInSantiago(now) < CHECKIN_HOUR) return 0;
  const { db } = services;
  const today = civilDateInZone(now);
  let asked = 0;
  for (const [organizationId, days] of await checkinDaysByOrganisation(db)) {
    if (days.length === 0) continue;
    const first = Math.min(...days);
    const last = Math.max(...days);
    const closedFrom = addCalendarDays(today, -(last + CHECKIN_GRACE_DAYS));
    const closedTo = addCalendarDays(today, -first);
    for (let after = 0; ;) {
      const batch = await store.candidates(
        db,
        organizationId,
        closedFrom,
        closedTo,
        last,
        after,
        BATCH,
      );
      for (const c of batch) {
        const due = days.filter((d) => addCalendarDays(c.closed as CivilDate, d) <= today);
        const day = Math.max(...due);
        const late = addCalendarDays(c.closed as CivilDate, day + CHECKIN_GRACE_DAYS) < today;
        if (due.length === 0 || late || (c.asked !== null && c.asked >= day)) continue;
        if (await ask(services, c.id, day)) asked++;
      }
      if (batch.length < BATCH) break;
      after = batch.at(-1)!.id;
    }
  }
  return asked;
}

/** One question, in its own transaction; false when another run asked it first. */
async function ask(services: Services, complaintId: number, day: number): Promise<boolean> {
  return services.db.transaction(async (tx) => {
    if (!(await store.recordCheckin(tx, complaintId, day))) return false;
    const row = await complaintsRepository.findById(tx, complaintId);
    if (!row?.data_key) return false;
    const key = services.keyring.unwrapDataKey(row.data_key);
    await complaintStore.appendLog(
      tx,
      systemEntry(complaintId, LOG_EVENTS.retaliationCheckin, true, {
        key,
        text: LOG_COMMENTS.retaliationCheckin(day),
      }),
    );
    await notifyComplainant(services, tx, row, row.status);
    return true;
  });
}
