import type { contract, HandlerInputOf } from '@canal/shared/contract';
import type { Services } from '../../core/services';
import { civilDateInZone } from '../../core/deadlines';
import type { StaffUser } from '../staff/roles';
import { caseSummary } from './case-view';
import { casesRepository as repo } from './repository';

/** The inbox's query string, as the contract parses it. */
export type InboxQuery = HandlerInputOf<typeof contract.inbox>['querystring'];

/** The cases the user may see, filtered, sorted by the next legal due date, one page. */
export async function inbox(services: Services, user: StaffUser, q: InboxQuery, now = new Date()) {
  const today = civilDateInZone(now);
  const { rows, total } = await repo.inbox(
    services.db,
    user,
    {
      organizationId: q.organizacion,
      status: q.estado,
      categoryId: q.categoria,
      typeId: q.tipo,
      from: q.desde,
      to: q.hasta,
      overdue: q.vencidos === 'true',
      assignee:
        q.asignado === undefined
          ? undefined
          : q.asignado === 'ninguno'
            ? 'none'
            : q.asignado === 'yo'
              ? user.id
              : Number(q.asignado),
      limit: q.limite,
      offset: q.desplazamiento,
    },
    today,
  );
  return {
    total,
    limite: q.limite,
    desplazamiento: q.desplazamiento,
    casos: rows.map((r) => ({
      ...caseSummary(services, r, today),
      // The join finds the assignee's name whenever there is one (a foreign key).
      asignado: r.assignee_id === null ? null : { id: r.assignee_id, nombre: r.assignee_name! },
    })),
  };
}
