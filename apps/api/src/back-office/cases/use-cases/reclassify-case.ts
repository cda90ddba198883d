import { organizationById } from '@canal/shared';
import { AppError } from '../../../errors';
import type { Services } from '../../../core/services';
import { LOG_EVENTS } from '../../../core/complaints/complaint-log';
import { complaintStore } from '../../../core/complaints/complaint-store';
import type { StaffUser } from '../../staff/roles';
import { caseToChange } from '../access';
import { assertOpen, logChange, refreshNextDue } from './change';

export interface Reclassification {
  tipo_id: number;
  motivo: string;
}

/**
 * A new type for the case, with the reason: the legal regime follows the type, so the case's
 * milestones become the new regime's, counted from receipt, and the next due date is recomputed
 * in the same transaction. Recorded in the internal log (with the reason) and the audit log (old
 * and new type names). Milestones recorded under the old regime stay in the database; those the
 * new regime shares count.
 */
export async function reclassifyCase(
  services: Services,
  user: StaffUser,
  id: number,
  change: Reclassification,
): Promise<void> {
  const row = await caseToChange(services, user, id);
  assertOpen(row);
  const reason = change.motivo.trim();
  if (!reason) throw new AppError('VALIDATION', 'Debe escribir el motivo del cambio de tipo.');
  const org = organizationById(row.organization_id);
  const category = services.catalogue.category(org, change.tipo_id);
  const newName = services.catalogue.typeName(org, change.tipo_id);
  if (!category || !newName)
    throw new AppError(
      'VALIDATION',
      'El tipo de denuncia elegido no existe para la organización del caso.',
    );
  // A retired type is no longer chosen, for a new complaint or a new classification.
  if (!services.catalogue.offered(org).hasType(change.tipo_id))
    throw new AppError(
      'VALIDATION',
      'El tipo de denuncia elegido está retirado: elija uno vigente.',
    );
  if (change.tipo_id === row.type_id) throw new AppError('SAME_TYPE');
  const oldName = services.catalogue.typeName(org, row.type_id) ?? `tipo N° ${row.type_id}`;
  const key = services.keyring.unwrapDataKey(row.data_key);
  await services.db.transaction(async (tx) => {
    await complaintStore.setType(tx, id, change.tipo_id, category.categoria.id);
    await refreshNextDue(tx, { ...row, type_id: change.tipo_id }, false);
    await logChange(
      { services, tx, user, id },
      {
        event: LOG_EVENTS.reclassified(oldName, newName),
        comment: { key, text: reason },
        visible: false,
      },
      { action: 'caso.reclasificado', detail: { de: oldName, a: newName } },
    );
  });
}
