import { HEAD_OFFICE_ID, STATUS_CLOSED, webPaths, webUrl } from '@canal/shared';
import type { Services } from '../../core/services';
import type { Db } from '../../db/database';
import { civilDateInZone, hourInSantiago } from '../../core/deadlines';
import { caseMilestones, nextDueDate } from '../../core/deadlines/next-due';
import { casesRepository as repo } from './repository';
import { complaintStore } from '../../core/complaints/complaint-store';
import { caseMilestonesStore } from '../../core/deadlines/case-milestones-store';
import { jobRunsStore } from './job-runs-store';
import { auditHead } from '../../core/audit/audit-log';
import { mailAdministrators } from '../mail/administrators';
import { failedMailStore } from '../mail/failed-mail-store';
import { alertsRepository } from '../../core/notifications/repository';
import { dataRequestsRepository } from '../../core/data-requests/repository';
import { retaliationStore } from '../../core/retaliation/retaliation-store';

/** The hour in Santiago, as the digest reads it (the e2e runs read it here). */
export { hourInSantiago };

export const DIGEST_JOB = 'resumen-plazos';
/** What the digest calls an open report of retaliation, in the milestone column. */
export const RETALIATION_DIGEST_ITEM = 'Atender el aviso de represalias';
/** The digest goes out on the first run at or after this hour (Santiago). */
export const DIGEST_HOUR = 8;

/**
 * The daily job: refreshes the next due date of every case still tracked — open, or closed with
 * duties after closing pending (decision 0013) — (a period can lapse in silence overnight) and
 * mails each assignee their soon-due and overdue milestones (an unassigned case's go to its
 * organisation's alert receivers). Runs once per civil
 * day across every process: the day is claimed in the transaction that does the work and queues
 * the mails, so an error anywhere leaves the day unclaimed and the next hourly run tries again
 * (another instance claiming meanwhile waits on the claim's row until this one commits or rolls
 * back). Returns how many mails were queued, or null when the day was already done or it is too
 * early.
 */
export async function mailDeadlineDigest(
  services: Services,
  now = new Date(),
): Promise<number | null> {
  if (hourInSantiago(now) < DIGEST_HOUR) return null;
  const today = civilDateInZone(now);
  return services.db.transaction(async (db) => {
    if (!(await jobRunsStore.claimDay(db, DIGEST_JOB, today))) return null;
    return refreshAndQueue(services, db, now);
  });
}

async function refreshAndQueue(services: Services, db: Db, now: Date): Promise<number> {
  const { outbox, config } = services;

  const tracked = await repo.trackedCases(db);
  const completedByCase = await caseMilestonesStore.completedOf(
    db,
    tracked.map((c) => c.id),
  );
  for (const c of tracked) {
    const due = nextDueDate({
      typeId: c.type_id,
      receivedAt: c.created_at,
      completed: completedByCase.get(c.id) ?? {},
      closed: c.status === STATUS_CLOSED,
      now,
    });
    if (due !== c.next_due_date) await complaintStore.setNextDueDate(db, c.id, due);
  }

  // Each person's soon-due and overdue milestones: the assignee's, or, for a case nobody (able)
  // holds, every receiver of its organisation's alerts (decision 0012).
  const byPerson = new Map<
    number,
    {
      email: string;
      organizationId: string;
      items: { caseNumber: string; milestone: string; dueDate: string; overdue: boolean }[];
    }
  >();
  for (const c of await repo.trackedForDigest(db)) {
    const items = caseMilestones({
      typeId: c.type_id,
      receivedAt: c.created_at,
      completed: completedByCase.get(c.id) ?? {},
      closed: c.status === STATUS_CLOSED,
      now,
    })
      .filter((m) => m.tracked && (m.state === 'soon' || m.state === 'overdue'))
      .map((m) => ({
        caseNumber: c.case_number,
        milestone: m.label,
        dueDate: m.dueDate.split('-').reverse().join('-'),
        overdue: m.state === 'overdue',
      }));
    if (items.length === 0) continue;
    const people =
      c.assignee_id !== null && c.email !== null
        ? [{ id: c.assignee_id, email: c.email }]
        : await alertsRepository.receivers(db, c);
    for (const person of people) {
      const entry = byPerson.get(person.id) ?? {
        email: person.email,
        organizationId: c.organization_id,
        items: [],
      };
      entry.items.push(...items);
      byPerson.set(person.id, entry);
    }
  }
  // Open reports of retaliation after closing (decision 0060): each stays in the digest of whoever
  // handles the case and of the administrators who work on its organisation (those its alert
  // reached) until someone records it attended. The case is closed: no milestone names it.
  const today = civilDateInZone(now);
  for (const r of await retaliationStore.openForDigest(db)) {
    const item = {
      caseNumber: r.case_number,
      milestone: RETALIATION_DIGEST_ITEM,
      dueDate: r.due_date.split('-').reverse().join('-'),
      overdue: r.due_date < today,
    };
    const people = [
      ...(r.assignee_id !== null && r.email !== null
        ? [{ id: r.assignee_id, email: r.email }]
        : []),
      ...(await alertsRepository.administrators(
        db,
        { id: r.complaint_id, organization_id: r.organization_id },
        null,
      )),
    ];
    for (const person of new Map(people.map((p) => [p.id, p])).values()) {
      const entry = byPerson.get(person.id) ?? {
        email: person.email,
        organizationId: r.organization_id,
        items: [],
      };
      entry.items.push(item);
      byPerson.set(person.id, entry);
    }
  }

  // Administrators: the audit log's head, anchored outside the database by this very mail, and
  // the mail given up for good.
  const head = await auditHead(db);
  const { total: failedMails } = await failedMailStore.list(db, 1);
  const admins = await failedMailStore.administratorEmails(db);
  await mailAdministrators(outbox, db, admins, {
    kind: 'staff-admin-digest',
    auditHead: head,
    failedMails,
    dataRequests: await dataRequestsRepository.openCounts(db, null, civilDateInZone(now)),
    backOfficeUrl: webUrl(config.publicUrl, webPaths.staffInbox()),
  });
  for (const entry of byPerson.values()) {
    await outbox.enqueue(db, {
      to: entry.email,
      organizationId: entry.organizationId ?? HEAD_OFFICE_ID,
      complaintId: null,
      message: {
        kind: 'staff-deadlines',
        items: entry.items,
        backOfficeUrl: webUrl(config.publicUrl, webPaths.staffInbox()),
      },
    });
  }
  return byPerson.size;
}
