// Statistics of the cases the person may see, and the Law 21.643 half-year report.
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import {
  buildRequest,
  contract,
  type HalfYearReportWire,
  type StatisticsWire,
} from '@canal/shared/contract';
import { staffKeys } from './keys';
import { useStaffApi } from './StaffApiProvider';

/** What the statistics are filtered by; each one is a search param of the page's address. */
export interface StatsFilters {
  organization?: string;
  /** yyyy-mm-dd */
  from?: string;
  to?: string;
}

/** The address's names of the filters (the query's own). */
export const STATS_PARAMS = { organization: 'organizacion', from: 'desde', to: 'hasta' } as const;

export function statsFiltersFromParams(params: URLSearchParams): StatsFilters {
  const filters: StatsFilters = {};
  for (const name of ['organization', 'from', 'to'] as const) {
    const value = params.get(STATS_PARAMS[name]);
    if (value) filters[name] = value;
  }
  return filters;
}

export const toWireStatsFilters = (f: StatsFilters) => ({
  ...(f.organization && { organizacion: f.organization }),
  ...(f.from && { desde: f.from }),
  ...(f.to && { hasta: f.to }),
});

const toWireHalf = (year: number, half: 1 | 2) => ({
  anio: year,
  semestre: String(half) as '1' | '2',
});

export const statsCsvUrl = (filters: StatsFilters) =>
  buildRequest(contract.exportCasesCsv, { querystring: toWireStatsFilters(filters) }).url;
export const halfYearCsvUrl = (year: number, half: 1 | 2) =>
  buildRequest(contract.exportHalfYearCsv, { querystring: toWireHalf(year, half) }).url;

const namedCounts = (list: { nombre: string; total: number }[]) =>
  list.map((c) => ({ name: c.nombre, total: c.total }));

export const toStatistics = (wire: StatisticsWire) => ({
  total: wire.total,
  byOrganization: namedCounts(wire.por_organizacion),
  byCategory: namedCounts(wire.por_categoria),
  byType: namedCounts(wire.por_tipo),
  byStatus: namedCounts(wire.por_estado),
  /** `month`: yyyy-mm */
  byMonth: wire.por_mes.map((m) => ({ month: m.mes, total: m.total })),
  anonymous: { total: wire.anonimas.total, percent: wire.anonimas.porcentaje },
  closed: wire.cerradas,
  averageDaysToClose: wire.promedio_dias_cierre,
  overdue: wire.vencidas,
  /** Law 21.719's requests: received in the period, answered (late), open and overdue now. */
  dataRequests: {
    received: wire.solicitudes_datos.recibidas,
    answered: wire.solicitudes_datos.respondidas,
    answeredLate: wire.solicitudes_datos.respondidas_fuera_de_plazo,
    open: wire.solicitudes_datos.abiertas,
    overdue: wire.solicitudes_datos.vencidas,
  },
  /** Reports of retaliation after closing: made in the period, not attended and overdue now. */
  retaliation: {
    reported: wire.represalias.informadas,
    open: wire.represalias.abiertas,
    overdue: wire.represalias.vencidas,
  },
});
export type Statistics = ReturnType<typeof toStatistics>;

export const toHalfYearReport = (wire: HalfYearReportWire) => ({
  period: {
    year: wire.periodo.anio,
    half: wire.periodo.semestre,
    from: wire.periodo.desde,
    to: wire.periodo.hasta,
  },
  /** The complaint type ids, in the order of each organisation's `byType`. */
  types: wire.tipos,
  organizations: wire.organizaciones.map((o) => ({
    id: o.id,
    name: o.nombre,
    received: o.denuncias_recibidas,
    byType: o.por_tipo.map((t) => ({ typeId: t.tipo_id, type: t.tipo, received: t.recibidas })),
    withProtectiveMeasures: o.casos_con_medidas_de_resguardo,
    withMeasuresTaken: o.casos_con_medidas_adoptadas,
    retaliationReports: o.avisos_de_represalias,
  })),
});
export type HalfYearReport = ReturnType<typeof toHalfYearReport>;

export function useStatistics(filters: StatsFilters) {
  const api = useStaffApi();
  const query = toWireStatsFilters(filters);
  return useQuery({
    queryKey: staffKeys.stats(query),
    queryFn: async () => toStatistics(await api(contract.statistics, { querystring: query })),
    placeholderData: keepPreviousData,
  });
}

export function useHalfYear(year: number, half: 1 | 2) {
  const api = useStaffApi();
  return useQuery({
    queryKey: staffKeys.halfYear(year, half),
    queryFn: async () =>
      toHalfYearReport(await api(contract.halfYearReport, { querystring: toWireHalf(year, half) })),
  });
}
