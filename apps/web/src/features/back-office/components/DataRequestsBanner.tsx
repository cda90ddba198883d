import { Link } from 'react-router';
import { paths } from '../../../config/paths';
import { readsDataRequests, useDataRequests } from '../api/data-requests';
import { useStaffUser } from './StaffUserContext';

/**
 * Law 21.719: the data-protection requests still to answer, with the other deadlines (issue 19):
 * how many, how many past their legal period, and the ones due soon, each with its last day.
 */
export function DataRequestsBanner() {
  const user = useStaffUser();
  const reads = readsDataRequests(user.role);
  const query = useDataRequests(true, reads);
  if (!reads || !query.data || query.data.open === 0) return null;
  const { open, overdue, requests } = query.data;
  const urgent = requests.filter((r) => r.clock === 'vencida' || r.clock === 'por_vencer');
  return (
    <section
      aria-label="Solicitudes sobre datos personales"
      className={`mb-4 rounded-md border p-4 ${overdue > 0 ? 'border-red-400 bg-red-50' : 'border-amber-400 bg-amber-50'}`}
    >
      <p className="font-semibold">
        {open === 1
          ? '1 solicitud sobre datos personales por responder'
          : `${open} solicitudes sobre datos personales por responder`}
        {overdue > 0 && ` (${overdue} ${overdue === 1 ? 'vencida' : 'vencidas'})`}
      </p>
      {urgent.length > 0 && (
        <ul className="mt-2 list-disc pl-5 text-sm">
          {urgent.map((r) => (
            <li key={r.id}>
              Solicitud N° {r.id}: {r.clock === 'vencida' ? 'venció' : 'vence'} el{' '}
              {r.dueOn.split('-').reverse().join('-')}
            </li>
          ))}
        </ul>
      )}
      <Link to={paths.staffDataRequests()} className="mt-2 inline-block text-primary underline">
        Ir al registro de solicitudes
      </Link>
    </section>
  );
}
