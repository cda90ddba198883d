import { Link } from 'react-router';
import { paths } from '../../../config/paths';
import { readsReplacementTasks, useReplacementTasks } from '../api/cases/replacement-tasks';
import { dateTime } from './format';
import { useStaffUser } from './StaffUserContext';

/**
 * The complainants' requests to replace an investigator that wait for an answer (decision 0022),
 * as a task for administrators (auditors read them too): each case, when it was asked and a link.
 */
export function ReplacementTasksBanner() {
  const user = useStaffUser();
  const reads = readsReplacementTasks(user.role);
  const query = useReplacementTasks(reads);
  if (!reads || !query.data || query.data.length === 0) return null;
  const tasks = query.data;
  return (
    <section
      aria-label="Solicitudes por responder"
      className="mb-4 rounded-md border border-amber-400 bg-amber-50 p-4"
    >
      <p className="font-semibold">
        {tasks.length === 1
          ? '1 solicitud de cambio de investigador/a por responder'
          : `${tasks.length} solicitudes de cambio de investigador/a por responder`}
      </p>
      <ul className="mt-2 list-disc pl-5 text-sm">
        {tasks.map((t) => (
          <li key={t.id}>
            <Link to={paths.staffCase(t.case.id)} className="text-primary underline">
              Caso {t.case.number}
            </Link>{' '}
            · pedida el {dateTime(t.sentAt)}
          </li>
        ))}
      </ul>
    </section>
  );
}
