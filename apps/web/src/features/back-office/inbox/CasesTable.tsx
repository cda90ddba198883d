import { Link } from 'react-router';
import { CASE_PRIORITY_LABELS, CHANNEL_LABELS, DT_REFERRAL_MARK } from '@canal/shared';
import { paths } from '../../../config/paths';
import type { InboxCase, InboxOrder, InboxSort } from '../api/cases/inbox';
import { caseDueState, DueMark } from '../components/DueMark';
import { dateTime } from '../components/format';
import { StaffTable } from '../components/StaffTable';
import { StatusBadge } from '../components/StatusBadge';

/**
 * The columns a phone leaves out (issue 22: status, due date and assignee fit 375 px without
 * sideways scrolling); the case's cell says its status, organisation, type and priority there
 * instead. What is hidden is `display: none`, so a screen reader hears each thing once.
 */
const WIDE_ONLY = 'hidden sm:table-cell';
const PHONE_ONLY = 'sm:hidden';
/** Narrower cells on a phone. */
const CELL = 'px-2 py-2 sm:px-3';

/** The inbox's columns: header text (and a shorter one for a phone), the column the server sorts by, and whether a phone shows it. */
const COLUMNS: { label: string; short?: string; sort: InboxSort; wideOnly?: true }[] = [
  { label: 'N° de caso', short: 'Caso', sort: 'numero' },
  { label: 'Organización', sort: 'organizacion', wideOnly: true },
  { label: 'Tipo', sort: 'tipo', wideOnly: true },
  { label: 'Estado', sort: 'estado', wideOnly: true },
  { label: 'Prioridad', sort: 'prioridad', wideOnly: true },
  { label: 'Próximo vencimiento', short: 'Vence', sort: 'vencimiento' },
  { label: 'Asignado a', sort: 'asignado' },
  { label: 'Ingreso', sort: 'ingreso', wideOnly: true },
];

/** A page of cases; a header pressed sorts by its column (the order is the server's). */
export function CasesTable({
  cases,
  order,
  onSort,
}: {
  cases: readonly InboxCase[];
  order: InboxOrder;
  onSort: (column: InboxSort) => void;
}) {
  const caption = `Casos ordenados por ${COLUMNS.find((c) => c.sort === order.column)!.label.toLowerCase()}, ${order.direction === 'asc' ? 'ascendente' : 'descendente'}`;
  return (
    <StaffTable
      caption={caption}
      minWidth="sm:min-w-[48rem]"
      columns={COLUMNS.map((c) => {
        const active = order.column === c.sort;
        return {
          className: c.wideOnly ? WIDE_ONLY : undefined,
          label: (
            <button
              type="button"
              onClick={() => onSort(c.sort)}
              className="inline-flex items-center gap-1 font-semibold underline-offset-2 hover:underline focus-visible:outline-2 focus-visible:outline-primary"
            >
              {c.short ? (
                <>
                  <span className="hidden sm:inline">{c.label}</span>
                  <span className={PHONE_ONLY}>{c.short}</span>
                </>
              ) : (
                c.label
              )}
              <span aria-hidden="true">
                {active ? (order.direction === 'asc' ? '▲' : '▼') : '↕'}
              </span>
            </button>
          ),
          // aria-sort on the one header the table is sorted by (ARIA: one at a time).
          sort: active ? (order.direction === 'asc' ? 'ascending' : 'descending') : undefined,
        };
      })}
    >
      {cases.map((c) => (
        <tr key={c.id} className="border-t border-gray-200 align-top">
          <th scope="row" className={`${CELL} font-semibold`}>
            <Link to={paths.staffCase(c.id)} className="text-primary underline">
              {c.number}
            </Link>
            {c.newFromComplainant && <NewActivityMark />}
            <span className={`mt-1 block ${PHONE_ONLY}`}>
              <StatusBadge status={c.status} />
            </span>
            <span className={`block text-xs font-normal text-gray-700 ${PHONE_ONLY}`}>
              {[
                c.organization.name,
                c.type,
                c.priority && `Prioridad ${CASE_PRIORITY_LABELS[c.priority].toLowerCase()}`,
              ]
                .filter(Boolean)
                .join(' · ')}
            </span>
            {c.tags.length > 0 && (
              <span className="block text-xs font-normal text-gray-700">
                Etiquetas: {c.tags.join(', ')}
              </span>
            )}
          </th>
          <td className={`${CELL} ${WIDE_ONLY}`}>{c.organization.name}</td>
          <td className={`${CELL} ${WIDE_ONLY}`}>
            {c.type ?? '—'}
            {c.category && <span className="block text-xs text-gray-700">{c.category}</span>}
            {c.anonymous && <span className="block text-xs text-gray-700">Anónima</span>}
            {c.mustReferToDt && (
              <strong className="block text-xs text-red-800">{DT_REFERRAL_MARK}</strong>
            )}
            {c.channel !== 'portal' && (
              <span className="block text-xs text-gray-700">
                Canal: {CHANNEL_LABELS[c.channel]}
              </span>
            )}
          </td>
          <td className={`${CELL} ${WIDE_ONLY}`}>
            <StatusBadge status={c.status} />
          </td>
          <td className={`${CELL} ${WIDE_ONLY}`}>
            {c.priority ? CASE_PRIORITY_LABELS[c.priority] : '—'}
          </td>
          <td className={CELL}>
            <DueMark date={c.nextDue} state={caseDueState(c)} />
            {c.nextMilestone && (
              <span className="mt-1 block text-xs text-gray-700">{c.nextMilestone}</span>
            )}
          </td>
          <td className={CELL}>{c.assignee?.name ?? 'Sin asignar'}</td>
          <td className={`${CELL} whitespace-nowrap ${WIDE_ONLY}`}>{dateTime(c.receivedAt)}</td>
        </tr>
      ))}
    </StaffTable>
  );
}

/**
 * The complainant wrote (a comment or a file) and nobody who handles cases has opened the case
 * since (decision 0022's read mark): said in words, the colour only repeats it.
 */
function NewActivityMark() {
  return (
    <span className="ml-2 inline-flex items-center rounded border border-blue-800 bg-blue-50 px-1.5 py-0.5 text-xs font-bold text-blue-900">
      Nuevo
      <span className="sr-only">: mensaje de la persona denunciante sin leer</span>
    </span>
  );
}
