import type { contract, HandlerInputOf } from '@canal/shared/contract';
import type { Services } from '../../core/services';
import { civilDateInZone } from '../../core/deadlines';
import { searchDigests } from '../../core/complaints/search-index';
import { appendAudit } from '../../core/audit/audit-log';
import type { StaffUser } from '../staff/roles';
import { caseSummary } from './case-view';
import { AppError } from '../../errors';
import { casesRepository as repo, type InboxPosition } from './repository';
import { caseMilestones } from '../../core/deadlines/next-due';
import { caseMilestonesStore } from '../../core/deadlines/case-milestones-store';
import { STATUS_CLOSED } from '@canal/shared';

/** The inbox's query string, as the contract parses it. */
export type InboxQuery = HandlerInputOf<typeof contract.inbox>['querystring'];

/**
 * What the inbox search compares: part of the case number; the ticket, only whole (twelve digits:
 * a part would let staff read tickets digit by digit, and the ticket never leaves the portal);
 * the blind indexes of a RUT or e-mail (decision 0014) or of two or more words of the accused
 * person's name (decision 0072). Nothing is decrypted to search.
 */
export function searchTerms(services: Pick<Services, 'keyring'>, text: string) {
  const compact = text.replace(/\s/g, '');
  const { rut, email, accused } = searchDigests(services.keyring, text);
  return {
    caseNumberLike: `%${compact.replace(/[\\%_]/g, (c) => `\\${c}`)}%`,
    ticket: /^[1-9]\d{11}$/.test(compact) ? Number(compact) : undefined,
    rut,
    email,
    accused,
  };
}

/**
 * A keyset cursor (`despues`/`siguiente`): the order it was made in and where its page ended, as
 * base64url JSON. Not a secret (it holds a sort key and a case id the user already saw); a cursor
 * of another order, or not one at all, is refused.
 */
const inboxCursor = {
  encode: (order: string, position: InboxPosition): string =>
    Buffer.from(JSON.stringify([order, position.key, position.id])).toString('base64url'),
  decode(order: string, token: string): InboxPosition | null {
    if (token === 'inicio') return null;
    let parsed: unknown;
    try {
      parsed = JSON.parse(Buffer.from(token, 'base64url').toString('utf8'));
    } catch {
      parsed = null;
    }
    if (
      !Array.isArray(parsed) ||
      parsed.length !== 3 ||
      parsed[0] !== order ||
      !(typeof parsed[1] === 'string' || parsed[1] === null) ||
      !Number.isSafeInteger(parsed[2])
    )
      throw new AppError('VALIDATION', 'El cursor de la página no es válido.');
    return { key: parsed[1] as string | null, id: parsed[2] as number };
  },
};

/** The cases the user may see, searched, filtered, sorted (by default by the next legal due date), one page. */
export async function inbox(services: Services, user: StaffUser, q: InboxQuery, now = new Date()) {
  const today = civilDateInZone(now);
  const search = q.buscar === undefined ? undefined : searchTerms(services, q.buscar);
  const sort = q.orden ?? 'vencimiento';
  const order = `${sort} ${q.direccion ?? 'asc'}`;
  const { rows, total } = await repo.inbox(
    services.db,
    user,
    {
      organizationId: q.organizacion,
      status: q.estado,
      priority: q.prioridad,
      tag: q.etiqueta,
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
      search,
      sort,
      descending: q.direccion === 'desc',
      limit: q.limite,
      offset: q.desplazamiento,
      ...(q.despues === undefined ? {} : { after: inboxCursor.decode(order, q.despues) }),
    },
    today,
  );
  // Looking a person up is audited: who searched, for a RUT, an address or an accused person's
  // name, and how many cases it found; the value only as its blind index (a name's, its pairs'),
  // so an auditor can tell who looked for the same person.
  if (search?.rut || search?.email || search?.accused)
    await appendAudit(services, services.db, {
      actorId: user.id,
      action: 'casos.busqueda',
      detail: {
        por: search.rut ? 'rut' : search.email ? 'correo' : 'denunciado',
        indice: search.rut ?? search.email ?? search.accused!.join(' '),
        resultados: total,
      },
    });
  const last = rows.length === q.limite ? rows.at(-1) : undefined;
  const completed = await caseMilestonesStore.completedOf(
    services.db,
    rows.map((r) => r.id),
  );
  /** The name of the tracked milestone not yet done that falls due on the case's next due date. */
  const nextMilestone = (r: (typeof rows)[number]) =>
    r.next_due_date === null
      ? null
      : (caseMilestones({
          typeId: r.type_id,
          receivedAt: r.created_at,
          completed: completed.get(r.id) ?? {},
          closed: r.status === STATUS_CLOSED,
          now,
        }).find((m) => m.tracked && m.state !== 'done' && m.dueDate === r.next_due_date)?.label ??
        null);
  return {
    total,
    limite: q.limite,
    desplazamiento: q.despues === undefined ? q.desplazamiento : 0,
    siguiente: last ? inboxCursor.encode(order, { key: last.sort_key, id: last.id }) : null,
    casos: rows.map((r) => ({
      ...caseSummary(services, r, r.tags, today),
      // The join finds the assignee's name whenever there is one (a foreign key).
      asignado: r.assignee_id === null ? null : { id: r.assignee_id, nombre: r.assignee_name! },
      proximo_hito: nextMilestone(r),
      novedad_denunciante: r.unread_message,
    })),
  };
}
