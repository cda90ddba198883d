import { STAFF_MESSAGES, STATUS_CLOSED } from '@canal/shared';
import { sealField } from '../../../crypto/sealed-field';
import type { Db } from '../../../db/database';
import { AppError } from '../../../errors';
import type { Services } from '../../../core/services';
import { LOG_EVENTS } from '../../../core/complaints/complaint-log';
import { complaintStore } from '../../../core/complaints/complaint-store';
import type { ComplaintRow } from '../../../core/complaints/repository';
import { regimeForType, type MilestoneKey } from '../../../core/deadlines';
import { caseMilestonesStore } from '../../../core/deadlines/case-milestones-store';
import { openAtClosing, openKeys, type OpenAtClosing } from '../../../core/deadlines/next-due';
import { notifyComplainant } from '../../../core/notifications/notify';
import type { StaffUser } from '../../staff/roles';
import { caseToChange } from '../access';
import { assertOpen, logChange, refreshNextDue, today } from './change';

export interface StatusChange {
  estado: string;
  comentario: string;
  resolucion?: string;
  /** Closing: the open milestones the person was shown and confirms (decision 0013). */
  hitos_confirmados?: string[];
}

/**
 * A new status with a comment the complainant reads (and, to close, the resolution): one visible
 * log entry, the first-answer date, the next due date, a neutral mail and an audit entry, together.
 */
export async function changeStatus(
  services: Services,
  user: StaffUser,
  id: number,
  change: StatusChange,
): Promise<void> {
  const row = await caseToChange(services, user, id);
  assertOpen(row);
  if (change.estado === row.status) throw new AppError('SAME_STATUS');
  const closing = change.estado === STATUS_CLOSED;
  if (closing && !change.resolucion?.trim())
    throw new AppError('VALIDATION', STAFF_MESSAGES.closingNeedsResolution);
  const key = services.keyring.unwrapDataKey(row.data_key);
  const comment = closing
    ? `${change.comentario.trim()}\n\nResolución: ${change.resolucion!.trim()}`
    : change.comentario.trim();
  await services.db.transaction(async (tx) => {
    // Closing leaves no legal milestone open unseen, and records the investigation's closing.
    const confirmed = closing
      ? await confirmClosing(tx, row, change.hitos_confirmados ?? [])
      : null;
    const recorded = confirmed?.records;
    if (recorded) {
      await caseMilestonesStore.record(tx, id, recorded.key, today(), user.id);
      await logChange(
        { services, tx, user, id },
        { event: LOG_EVENTS.milestoneAtClosing(recorded.label), visible: false },
        { action: 'caso.hito', detail: { hito: recorded.key, fecha: today() } },
      );
    }
    await complaintStore.setStatus(
      tx,
      id,
      change.estado,
      today(),
      closing
        ? sealField(key, change.resolucion!.trim(), {
            complaintId: id,
            field: 'complaints.resolution',
          })
        : null,
    );
    await refreshNextDue(tx, row, closing);
    await notifyComplainant(services, tx, row, change.estado);
    await logChange(
      { services, tx, user, id },
      { event: LOG_EVENTS.status(change.estado), comment: { key, text: comment }, visible: true },
      {
        action: 'caso.estado',
        detail: {
          de: row.status,
          a: change.estado,
          // What the person confirmed closing with: the milestones left open.
          ...(confirmed ? { hitos_abiertos: confirmed.open } : {}),
        },
      },
    );
  });
}

/**
 * Refuses a closing (409, naming them) while a milestone it leaves open is not among the confirmed
 * ones (read in the change's transaction); answers those open milestones and the one the closing
 * records, if any.
 */
async function confirmClosing(
  tx: Db,
  row: ComplaintRow,
  confirmed: readonly string[],
): Promise<{ open: MilestoneKey[]; records: { key: MilestoneKey; label: string } | null }> {
  const completed = await caseMilestonesStore.completed(tx, row.id);
  const open = openAtClosing({
    typeId: row.type_id,
    receivedAt: row.created_at,
    completed,
    now: new Date(),
  });
  const keys = openKeys(open);
  if (keys.some((k) => !confirmed.includes(k)))
    throw new AppError('OPEN_MILESTONES', openMilestonesMessage(open));
  const rule = regimeForType(row.type_id).rules.find((r) => r.key === open.records);
  return { open: keys, records: rule ? { key: rule.key, label: rule.label } : null };
}

const dayMonthYear = (date: string) => date.split('-').reverse().join('-');

/** The 409 a closing gets while milestones it leaves open are not confirmed: it names them all. */
export function openMilestonesMessage(open: OpenAtClosing): string {
  const parts = ['El caso tiene hitos legales abiertos.'];
  if (open.unrecorded.length > 0)
    parts.push(`Quedarán como no registrados: ${open.unrecorded.map((m) => m.label).join('; ')}.`);
  if (open.afterClosing.length > 0)
    parts.push(
      'Seguirán pendientes después del cierre, con avisos por correo hasta registrarlos: ' +
        `${open.afterClosing.map((m) => `${m.label} (vence el ${dayMonthYear(m.dueDate)})`).join('; ')}.`,
    );
  parts.push('Para cerrar el caso, confirme los hitos abiertos.');
  return parts.join(' ');
}
