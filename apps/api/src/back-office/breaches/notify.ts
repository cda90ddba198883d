import {
  BREACH_DATA_KIND_LABELS,
  formatDisplayDate,
  organizationById,
  parseIsoDay,
  portalUrlOf,
  type BreachDataKind,
} from '@canal/shared';
import type { PrivacySettingsWire } from '@canal/shared/contract';
import { openField } from '../../crypto/sealed-field';
import type { Db } from '../../db/database';
import type { Services } from '../../core/services';
import { appendAudit } from '../../core/audit/audit-log';
import { complaintsRepository, type ComplaintRow } from '../../core/complaints/repository';
import { complaintStore } from '../../core/complaints/complaint-store';
import { dataProtectionEntry, LOG_EVENTS } from '../../core/complaints/complaint-log';
import { civilDateInZone } from '../../core/deadlines';
import { privacySettingsOf } from '../../core/privacy/settings';
import type { StaffUser } from '../staff/roles';
import { breachView, findBreach } from './register';
import { breachesRepository as repo, type BreachRow } from './repository';

/**
 * The notice a complainant reads in their log (Law 21.719: the people affected are told where
 * sensitive data are involved): when, which kinds of their data, what was done, whom to write to,
 * and their right to complain to the Agency. The description of the register stays internal.
 */
export function breachNoticeText(breach: BreachRow, settings: PrivacySettingsWire): string {
  const kinds = (breach.data_kinds as BreachDataKind[])
    .map((k) => BREACH_DATA_KIND_LABELS[k].toLowerCase())
    .join('; ');
  const contact = settings.contacto
    ? `Para consultas o para ejercer sus derechos (acceso, rectificación, supresión, oposición, portabilidad o bloqueo), escriba a ${settings.contacto.nombre}, ${settings.contacto.correo}.`
    : 'Para consultas o para ejercer sus derechos (acceso, rectificación, supresión, oposición, portabilidad o bloqueo), escríbanos aquí mismo con un comentario.';
  return [
    `El ${formatDisplayDate(parseIsoDay(breach.detected_on)!)} detectamos un incidente de seguridad que pudo afectar estos datos de su denuncia: ${kinds}.`,
    ...(breach.measures ? [`Lo que hicimos: ${breach.measures}`] : []),
    contact,
    'Si no queda conforme, puede reclamar ante la Agencia de Protección de Datos Personales.',
  ].join('\n\n');
}

/** One complainant told: the log entry, and a neutral mail when the complaint has an address. */
async function notifyComplainant(
  services: Services,
  tx: Db,
  row: ComplaintRow,
  text: string,
): Promise<boolean> {
  const key = services.keyring.unwrapDataKey(row.data_key);
  await complaintStore.appendLog(
    tx,
    dataProtectionEntry(row.id, LOG_EVENTS.breachNotice, { key, text }),
  );
  if (row.contact_email_enc === null) return false;
  const org = organizationById(row.organization_id);
  await services.outbox.enqueue(tx, {
    to: openField(key, row.contact_email_enc, {
      complaintId: row.id,
      field: 'complaints.contact_email',
    }),
    organizationId: org.id,
    complaintId: row.id,
    message: {
      kind: 'breach-notice',
      ticket: row.ticket,
      portalUrl: portalUrlOf(org, services.config.publicUrl, services.config.PORTAL_HOST_PREFIX),
    },
  });
  return true;
}

/**
 * Tells the complainant of every case of the incident not told yet, in one transaction: the
 * entries, the mails (through the outbox, sent after the commit) and the audit rows commit
 * together or not at all. A second call tells only cases added since.
 */
export async function notifyBreachSubjects(services: Services, user: StaffUser, id: number) {
  const counts = await services.db.transaction(async (tx) => {
    const breach = await findBreach(tx, user, id, true);
    const ids = await repo.casesToNotify(tx, id);
    const settings = new Map<string, PrivacySettingsWire>();
    let mails = 0;
    for (const complaintId of ids) {
      const row = (await complaintsRepository.findById(tx, complaintId))!;
      if (!settings.has(row.organization_id))
        settings.set(row.organization_id, await privacySettingsOf(tx, row.organization_id));
      const text = breachNoticeText(breach, settings.get(row.organization_id)!);
      const mailed = await notifyComplainant(services, tx, row, text);
      if (mailed) mails += 1;
      await appendAudit(services, tx, {
        actorId: user.id,
        action: 'brecha.aviso_caso',
        complaintId,
        detail: { brecha_id: id, correo: mailed },
      });
    }
    if (ids.length > 0) await repo.markNotified(tx, id, ids, civilDateInZone(new Date()));
    return { told: ids.length, mails };
  });
  return {
    avisados: counts.told,
    correos: counts.mails,
    brecha: breachView(await findBreach(services.db, user, id)),
  };
}
