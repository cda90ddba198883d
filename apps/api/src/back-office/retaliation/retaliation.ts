import { ORGANIZATIONS, type retaliationSettingsInputSchema } from '@canal/shared';
import type { z } from 'zod';
import { AppError } from '../../errors';
import type { Services } from '../../core/services';
import { appendAudit } from '../../core/audit/audit-log';
import { LOG_COMMENTS, LOG_EVENTS, staffEntry } from '../../core/complaints/complaint-log';
import { complaintStore } from '../../core/complaints/complaint-store';
import { civilDateInZone } from '../../core/deadlines';
import { checkinDaysByOrganisation } from '../../core/retaliation/checkins';
import { retaliationStore as store } from '../../core/retaliation/retaliation-store';
import { worksOn, type StaffUser } from '../staff/roles';
import { caseToChange } from '../cases/access';
import { scope } from '../cases/repository';
import { NOT_YOUR_ORGANIZATION } from '../privacy/settings';

type SettingsInput = z.output<typeof retaliationSettingsInputSchema>;

/** The days after closing each organisation the administrator works on asks about retaliation. */
export async function listRetaliationSettings(services: Services, user: StaffUser) {
  const days = await checkinDaysByOrganisation(services.db);
  const saved = new Map((await store.settings(services.db)).map((r) => [r.organization_id, r]));
  return {
    organizaciones: ORGANIZATIONS.filter((o) => worksOn(user, o.id)).map((o) => ({
      organizacion: o.id,
      dias: days.get(o.id)!,
      actualizado: saved.get(o.id)?.updated_at.toISOString() ?? null,
    })),
  };
}

/** Saves one organisation's days; a change is audited (before and after), none is not. */
export async function saveRetaliationSettings(
  services: Services,
  user: StaffUser,
  input: SettingsInput,
) {
  if (!worksOn(user, input.organizacion))
    throw new AppError('ROUTE_NOT_FOUND', NOT_YOUR_ORGANIZATION);
  const before = (await checkinDaysByOrganisation(services.db)).get(input.organizacion)!;
  const saved = await services.db.transaction(async (tx) => {
    await store.lockSettings(tx, input.organizacion);
    const row = await store.saveSettings(tx, input.organizacion, input.dias, user.id);
    if (before.join(',') !== input.dias.join(','))
      await appendAudit(services, tx, {
        actorId: user.id,
        action: 'represalias.consultas_modificadas',
        detail: { organizacion: input.organizacion, antes: before, despues: input.dias },
      });
    return row;
  });
  return {
    organizacion: input.organizacion,
    dias: saved.days,
    actualizado: saved.updated_at.toISOString(),
  };
}

/** The reports not attended yet in the cases the person may see, soonest due first. */
export async function listRetaliationReports(
  services: Services,
  user: StaffUser,
  now = new Date(),
) {
  const today = civilDateInZone(now);
  const rows = await store.open(services.db, scope(user));
  return {
    avisos: rows.map((r) => ({
      id: Number(r.id),
      caso: { id: Number(r.complaint_id), numero: r.case_number },
      fecha: r.reported,
      vence: r.due_date,
      vencida: r.due_date < today,
    })),
  };
}

/**
 * Records that a report was attended: the report closes, the complainant reads in their log that
 * the team reviewed it, and the audit log keeps who. Someone who may not change the case reads 404
 * (an auditor 403), as for any change.
 */
export async function attendRetaliationReport(services: Services, user: StaffUser, id: number) {
  const complaintId = await store.openReportCase(services.db, id);
  if (complaintId === null) throw new AppError('NO_OPEN_RETALIATION');
  const row = await caseToChange(services, user, complaintId);
  const key = services.keyring.unwrapDataKey(row.data_key);
  await services.db.transaction(async (tx) => {
    if ((await store.attend(tx, id, user.id)) === null) throw new AppError('NO_OPEN_RETALIATION');
    await complaintStore.appendLog(
      tx,
      staffEntry(row.id, user, LOG_EVENTS.retaliationAttended, {
        visible: true,
        comment: { key, text: LOG_COMMENTS.retaliationAttended },
      }),
    );
    await appendAudit(services, tx, {
      actorId: user.id,
      action: 'caso.represalias_atendido',
      complaintId: row.id,
      detail: { aviso_id: id },
    });
  });
  return { message: 'El aviso de represalias quedó registrado como atendido.' };
}
