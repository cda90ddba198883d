import { useState } from 'react';
import { Button } from '../../../components/Button';
import { errorMessage } from '../api/call';
import { useDataRequests } from '../api/data-requests';
import { FormAlert } from '../components/FormAlert';
import { isAdministrator, useStaffUser } from '../components/StaffUserContext';
import { DataRequestDetail } from './DataRequestDetail';
import { NewDataRequestForm } from './NewDataRequestForm';
import {
  ClockBadge,
  DATA_REQUEST_CHANNEL_LABELS,
  DATA_REQUESTER_LABELS,
  DATA_RIGHT_LABELS,
  day,
} from './labels';

/**
 * /gestion/solicitudes-datos: the register of data-protection requests (Law 21.719) that arrive by
 * any channel, each with its legal period (administrators answer; auditors read).
 */
export function DataRequestsPage() {
  const user = useStaffUser();
  const [onlyOpen, setOnlyOpen] = useState(true);
  const [selected, setSelected] = useState<number | null>(null);
  const [adding, setAdding] = useState(false);
  const list = useDataRequests(onlyOpen);
  return (
    <div className="flex flex-col gap-5">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-bold">Solicitudes sobre datos personales</h1>
        {isAdministrator(user) && (
          <Button variant={adding ? 'secondary' : 'primary'} onClick={() => setAdding(!adding)}>
            {adding ? 'Cancelar' : 'Registrar solicitud'}
          </Button>
        )}
      </div>
      <p className="text-gray-700">
        Ley 21.719: acceso, rectificación, supresión, oposición, portabilidad y bloqueo. Cada
        solicitud se responde dentro de su plazo legal (días corridos desde que llegó), prorrogable
        una vez con un motivo.
      </p>
      {adding && (
        <NewDataRequestForm
          onCreated={(id) => {
            setAdding(false);
            setSelected(id);
          }}
        />
      )}
      <div className="flex gap-2">
        <Button variant={onlyOpen ? 'primary' : 'secondary'} onClick={() => setOnlyOpen(true)}>
          Por responder
        </Button>
        <Button variant={onlyOpen ? 'secondary' : 'primary'} onClick={() => setOnlyOpen(false)}>
          Todas
        </Button>
      </div>
      {list.isError && <FormAlert>{errorMessage(list.error)}</FormAlert>}
      {list.data && (
        <>
          <p role="status">
            {list.data.open} por responder, {list.data.overdue} vencidas.
          </p>
          <div className="overflow-x-auto">
            <table className="w-full text-left text-sm">
              <thead>
                <tr className="border-b">
                  <th className="p-2">N°</th>
                  <th className="p-2">Plazo</th>
                  <th className="p-2">Derecho</th>
                  <th className="p-2">Quién solicita</th>
                  <th className="p-2">Medio</th>
                  <th className="p-2">Recibida</th>
                  <th className="p-2">Casos</th>
                  <th className="p-2">
                    <span className="sr-only">Acciones</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {list.data.requests.map((r) => (
                  <tr key={r.id} className="border-b">
                    <td className="p-2">{r.id}</td>
                    <td className="p-2">
                      <ClockBadge clock={r.clock} dueOn={r.dueOn} />
                    </td>
                    <td className="p-2">{DATA_RIGHT_LABELS[r.right]}</td>
                    <td className="p-2">{DATA_REQUESTER_LABELS[r.requester]}</td>
                    <td className="p-2">{DATA_REQUEST_CHANNEL_LABELS[r.channel]}</td>
                    <td className="p-2">{day(r.receivedOn)}</td>
                    <td className="p-2">{r.cases.map((c) => c.number).join(', ') || '—'}</td>
                    <td className="p-2">
                      <Button variant="ghost" onClick={() => setSelected(r.id)}>
                        Ver solicitud {r.id}
                      </Button>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          {list.data.requests.length === 0 && <p>No hay solicitudes.</p>}
        </>
      )}
      {selected !== null && <DataRequestDetail key={selected} id={selected} />}
    </div>
  );
}
