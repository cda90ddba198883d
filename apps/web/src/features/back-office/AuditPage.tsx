import { useState, type FormEvent } from 'react';
import { AUDIT_ACTION_LABELS, AUDIT_ACTIONS, type AuditAction } from '@canal/shared';
import { useQueryParams } from './components/useQueryParams';
import { StaffTable } from './components/StaffTable';
import { Button } from '../../components/Button';
import { SelectField } from '../../components/form/fields';
import { TextField } from '../../components/form/TextField';
import { LoadingView } from '../../components/LoadingView';
import { auditCsvUrl, errorMessage, type AuditFilters } from './api/client';
import { useAudit, useVerifyChain } from './api/hooks';
import { DayField, readDay } from './components/DayField';
import { FormAlert } from './components/FormAlert';
import { dateTime } from './components/format';
import { Pager } from './components/Pager';
import { canReadAudit, useStaffUser } from './components/StaffUserContext';

const PAGE = 50;

function ChainCheck() {
  const verify = useVerifyChain();
  return (
    <div className="space-y-3 rounded-lg border border-gray-200 bg-white p-4 shadow-sm">
      <p>
        Cada entrada está encadenada a la anterior por su hash: una modificación rompe la cadena
        desde ese punto. La verificación recorre el registro completo; la lista muestra las entradas
        de los casos y las organizaciones que usted puede ver.
      </p>
      <Button onClick={() => verify.mutate()} disabled={verify.isPending}>
        {verify.isPending ? 'Verificando…' : 'Verificar cadena'}
      </Button>
      {verify.isError && <FormAlert>{errorMessage(verify.error)}</FormAlert>}
      {verify.data &&
        (verify.data.intact ? (
          <FormAlert tone="success">
            Cadena íntegra: las {verify.data.entries} entradas del registro completo son correctas.
          </FormAlert>
        ) : (
          <FormAlert>
            Cadena rota: la primera entrada alterada es la N° {verify.data.firstBroken?.id}
            {verify.data.firstBroken?.reason ? ` (${verify.data.firstBroken.reason})` : ''}.
          </FormAlert>
        ))}
    </div>
  );
}

const TEXT_FILTERS = ['persona', 'numero_caso', 'accion', 'desde', 'hasta'] as const;

/** The filters in the address (the page can be bookmarked and shared with them). */
function auditFilters(params: URLSearchParams): AuditFilters {
  const f: AuditFilters = {};
  for (const name of TEXT_FILTERS) {
    const value = params.get(name);
    if (!value) continue;
    if (name === 'accion') {
      if ((AUDIT_ACTIONS as string[]).includes(value)) f.accion = value as AuditAction;
    } else f[name] = value;
  }
  return f;
}

function Filters({
  filters,
  onApply,
}: {
  filters: AuditFilters;
  onApply: (next: Record<string, string>) => void;
}) {
  const [errors, setErrors] = useState<{ desde?: string; hasta?: string }>({});
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const next: Record<string, string> = {};
    const found: typeof errors = {};
    for (const name of ['persona', 'numero_caso', 'accion'] as const) {
      const value = String(data.get(name) ?? '').trim();
      if (value) next[name] = value;
    }
    for (const name of ['desde', 'hasta'] as const) {
      const day = readDay(data, name);
      if ('error' in day) found[name] = day.error;
      else if (day.day) next[name] = day.day;
    }
    if (!found.hasta && next.desde && next.hasta && next.desde > next.hasta)
      found.hasta = 'La fecha hasta no puede ser anterior a la fecha desde.';
    setErrors(found);
    if (!found.desde && !found.hasta) onApply(next);
  };
  return (
    <form
      onSubmit={submit}
      noValidate
      aria-label="Filtros del registro"
      className="flex flex-wrap items-start gap-4 rounded-lg border border-gray-200 bg-white p-4 shadow-sm"
    >
      <TextField
        label="Persona"
        name="persona"
        hint="Nombre o correo"
        defaultValue={filters.persona ?? ''}
        maxLength={100}
      />
      <SelectField label="Acción" name="accion" defaultValue={filters.accion ?? ''}>
        <option value="">Todas</option>
        {AUDIT_ACTIONS.map((a) => (
          <option key={a} value={a}>
            {AUDIT_ACTION_LABELS[a]}
          </option>
        ))}
      </SelectField>
      <TextField
        label="N° de caso"
        name="numero_caso"
        hint="Por ejemplo CEM-2026-00001"
        defaultValue={filters.numero_caso ?? ''}
        maxLength={30}
      />
      <DayField label="Desde" name="desde" defaultValue={filters.desde} error={errors.desde} />
      <DayField label="Hasta" name="hasta" defaultValue={filters.hasta} error={errors.hasta} />
      <div className="flex flex-wrap items-center gap-4 self-center">
        <Button type="submit">Aplicar</Button>
        <a
          href={auditCsvUrl(filters)}
          download="registro-de-auditoria.csv"
          className="inline-flex min-h-11 items-center font-semibold text-primary underline"
        >
          Exportar entradas (CSV)
        </a>
      </div>
    </form>
  );
}

/**
 * /gestion/auditoria (auditors and administrators): entries newest first, in words, filtered and
 * paged; the export of what the filters select; the chain check.
 */
export function AuditPage() {
  const me = useStaffUser();
  const [params, setParams] = useQueryParams();
  const filters = auditFilters(params);
  const offset = Math.max(0, (Number(params.get('pagina')) || 1) - 1) * PAGE;
  const audit = useAudit({ ...filters, limite: PAGE, desplazamiento: offset });
  if (!canReadAudit(me)) return <FormAlert>No tiene permiso para ver esta página.</FormAlert>;
  return (
    <div className="space-y-5">
      <h1 className="text-2xl font-bold text-secondary">Registro de auditoría</h1>
      <ChainCheck />
      <Filters key={params.toString()} filters={filters} onApply={setParams} />
      {audit.isError && <FormAlert>{errorMessage(audit.error)}</FormAlert>}
      {audit.isPending && <LoadingView />}
      {audit.data && (
        <section aria-labelledby="entradas">
          <h2 id="entradas" className="mb-2 text-lg font-semibold">
            {audit.data.total === 1 ? '1 entrada' : `${audit.data.total} entradas`}
          </h2>
          <StaffTable
            caption="Entradas del registro de auditoría, de la más reciente a la más antigua"
            minWidth="min-w-[52rem]"
            columns={['N°', 'Fecha', 'Acción', 'Persona', 'Caso', 'Detalle', 'Hash']}
          >
            {audit.data.entries.map((e) => (
              <tr key={e.id} className="border-t border-gray-200 align-top">
                <th scope="row" className="px-3 py-2">
                  {e.id}
                </th>
                <td className="px-3 py-2 whitespace-nowrap">{dateTime(e.date)}</td>
                <td className="px-3 py-2">{e.actionName}</td>
                <td className="px-3 py-2">
                  {e.user ? (e.user.name ?? e.user.email ?? 'Persona sin nombre') : 'Sistema'}
                </td>
                <td className="px-3 py-2 whitespace-nowrap">{e.caseNumber ?? '—'}</td>
                <td className="px-3 py-2">{e.summary || '—'}</td>
                <td className="px-3 py-2 font-mono text-xs" title={e.hash}>
                  {e.hash.slice(0, 12)}…
                </td>
              </tr>
            ))}
          </StaffTable>
          <Pager
            total={audit.data.total}
            limit={PAGE}
            offset={offset}
            label="Páginas del registro"
            onChange={(next) =>
              setParams({
                ...Object.fromEntries(Object.entries(filters)),
                ...(next > 0 ? { pagina: String(next / PAGE + 1) } : {}),
              })
            }
          />
        </section>
      )}
    </div>
  );
}
