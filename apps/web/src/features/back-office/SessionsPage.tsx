import { useState } from 'react';
import { Button } from '../../components/Button';
import { LoadingView } from '../../components/LoadingView';
import { errorMessage } from './api/call';
import { SIGN_IN_METHOD_LABELS, useMySessions, useSessionActions } from './api/sessions';
import { FormAlert } from './components/FormAlert';
import { PasskeysSection } from './components/PasskeysSection';
import { StaffTable } from './components/StaffTable';
import { dateTime } from './components/format';

/**
 * /gestion/sesiones (everyone): the person's live sessions, the device each was opened from, when
 * it started and its last activity; they end any other or all others (the one in use ends with
 * «Cerrar sesión»); and their passkeys (decision 0076).
 */
export function SessionsPage() {
  const sessions = useMySessions();
  const { endOne, endOthers } = useSessionActions();
  const [notice, setNotice] = useState<string | null>(null);
  const failure = endOne.error ?? endOthers.error;
  const others = sessions.data?.filter((s) => !s.current) ?? [];
  return (
    <div className="space-y-5">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-bold text-secondary">Mis sesiones</h1>
        {others.length > 0 && (
          <Button
            disabled={endOthers.isPending}
            onClick={() =>
              endOthers.mutate(undefined, {
                onSuccess: (n) =>
                  setNotice(n === 1 ? 'Se cerró 1 sesión.' : `Se cerraron ${n} sesiones.`),
              })
            }
          >
            Cerrar las demás sesiones
          </Button>
        )}
      </div>
      <p className="text-gray-700">
        Estas son las sesiones abiertas con su cuenta. Si no reconoce alguna, ciérrela y avise a un
        administrador.
      </p>
      {notice && <FormAlert tone="success">{notice}</FormAlert>}
      {failure && <FormAlert>{errorMessage(failure)}</FormAlert>}
      {sessions.isError && <FormAlert>{errorMessage(sessions.error)}</FormAlert>}
      {sessions.isPending && <LoadingView />}
      {sessions.data && (
        <StaffTable
          caption="Sesiones abiertas"
          minWidth="min-w-[44rem]"
          columns={['Dispositivo', 'Ingreso con', 'Inicio', 'Última actividad', 'Acciones']}
        >
          {sessions.data.map((s) => (
            <tr key={s.id} className="border-t border-gray-200 align-top">
              <th scope="row" className="px-3 py-2 font-semibold">
                {s.device}
              </th>
              <td className="px-3 py-2">{SIGN_IN_METHOD_LABELS[s.method]}</td>
              <td className="px-3 py-2">{dateTime(s.startedAt)}</td>
              <td className="px-3 py-2">{dateTime(s.lastActiveAt)}</td>
              <td className="px-3 py-2">
                {s.current ? (
                  <span className="font-semibold">Esta sesión</span>
                ) : (
                  <Button
                    variant="ghost"
                    className="min-h-9 px-2"
                    aria-label={`Cerrar la sesión de ${s.device} iniciada el ${dateTime(s.startedAt)}`}
                    disabled={endOne.isPending}
                    onClick={() =>
                      endOne.mutate(s.id, {
                        onSuccess: () => setNotice(`Se cerró la sesión de ${s.device}.`),
                      })
                    }
                  >
                    Cerrar
                  </Button>
                )}
              </td>
            </tr>
          ))}
        </StaffTable>
      )}
      <PasskeysSection />
    </div>
  );
}
