import { useState, type FormEvent } from 'react';
import { AUDIT_ACTION_LABELS, AUDIT_ACTIONS } from '@canal/shared';
import { useQueryParams } from './components/useQueryParams';
import { StaffTable } from './components/StaffTable';
import { Button } from '../../components/Button';
import { SelectField } from '../../components/form/fields';
import { TextField } from '../../components/form/TextField';
import { LoadingView } from '../../components/LoadingView';
import { ProgressBar } from '../../components/ProgressBar';
import {
  AUDIT_PAGE_SIZE,
  AUDIT_PARAMS,
  type AuditFilters,
  auditCsvUrl,
  auditFiltersFromParams,
  auditParams,
  useAudit,
  useEntryInclusion,
  useVerifyChain,
  useWholeLogCheck,
  type WholeLogCheck,
} from './api/audit';
import { errorMessage } from './api/call';
import { DayField, readDay } from './components/DayField';
import { FormAlert } from './components/FormAlert';
import { count, dateTime } from './components/format';
import { Pager } from './components/Pager';
import { canReadAudit, useStaffUser } from './components/StaffUserContext';

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

/** Why the whole log's check failed, in a few words (the detail follows). */
const FAILURE_TITLES: Record<Extract<WholeLogCheck, { ok: false }>['kind'], string> = {
  firma: 'la firma del punto de control no es válida',
  alterada: 'una entrada fue alterada',
  cadena: 'la cadena de hashes está rota',
  faltan: 'faltan entradas',
  raiz: 'la raíz no coincide con la del punto de control',
};

function WholeLogResult({ result }: { result: WholeLogCheck }) {
  if (result.ok)
    return (
      <FormAlert tone="success">
        Registro íntegro: {count(result.entries)} entradas coinciden con el punto de control firmado
        el {dateTime(result.signedAt)}.
        {result.hidden > 0 &&
          ` De ellas, ${count(result.hidden)} no las puede ver: se comprobaron por la hoja que el servidor calculó.`}
      </FormAlert>
    );
  const { entry } = result;
  return (
    <FormAlert>
      <span className="font-semibold">Registro no íntegro: {FAILURE_TITLES[result.kind]}.</span>{' '}
      {entry && (
        <>
          {entry.lastLeft ? 'Última entrada que queda' : 'Primera entrada que falla'}: N° {entry.id}{' '}
          (posición {count(entry.position)}
          {entry.date ? `, ${dateTime(entry.date)}` : ''}
          {entry.actionName ? `, ${entry.actionName}` : ''}
          {entry.date ? '' : ', fuera de su alcance'}).{' '}
        </>
      )}
      {result.reason}
    </FormAlert>
  );
}

/**
 * The whole log checked in this browser against the latest signed checkpoint (decision 0073):
 * progress, cancel, and either the count that matched or the first entry that fails and why.
 */
function WholeLogCheckPanel() {
  const check = useWholeLogCheck();
  const { progress } = check;
  return (
    <div className="space-y-3 rounded-lg border border-gray-200 bg-white p-4 shadow-sm">
      <p>
        Este navegador descarga el último punto de control firmado y todas las entradas que cubre,
        recalcula cada una y el árbol de Merkle, y compara la raíz con la firmada. Los cálculos se
        hacen aquí, no en el servidor.
      </p>
      <div className="flex flex-wrap gap-3">
        <Button onClick={() => void check.run()} disabled={check.running}>
          Verificar todo el registro
        </Button>
        {check.running && (
          <Button variant="secondary" onClick={check.cancel}>
            Cancelar
          </Button>
        )}
      </div>
      {check.running && (
        <div className="space-y-2" aria-live="polite">
          <p>
            {progress
              ? `Verificando ${count(progress.checked)} de ${count(progress.size)}…`
              : 'Obteniendo el punto de control firmado…'}
          </p>
          {progress && progress.size > 0 && (
            <ProgressBar
              value={progress.checked / progress.size}
              label="Avance de la verificación del registro"
            />
          )}
        </div>
      )}
      {check.cancelled && !check.running && (
        <FormAlert tone="info">Verificación cancelada: no se llegó a un resultado.</FormAlert>
      )}
      {check.error !== null && <FormAlert>{errorMessage(check.error)}</FormAlert>}
      {check.result && <WholeLogResult result={check.result} />}
    </div>
  );
}

function Filters({
  filters,
  onApply,
}: {
  filters: AuditFilters;
  onApply: (next: Record<string, string>) => void;
}) {
  const [errors, setErrors] = useState<{ from?: string; to?: string }>({});
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const next: Record<string, string> = {};
    const found: typeof errors = {};
    for (const name of ['person', 'caseNumber', 'action'] as const) {
      const value = String(data.get(AUDIT_PARAMS[name]) ?? '').trim();
      if (value) next[AUDIT_PARAMS[name]] = value;
    }
    for (const name of ['from', 'to'] as const) {
      const day = readDay(data, AUDIT_PARAMS[name]);
      if ('error' in day) found[name] = day.error;
      else if (day.day) next[AUDIT_PARAMS[name]] = day.day;
    }
    const [from, to] = [next[AUDIT_PARAMS.from], next[AUDIT_PARAMS.to]];
    if (!found.to && from && to && from > to)
      found.to = 'La fecha hasta no puede ser anterior a la fecha desde.';
    setErrors(found);
    if (!found.from && !found.to) onApply(next);
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
        name={AUDIT_PARAMS.person}
        hint="Nombre o correo"
        defaultValue={filters.person ?? ''}
        maxLength={100}
      />
      <SelectField label="Acción" name={AUDIT_PARAMS.action} defaultValue={filters.action ?? ''}>
        <option value="">Todas</option>
        {AUDIT_ACTIONS.map((a) => (
          <option key={a} value={a}>
            {AUDIT_ACTION_LABELS[a]}
          </option>
        ))}
      </SelectField>
      <TextField
        label="N° de caso"
        name={AUDIT_PARAMS.caseNumber}
        hint="Por ejemplo CEM-2026-00001"
        defaultValue={filters.caseNumber ?? ''}
        maxLength={30}
      />
      <DayField
        label="Desde"
        name={AUDIT_PARAMS.from}
        defaultValue={filters.from}
        error={errors.from}
      />
      <DayField label="Hasta" name={AUDIT_PARAMS.to} defaultValue={filters.to} error={errors.to} />
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
  const filters = auditFiltersFromParams(params);
  const offset = Math.max(0, (Number(params.get(AUDIT_PARAMS.page)) || 1) - 1) * AUDIT_PAGE_SIZE;
  const audit = useAudit(filters, offset);
  const inclusion = useEntryInclusion();
  if (!canReadAudit(me)) return <FormAlert>No tiene permiso para ver esta página.</FormAlert>;
  return (
    <div className="space-y-5">
      <h1 className="text-2xl font-bold text-secondary">Registro de auditoría</h1>
      <ChainCheck />
      <WholeLogCheckPanel />
      <Filters key={params.toString()} filters={filters} onApply={setParams} />
      {audit.isError && <FormAlert>{errorMessage(audit.error)}</FormAlert>}
      {audit.isPending && <LoadingView />}
      {audit.data && (
        <section aria-labelledby="entradas">
          <h2 id="entradas" className="mb-2 text-lg font-semibold">
            {audit.data.total === 1 ? '1 entrada' : `${audit.data.total} entradas`}
          </h2>
          {inclusion.isError && <FormAlert>{errorMessage(inclusion.error)}</FormAlert>}
          {inclusion.data &&
            (inclusion.data.ok ? (
              <FormAlert tone="success">
                La entrada N° {inclusion.data.id} está en el registro firmado: punto de control de{' '}
                {inclusion.data.size} entradas del {dateTime(inclusion.data.issuedAt.toISOString())}
                , comprobado en este navegador.
              </FormAlert>
            ) : (
              <FormAlert>
                La entrada N° {inclusion.data.id} no se pudo comprobar: {inclusion.data.reason}
              </FormAlert>
            ))}
          <StaffTable
            caption="Entradas del registro de auditoría, de la más reciente a la más antigua"
            minWidth="min-w-[56rem]"
            columns={['N°', 'Fecha', 'Acción', 'Persona', 'Caso', 'Detalle', 'Hash', 'Prueba']}
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
                <td className="px-3 py-2">
                  <Button
                    variant="secondary"
                    onClick={() => inclusion.mutate(e.id)}
                    disabled={inclusion.isPending}
                    aria-label={`Comprobar la inclusión de la entrada N° ${e.id}`}
                  >
                    Comprobar
                  </Button>
                </td>
              </tr>
            ))}
          </StaffTable>
          <Pager
            total={audit.data.total}
            limit={AUDIT_PAGE_SIZE}
            offset={offset}
            label="Páginas del registro"
            onChange={(next) => setParams(auditParams(filters, next / AUDIT_PAGE_SIZE + 1))}
          />
        </section>
      )}
    </div>
  );
}
