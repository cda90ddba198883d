// The inbox (/v1/gestion/casos): a page of cases, searched, filtered and sorted on the server. Its
// filters and order live in the page's address (so a filtered inbox can be bookmarked, shared and
// saved as a view); the address's names are the query's own, read here and nowhere else.
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import {
  INBOX_SORTS,
  contract,
  type InboxPageWire,
  type InboxSort,
  type RequestOf,
} from '@canal/shared/contract';
import { staffKeys } from '../keys';
import { useStaffApi } from '../StaffApiProvider';
import { toCaseSummary } from './summary';

export { INBOX_SORTS, type InboxSort };

export const INBOX_PAGE_SIZE = 25;

/** The inbox's search params in the address, by their front names. */
export const INBOX_PARAMS = {
  search: 'buscar',
  organization: 'organizacion',
  status: 'estado',
  priority: 'prioridad',
  tag: 'etiqueta',
  category: 'categoria',
  type: 'tipo',
  from: 'desde',
  to: 'hasta',
  overdue: 'vencidos',
  assignee: 'asignado',
  sort: 'orden',
  direction: 'direccion',
  page: 'pagina',
} as const;

/** The filters kept in the address, in the form's order. */
export const INBOX_FILTERS = [
  'search',
  'organization',
  'status',
  'priority',
  'tag',
  'category',
  'type',
  'from',
  'to',
  'overdue',
  'assignee',
] as const satisfies readonly (keyof typeof INBOX_PARAMS)[];

export const DEFAULT_SORT: InboxSort = 'vencimiento';

export interface InboxOrder {
  column: InboxSort;
  direction: 'asc' | 'desc';
}

/** The order in the address; anything unknown is the default order. */
export function orderFromParams(params: URLSearchParams): InboxOrder {
  const column = params.get(INBOX_PARAMS.sort);
  return {
    column: INBOX_SORTS.find((s) => s === column) ?? DEFAULT_SORT,
    direction: params.get(INBOX_PARAMS.direction) === 'desc' ? 'desc' : 'asc',
  };
}

/** The address's page (1 when none), and the offset of its first case. */
export function pageFromParams(params: URLSearchParams) {
  const page = Math.max(1, Number(params.get(INBOX_PARAMS.page)) || 1);
  return { page, offset: (page - 1) * INBOX_PAGE_SIZE };
}

/** The address with the order of `column` set (the default order leaves it out), back to page 1. */
export function withOrder(params: URLSearchParams, { column, direction }: InboxOrder) {
  const next = new URLSearchParams(params);
  next.delete(INBOX_PARAMS.page);
  if (column === DEFAULT_SORT && direction === 'asc') {
    next.delete(INBOX_PARAMS.sort);
    next.delete(INBOX_PARAMS.direction);
  } else {
    next.set(INBOX_PARAMS.sort, column);
    next.set(INBOX_PARAMS.direction, direction);
  }
  return next;
}

/** The address at the page holding `offset`. */
export function withOffset(params: URLSearchParams, offset: number) {
  const next = new URLSearchParams(params);
  const page = Math.floor(offset / INBOX_PAGE_SIZE) + 1;
  if (page > 1) next.set(INBOX_PARAMS.page, String(page));
  else next.delete(INBOX_PARAMS.page);
  return next;
}

/** Keeps the address's order in `next` (filtering and clearing filters do not change it). */
export function keepOrder(from: URLSearchParams, next: URLSearchParams) {
  for (const name of [INBOX_PARAMS.sort, INBOX_PARAMS.direction]) {
    const value = from.get(name);
    if (value) next.set(name, value);
  }
  return next;
}

/** The address's filters and order, without the search text or the page: what a view saves. */
export const viewParams = (params: URLSearchParams): Record<string, string> =>
  Object.fromEntries(
    [...params].filter(
      ([name, value]) => value && name !== INBOX_PARAMS.search && name !== INBOX_PARAMS.page,
    ),
  );

type InboxQuery = NonNullable<RequestOf<typeof contract.inbox>['querystring']>;

/** The inbox call for the address's search params. */
export function toWireInboxQuery(params: URLSearchParams): InboxQuery {
  const query: Record<string, string | number> = {};
  for (const filter of INBOX_FILTERS) {
    const value = params.get(INBOX_PARAMS[filter]);
    if (value) query[INBOX_PARAMS[filter]] = value;
  }
  if (query[INBOX_PARAMS.overdue] !== undefined && query[INBOX_PARAMS.overdue] !== 'true')
    delete query[INBOX_PARAMS.overdue];
  const order = orderFromParams(params);
  if (order.column !== DEFAULT_SORT || order.direction !== 'asc') {
    query[INBOX_PARAMS.sort] = order.column;
    query[INBOX_PARAMS.direction] = order.direction;
  }
  return {
    ...(query as InboxQuery),
    limite: INBOX_PAGE_SIZE,
    desplazamiento: pageFromParams(params).offset,
  };
}

/** A case as the inbox lists it: its summary, the name of its next milestone, and whether the complainant wrote since the team last read. */
export const toInboxCase = (wire: InboxPageWire['casos'][number]) => ({
  ...toCaseSummary(wire),
  /** The milestone due on `nextDue`, or null when nothing is pending. */
  nextMilestone: wire.proximo_hito,
  /** The complainant's last message (a comment or a file) is not yet read by the team. */
  newFromComplainant: wire.novedad_denunciante,
});
export type InboxCase = ReturnType<typeof toInboxCase>;

export const toInboxPage = (wire: InboxPageWire) => ({
  // The web inbox pages by offset, which always counts (a keyset page says null).
  total: wire.total ?? wire.casos.length,
  limit: wire.limite,
  offset: wire.desplazamiento,
  cases: wire.casos.map(toInboxCase),
});
export type InboxPage = ReturnType<typeof toInboxPage>;

/** The page of cases the address asks for (the previous one stays shown while it loads). */
export function useInbox(params: URLSearchParams) {
  const api = useStaffApi();
  const query = toWireInboxQuery(params);
  return useQuery({
    queryKey: staffKeys.inbox(query),
    queryFn: async () => toInboxPage(await api(contract.inbox, { querystring: query })),
    placeholderData: keepPreviousData,
  });
}
