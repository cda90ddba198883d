import { useState, type FormEvent } from 'react';
import { StaffTable } from './components/StaffTable';
import { useQueryParams } from './components/useQueryParams';
import { Button } from '../../components/Button';
import { LoadingView } from '../../components/LoadingView';
import { errorMessage } from './api/call';
import {
  STATS_PARAMS,
  halfYearCsvUrl,
  statsCsvUrl,
  statsFiltersFromParams,
  useHalfYear,
  useStatistics,
} from './api/stats';
import { BarChart } from './components/BarChart';
import { DayField, readDay } from './components/DayField';
import { FormAlert } from './components/FormAlert';
import { SelectField } from '../../components/form/fields';
import { organizationsOf, useStaffUser } from './components/StaffUserContext';

const MONTHS = ['ene', 'feb', 'mar', 'abr', 'may', 'jun', 'jul', 'ago', 'sep', 'oct', 'nov', 'dic'];
const monthLabel = (ym: string) => {
  const [y, m] = ym.split('-');
  return `${MONTHS[Number(m) - 1] ?? m} ${y}`;
};

function Figure({ label, value }: { label: string; value: string }) {
  return (
    <div className="rounded-lg border border-gray-200 bg-white p-4 shadow-sm">
      <dt className="text-sm font-semibold text-gray-700">{label}</dt>
      <dd className="text-2xl font-bold text-secondary tabular-nums">{value}</dd>
    </div>
  );
}

function HalfYear() {
  const now = new Date();
  const years = Array.from(
    { length: now.getFullYear() - 2023 + 1 },
    (_, i) => now.getFullYear() - i,
  );
  const [year, setYear] = useState(now.getFullYear());
  const [half, setHalf] = useState<1 | 2>(now.getMonth() < 6 ? 1 : 2);
  const report = useHalfYear(year, half);
  return (
    <section
      aria-labelledby="semestral"
      className="space-y-3 rounded-lg border border-gray-200 bg-white p-4 shadow-sm"
    >
      <h2 id="semestral" className="text-xl font-bold text-secondary">
        Informe semestral Ley 21.643
      </h2>
      <p className="text-sm text-gray-700">
        Conteos para informar a la mutualidad (denuncias de los tipos de la Ley 21.643 y medidas
        registradas en el semestre).
      </p>
      <div className="flex flex-wrap gap-4">
        <SelectField label="Año" value={year} onChange={(e) => setYear(Number(e.target.value))}>
          {years.map((y) => (
            <option key={y} value={y}>
              {y}
            </option>
          ))}
        </SelectField>
        <SelectField
          label="Semestre"
          value={half}
          onChange={(e) => setHalf(e.target.value === '2' ? 2 : 1)}
        >
          <option value={1}>Primer half (enero a junio)</option>
          <option value={2}>Segundo half (julio a diciembre)</option>
        </SelectField>
      </div>
      <a
        href={halfYearCsvUrl(year, half)}
        download={`anexo-67-${year}-s${half}.csv`}
        className="inline-flex min-h-11 items-center font-semibold text-primary underline"
      >
        Exportar el informe semestral (CSV)
      </a>
      {report.isError && <FormAlert>{errorMessage(report.error)}</FormAlert>}
      {report.isPending && <LoadingView withText={false} />}
      {report.data && (
        <StaffTable
          caption={
            <>
              Conteos del half {report.data.period.half} de {report.data.period.year}
            </>
          }
          minWidth="min-w-[40rem]"
          frame=""
          columns={[
            'Organización',
            { label: 'Denuncias recibidas', className: 'text-right' },
            ...(report.data.organizations[0]?.byType ?? []).map((t) => ({
              label: t.type,
              className: 'text-right',
            })),
            { label: 'Casos con medidas de resguardo', className: 'text-right' },
            { label: 'Casos con medidas adoptadas', className: 'text-right' },
            { label: 'Avisos de represalias después del cierre', className: 'text-right' },
          ]}
        >
          {report.data.organizations.map((o) => (
            <tr key={o.id} className="border-t border-gray-200">
              <th scope="row" className="px-3 py-2">
                {o.name}
              </th>
              <td className="px-3 py-2 text-right tabular-nums">{o.received}</td>
              {o.byType.map((t) => (
                <td key={t.typeId} className="px-3 py-2 text-right tabular-nums">
                  {t.received}
                </td>
              ))}
              <td className="px-3 py-2 text-right tabular-nums">{o.withProtectiveMeasures}</td>
              <td className="px-3 py-2 text-right tabular-nums">{o.withMeasuresTaken}</td>
              <td className="px-3 py-2 text-right tabular-nums">{o.retaliationReports}</td>
            </tr>
          ))}
        </StaffTable>
      )}
    </section>
  );
}

/** /gestion/estadisticas: counts as accessible bar charts, CSV export and the six-monthly report. */
export function StatsPage() {
  const me = useStaffUser();
  const [params, setParams] = useQueryParams();
  const filters = statsFiltersFromParams(params);
  const stats = useStatistics(filters);
  const [dayErrors, setDayErrors] = useState<{ from?: string; to?: string }>({});
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const next = new URLSearchParams();
    const organization = data.get(STATS_PARAMS.organization);
    if (typeof organization === 'string' && organization)
      next.set(STATS_PARAMS.organization, organization);
    const found: typeof dayErrors = {};
    for (const name of ['from', 'to'] as const) {
      const day = readDay(data, STATS_PARAMS[name]);
      if ('error' in day) found[name] = day.error;
      else if (day.day) next.set(STATS_PARAMS[name], day.day);
    }
    setDayErrors(found);
    if (!found.from && !found.to) setParams(next);
  };
  const s = stats.data;
  return (
    <div className="space-y-5">
      <h1 className="text-2xl font-bold text-secondary">Estadísticas</h1>
      <form
        key={params.toString()}
        onSubmit={submit}
        aria-label="Filtros de las estadísticas"
        noValidate
        className="flex flex-wrap items-start gap-4 rounded-lg border border-gray-200 bg-white p-4 shadow-sm"
      >
        <SelectField
          label="Organización"
          name={STATS_PARAMS.organization}
          defaultValue={filters.organization ?? ''}
        >
          <option value="">Todas</option>
          {organizationsOf(me).map((o) => (
            <option key={o.id} value={o.id}>
              {o.shortName}
            </option>
          ))}
        </SelectField>
        <DayField
          label="Desde"
          name={STATS_PARAMS.from}
          defaultValue={filters.from}
          error={dayErrors.from}
        />
        <DayField
          label="Hasta"
          name={STATS_PARAMS.to}
          defaultValue={filters.to}
          error={dayErrors.to}
        />
        <Button type="submit">Aplicar</Button>
        <a
          href={statsCsvUrl(filters)}
          download="casos.csv"
          className="inline-flex min-h-11 items-center font-semibold text-primary underline"
        >
          Exportar casos (CSV)
        </a>
      </form>
      {stats.isError && <FormAlert>{errorMessage(stats.error)}</FormAlert>}
      {stats.isPending && <LoadingView />}
      {s && (
        <>
          <dl className="grid gap-4 sm:grid-cols-2 lg:grid-cols-5">
            <Figure label="Casos" value={String(s.total)} />
            <Figure
              label="Anónimas"
              value={`${s.anonymous.percent.toLocaleString('es-CL')} % (${s.anonymous.total})`}
            />
            <Figure label="Cerrados" value={String(s.closed)} />
            <Figure
              label="Promedio de días al cierre"
              value={
                s.averageDaysToClose === null
                  ? '—'
                  : s.averageDaysToClose.toLocaleString('es-CL', { maximumFractionDigits: 1 })
              }
            />
            <Figure label="Con plazos vencidos" value={String(s.overdue)} />
          </dl>
          <section aria-labelledby="estadisticas-solicitudes-datos">
            <h2 id="estadisticas-solicitudes-datos" className="mb-2 text-lg font-semibold">
              Solicitudes sobre datos personales (Ley 21.719)
            </h2>
            <dl className="grid gap-4 sm:grid-cols-2 lg:grid-cols-5">
              <Figure label="Recibidas en el período" value={String(s.dataRequests.received)} />
              <Figure label="Respondidas" value={String(s.dataRequests.answered)} />
              <Figure
                label="Respondidas fuera de plazo"
                value={String(s.dataRequests.answeredLate)}
              />
              <Figure label="Abiertas hoy" value={String(s.dataRequests.open)} />
              <Figure label="Vencidas hoy" value={String(s.dataRequests.overdue)} />
            </dl>
          </section>
          <section aria-labelledby="estadisticas-represalias">
            <h2 id="estadisticas-represalias" className="mb-2 text-lg font-semibold">
              Avisos de represalias después del cierre
            </h2>
            <dl className="grid gap-4 sm:grid-cols-3">
              <Figure label="Informados en el período" value={String(s.retaliation.reported)} />
              <Figure label="Por atender hoy" value={String(s.retaliation.open)} />
              <Figure label="Vencidos hoy" value={String(s.retaliation.overdue)} />
            </dl>
          </section>
          <div className="grid gap-5 lg:grid-cols-2">
            <BarChart
              title="Casos por organización"
              data={s.byOrganization.map((d) => ({ label: d.name, value: d.total }))}
            />
            <BarChart
              title="Casos por estado"
              data={s.byStatus.map((d) => ({ label: d.name, value: d.total }))}
            />
            <BarChart
              title="Casos por categoría"
              data={s.byCategory.map((d) => ({ label: d.name, value: d.total }))}
            />
            <BarChart
              title="Casos por mes de ingreso"
              data={s.byMonth.map((d) => ({ label: monthLabel(d.month), value: d.total }))}
            />
            <BarChart
              title="Casos anónimos e identificados"
              data={[
                { label: 'Anónimas', value: s.anonymous.total },
                { label: 'Identificadas', value: s.total - s.anonymous.total },
              ]}
            />
          </div>
        </>
      )}
      <HalfYear />
    </div>
  );
}
