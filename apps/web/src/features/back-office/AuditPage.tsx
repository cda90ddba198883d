import { useQueryParams } from './components/useQueryParams';
import { StaffTable } from './components/StaffTable';
import { Button } from '../../components/Button';
import { LoadingView } from '../../components/LoadingView';
import { errorMessage } from './api/client';
import { useAudit, useVerifyChain } from './api/hooks';
import { FormAlert } from './components/FormAlert';
import { dateTime } from './components/format';
import { Pager } from './components/Pager';
import { canReadAudit, useStaffUser } from './components/StaffUserContext';

const PAGE = 50;

/** What each action means, in words. */
const ACTIONS: Record<string, string> = {
  'sesion.ingreso': 'Ingreso',
  'sesion.ingreso_fallido': 'Ingreso fallido',
  'sesion.salida': 'Cierre de sesión',
  'cuenta.activada': 'Cuenta activada',
  'usuario.invitado': 'Usuario invitado',
  'usuario.modificado': 'Usuario modificado',
  'caso.visto': 'Caso consultado',
  'archivo.descargado': 'Archivo descargado',
  'caso.estado': 'Cambio de estado',
  'caso.respuesta': 'Respuesta a la persona denunciante',
  'caso.nota': 'Nota interna',
  'caso.asignado': 'Asignación',
  'caso.exclusion': 'Exclusión',
  'caso.hito': 'Hito registrado',
  'caso.prioridad': 'Prioridad',
  'caso.etiquetas': 'Etiquetas',
  'caso.vinculo': 'Vínculo entre casos',
  'casos.busqueda': 'Búsqueda por RUT o correo',
  'estadisticas.exportadas': 'Exportación de estadísticas',
  'auditoria.verificada': 'Verificación de la cadena',
};

const detailText = (detail: unknown) =>
  detail && typeof detail === 'object' && Object.keys(detail).length ? JSON.stringify(detail) : '';

function ChainCheck() {
  const verify = useVerifyChain();
  return (
    <div className="space-y-3 rounded-lg border border-gray-200 bg-white p-4 shadow-sm">
      <p>
        Cada entrada está encadenada a la anterior por su hash: una modificación rompe la cadena
        desde ese punto.
      </p>
      <Button onClick={() => verify.mutate()} disabled={verify.isPending}>
        {verify.isPending ? 'Verificando…' : 'Verificar cadena'}
      </Button>
      {verify.isError && <FormAlert>{errorMessage(verify.error)}</FormAlert>}
      {verify.data &&
        (verify.data.intact ? (
          <FormAlert tone="success">
            Cadena íntegra: las {verify.data.entries} entradas son correctas.
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

/** /gestion/auditoria (auditors and administrators): entries newest first, paged; the chain check. */
export function AuditPage() {
  const me = useStaffUser();
  const [params, setParams] = useQueryParams();
  const offset = Math.max(0, (Number(params.get('pagina')) || 1) - 1) * PAGE;
  const audit = useAudit(PAGE, offset);
  if (!canReadAudit(me)) return <FormAlert>No tiene permiso para ver esta página.</FormAlert>;
  return (
    <div className="space-y-5">
      <h1 className="text-2xl font-bold text-secondary">Registro de auditoría</h1>
      <ChainCheck />
      {audit.isError && <FormAlert>{errorMessage(audit.error)}</FormAlert>}
      {audit.isPending && <LoadingView />}
      {audit.data && (
        <section aria-labelledby="entradas">
          <h2 id="entradas" className="mb-2 text-lg font-semibold">
            {audit.data.total} entradas
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
                <td className="px-3 py-2">
                  {ACTIONS[e.action] ?? e.action}
                  <span className="block font-mono text-xs text-gray-700">{e.action}</span>
                </td>
                <td className="px-3 py-2">
                  {e.user ? (e.user.name ?? e.user.email ?? `#${e.user.id}`) : 'Sistema'}
                </td>
                <td className="px-3 py-2">{e.caseId ?? '—'}</td>
                <td className="px-3 py-2 font-mono text-xs break-all">{detailText(e.detail)}</td>
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
            onChange={(next) => setParams(next > 0 ? { pagina: String(next / PAGE + 1) } : {})}
          />
        </section>
      )}
    </div>
  );
}
