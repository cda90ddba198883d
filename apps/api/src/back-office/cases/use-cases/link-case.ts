import { AppError } from '../../../errors';
import type { Services } from '../../../core/services';
import { LOG_EVENTS, staffEntry } from '../../../core/complaints/complaint-log';
import { complaintStore } from '../../../core/complaints/complaint-store';
import type { StaffUser } from '../../staff/roles';
import { caseToChange } from '../access';
import { caseLinksStore } from '../case-links-store';
import { casesRepository } from '../repository';
import { logChange } from './change';

/**
 * Marks case `id` as a duplicate of, or related to, the case numbered `numero`. Both must be in
 * the person's scope (the other one answers the same 404 whether missing or out of scope). Each
 * case gets an internal log entry; one audit row records the pair.
 */
export async function linkCase(
  services: Services,
  user: StaffUser,
  id: number,
  link: { numero: string; tipo: 'duplicado_de' | 'relacionado' },
): Promise<void> {
  const row = await caseToChange(services, user, id);
  const otherId = await casesRepository.idByNumberInScope(services.db, user, link.numero);
  if (otherId === null) throw new AppError('LINKED_CASE_NOT_FOUND');
  if (otherId === id) throw new AppError('LINK_TO_ITSELF');
  const duplicate = link.tipo === 'duplicado_de';
  await services.db.transaction(async (tx) => {
    await caseLinksStore.link(tx, id, otherId, duplicate ? 'duplicado' : 'relacionado', user.id);
    await logChange(
      { services, tx, user, id },
      { event: LOG_EVENTS.linked(link.numero, duplicate), visible: false },
      { action: 'caso.vinculo', detail: { vinculado: link.numero, tipo: link.tipo } },
    );
    await complaintStore.appendLog(
      tx,
      staffEntry(otherId, user, LOG_EVENTS.linkedFrom(row.case_number, duplicate), {
        visible: false,
      }),
    );
  });
}
