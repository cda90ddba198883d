import {
  CASE_PRIORITY_LABELS,
  CHANNEL_LABELS,
  organizationById,
  type CasePriority,
} from '@canal/shared';
import type { Services } from '../../core/services';
import { appendAudit } from '../../core/audit/audit-log';
import { civilDateInZone, DEADLINE_TABLE } from '../../core/deadlines';
import { organizationsOf, worksOnEveryOrganization, type StaffUser } from '../staff/roles';
import { dataRequestsRepository } from '../../core/data-requests/repository';
import { csvDay, spreadsheetCsv, type CsvValue } from '../export/spreadsheet-csv';
import { statsRepository as repo, type StatsFilters } from './repository';

/** Complaint types of the Law 21.643 procedure, from the deadline table (the one place they are listed). */
export const KARIN_TYPE_IDS = (() => {
  const regime = DEADLINE_TABLE.regimes.find((r) => r.id === 'ley_21643');
  return regime && regime.typeIds !== 'all_other_types' ? [...regime.typeIds] : [];
})();

const orgName = (id: string) => organizationById(id).shortName;

/** Counts for the charts (DESIGN §8), over the cases the user may see. */
export async function statistics(
  services: Services,
  user: StaffUser,
  f: StatsFilters,
  now = new Date(),
) {
  const { catalogue } = services;
  const today = civilDateInZone(now);
  const g = await repo.grouped(services.db, user, f, today);
  const requests = await dataRequestCounts(services, user, f, today);
  const retaliation = await repo.retaliation(services.db, user, f, today);
  /** Sums rows whose label (resolved per organisation) is the same. */
  const byLabel = (
    rows: { key: string; organization_id: string; total: number }[],
    label: (r: { key: string; organization_id: string }) => string,
  ) => {
    const sums = new Map<string, number>();
    for (const r of rows) sums.set(label(r), (sums.get(label(r)) ?? 0) + r.total);
    return [...sums]
      .map(([nombre, total]) => ({ nombre, total }))
      .sort((a, b) => b.total - a.total || a.nombre.localeCompare(b.nombre));
  };
  const { totals } = g;
  return {
    total: totals.total,
    por_organizacion: byLabel(g.byOrg, (r) => orgName(r.key)),
    por_categoria: byLabel(
      g.byType,
      (r) =>
        catalogue.category(organizationById(r.organization_id), Number(r.key))?.categoria.nombre ??
        'Sin categoría',
    ),
    por_tipo: byLabel(
      g.byType,
      (r) =>
        catalogue.typeName(organizationById(r.organization_id), Number(r.key)) ?? `Tipo ${r.key}`,
    ),
    por_estado: byLabel(g.byStatus, (r) => r.key),
    por_mes: byLabel(g.byMonth, (r) => r.key)
      .sort((a, b) => a.nombre.localeCompare(b.nombre))
      .map((m) => ({ mes: m.nombre, total: m.total })),
    anonimas: {
      total: totals.anonymous,
      porcentaje: totals.total ? Math.round((1000 * totals.anonymous) / totals.total) / 10 : 0,
    },
    cerradas: totals.closed,
    promedio_dias_cierre: totals.avg_days,
    vencidas: totals.overdue,
    solicitudes_datos: requests,
    represalias: {
      informadas: retaliation.reported,
      abiertas: retaliation.open,
      vencidas: retaliation.overdue,
    },
  };
}

/** The register's counts over the organisations the person sees (Law 21.719). */
async function dataRequestCounts(
  services: Services,
  user: StaffUser,
  f: StatsFilters,
  today: string,
) {
  const orgs = worksOnEveryOrganization(user) ? null : user.organizationIds;
  const only =
    f.organizationId === undefined
      ? orgs
      : orgs === null || orgs.includes(f.organizationId)
        ? [f.organizationId]
        : [];
  const [period, now] = await Promise.all([
    dataRequestsRepository.periodCounts(services.db, only, f.from ?? null, f.to ?? null),
    dataRequestsRepository.openCounts(services.db, only, today),
  ]);
  return {
    recibidas: period.received,
    respondidas: period.answered,
    respondidas_fuera_de_plazo: period.answeredLate,
    abiertas: now.open,
    vencidas: now.overdue,
  };
}

const CSV_COLUMNS = [
  'N° de caso',
  'Organización',
  'Categoría',
  'Tipo',
  'Estado',
  'Anónima',
  'Fecha de ingreso',
  'Fecha de respuesta',
  'Fecha de cierre',
  'Días al cierre',
  'Próximo vencimiento',
  'Vencido',
  'Canal',
  'Asignado a',
  'Prioridad',
];

/**
 * The case list as CSV for analysis: case number, organisation, classification, status, dates —
 * no ticket, names, RUT, contact, facts or comments. The export is audited.
 */
export async function exportCsv(
  services: Services,
  user: StaffUser,
  f: StatsFilters,
  now = new Date(),
): Promise<string> {
  const today = civilDateInZone(now);
  const rows = await repo.exportRows(services.db, user, f);
  await appendAudit(services, services.db, {
    actorId: user.id,
    action: 'estadisticas.exportadas',
    detail: { filas: rows.length, ...f },
  });
  const lines = rows.map((r): CsvValue[] => {
    const org = organizationById(r.organization_id);
    return [
      r.case_number,
      org.shortName,
      services.catalogue.category(org, r.type_id)?.categoria.nombre ?? null,
      services.catalogue.typeName(org, r.type_id) ?? null,
      r.status,
      r.is_anonymous,
      csvDay(r.received),
      csvDay(r.response_date),
      csvDay(r.closed),
      r.days_to_close === null ? null : Number(r.days_to_close),
      csvDay(r.next_due_date),
      r.next_due_date !== null && r.next_due_date < today,
      CHANNEL_LABELS[r.channel],
      r.assignee_name,
      r.priority === null ? null : CASE_PRIORITY_LABELS[r.priority as CasePriority],
    ];
  });
  return spreadsheetCsv(CSV_COLUMNS, lines);
}

/**
 * The six-monthly counts an employer reports to its mutual (SUSESO, Law 21.643): complaints of
 * types 26–28 received in the half-year, and cases where protective measures / final measures
 * were recorded in it, per organisation the user may see.
 */
export async function halfYearReport(
  services: Services,
  user: StaffUser,
  year: number,
  half: 1 | 2,
) {
  const from = `${year}-${half === 1 ? '01' : '07'}-01`;
  const to = half === 1 ? `${year}-07-01` : `${year + 1}-01-01`;
  const rows = await repo.halfYear(services.db, user, KARIN_TYPE_IDS, from, to);
  const visible = organizationsOf(user);
  return {
    periodo: {
      anio: year,
      semestre: half,
      desde: from,
      hasta: half === 1 ? `${year}-06-30` : `${year}-12-31`,
    },
    tipos: KARIN_TYPE_IDS,
    organizaciones: visible.map((org) => {
      const mine = rows.filter((r) => r.organization_id === org.id);
      const sum = (k: 'received' | 'protective' | 'adopted' | 'retaliation') =>
        mine.reduce((s, r) => s + r[k], 0);
      return {
        id: org.id,
        nombre: org.shortName,
        denuncias_recibidas: sum('received'),
        por_tipo: KARIN_TYPE_IDS.map((typeId) => ({
          tipo_id: typeId,
          tipo: services.catalogue.typeName(org, typeId) ?? `Tipo ${typeId}`,
          recibidas: mine.find((r) => r.type_id === typeId)?.received ?? 0,
        })),
        casos_con_medidas_de_resguardo: sum('protective'),
        casos_con_medidas_adoptadas: sum('adopted'),
        avisos_de_represalias: sum('retaliation'),
      };
    }),
  };
}

/**
 * The six-monthly counts as a file for the mutual (SUSESO "Anexo N°67"): one row per organisation,
 * the same figures as `halfYearReport`. The export is audited.
 */
export async function exportHalfYearCsv(
  services: Services,
  user: StaffUser,
  year: number,
  half: 1 | 2,
): Promise<string> {
  const report = await halfYearReport(services, user, year, half);
  await appendAudit(services, services.db, {
    actorId: user.id,
    action: 'estadisticas.semestral_exportado',
    detail: { anio: year, semestre: half },
  });
  const typeNames = report.organizaciones[0]?.por_tipo.map((t) => t.tipo) ?? [];
  return spreadsheetCsv(
    [
      'Organización',
      'Desde',
      'Hasta',
      'Denuncias recibidas',
      ...typeNames.map((name) => `Recibidas: ${name}`),
      'Casos con medidas de resguardo',
      'Casos con medidas adoptadas',
      'Avisos de represalias después del cierre',
    ],
    report.organizaciones.map((o) => [
      o.nombre,
      csvDay(report.periodo.desde),
      csvDay(report.periodo.hasta),
      o.denuncias_recibidas,
      ...o.por_tipo.map((t) => t.recibidas),
      o.casos_con_medidas_de_resguardo,
      o.casos_con_medidas_adoptadas,
      o.avisos_de_represalias,
    ]),
  );
}
