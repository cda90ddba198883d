import {
  DATA_REQUESTER_LABELS,
  DATA_REQUEST_CHANNEL_LABELS,
  DATA_REQUEST_DECISION_LABELS,
  DATA_RIGHT_LABELS,
} from '@canal/shared';
import type { DataRequestSummary } from '../api/data-requests';

export const CLOCK_LABELS: Record<DataRequestSummary['clock'], string> = {
  en_plazo: 'En plazo',
  por_vencer: 'Por vencer',
  vencida: 'Vencida',
  respondida: 'Respondida',
};

export const CLOCK_STYLES: Record<DataRequestSummary['clock'], string> = {
  en_plazo: 'bg-gray-100 text-gray-800',
  por_vencer: 'bg-amber-100 text-amber-900',
  vencida: 'bg-red-100 text-red-800',
  respondida: 'bg-green-100 text-green-800',
};

/** yyyy-mm-dd as dd-mm-yyyy. */
export const day = (iso: string) => iso.split('-').reverse().join('-');

export {
  DATA_REQUESTER_LABELS,
  DATA_REQUEST_CHANNEL_LABELS,
  DATA_REQUEST_DECISION_LABELS,
  DATA_RIGHT_LABELS,
};

export function ClockBadge({
  clock,
  dueOn,
}: {
  clock: DataRequestSummary['clock'];
  dueOn: string;
}) {
  return (
    <span className={`rounded px-2 py-0.5 text-sm font-semibold ${CLOCK_STYLES[clock]}`}>
      {CLOCK_LABELS[clock]}
      {clock !== 'respondida' && ` · vence el ${day(dueOn)}`}
    </span>
  );
}
