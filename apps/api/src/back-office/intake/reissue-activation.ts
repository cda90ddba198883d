import { organizationById } from '@canal/shared';
import type { ActivationReceiptWire } from '@canal/shared/contract';
import { AppError } from '../../errors';
import type { Services } from '../../core/services';
import { resetRepository as passwordLinks } from '../../core/auth/password-reset-store';
import { LOG_EVENTS } from '../../core/complaints/complaint-log';
import type { StaffUser } from '../staff/roles';
import { caseToChange } from '../cases/access';
import { logChange } from '../cases/use-cases/change';
import { issueActivation } from './activation';

/**
 * The way back for a person whose complaint staff recorded and who lost the receipt, let it expire
 * or forgot their password and has no e-mail (decision 0075). Staff who may change the case,
 * having identified the person in person, hand over a new activation: every earlier link and
 * code stops working in this transaction; the password stays until the new one is used (then
 * every session ends, as on any reset). Logged where the complainant reads it, and audited.
 * The new receipt carries no ticket: the person learns it only by activating.
 */
export async function reissueActivation(
  services: Services,
  user: StaffUser,
  id: number,
): Promise<ActivationReceiptWire> {
  const row = await caseToChange(services, user, id);
  if (row.channel === 'portal') throw new AppError('ACTIVATION_PORTAL_CASE');
  const org = organizationById(row.organization_id);
  const activacion = await services.db.transaction(async (tx) => {
    await passwordLinks.useAllOf(tx, id);
    const issued = await issueActivation(services, tx, id, org);
    await logChange(
      { services, tx, user, id },
      { event: LOG_EVENTS.activationReissued, visible: true },
      { action: 'caso.activacion', detail: { identidad_verificada: true, vence: issued.vence } },
    );
    return issued;
  });
  return {
    id,
    numero: row.case_number,
    organizacion: { id: org.id, nombre: org.shortName },
    activacion,
  };
}
