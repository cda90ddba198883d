import { Link } from 'react-router';
import { paths } from '../../../config/paths';
import { Button } from '../../../components/Button';
import { errorMessage } from '../api/call';
import {
  attendsRetaliation,
  useAttendRetaliation,
  useRetaliationReports,
} from '../api/retaliation';
import { FormAlert } from '../components/FormAlert';
import { civilDate, isoTodayInChile } from '../components/format';
import { useStaffUser } from '../components/StaffUserContext';

/** When a report is due, in words: overdue, today, or the day. */
function due(dueOn: string, overdue: boolean): string {
  if (overdue) return `vencido el ${civilDate(dueOn)}`;
  if (dueOn === isoTodayInChile()) return 'Vence hoy';
  return `vence el ${civilDate(dueOn)}`;
}

/**
 * The complainants' reports of retaliation after closing not attended yet (decision 0060), at the
 * top of the inbox: each case, when it was reported, its own deadline, and "Registrar como
 * atendido" for those who may change cases.
 */
export function RetaliationReports() {
  const user = useStaffUser();
  const reports = useRetaliationReports();
  const attend = useAttendRetaliation();
  if (!reports.data || reports.data.length === 0) return null;
  const may = attendsRetaliation(user.role);
  return (
    <section
      aria-labelledby="represalias"
      className="rounded-md border border-red-700 bg-red-50 p-4"
    >
      <h2 id="represalias" className="font-semibold">
        {reports.data.length === 1
          ? '1 aviso de represalias por atender'
          : `${reports.data.length} avisos de represalias por atender`}
      </h2>
      <p className="text-sm text-gray-800">
        La persona denunciante de un caso cerrado informó haber sufrido represalias. Revise el
        historial del caso y registre cuando lo haya atendido.
      </p>
      <ul className="mt-2 space-y-2 text-sm">
        {reports.data.map((r) => (
          <li key={r.id} className="flex flex-wrap items-center gap-x-3 gap-y-1">
            <Link to={paths.staffCase(r.case.id)} className="text-primary underline">
              Caso {r.case.number}
            </Link>
            <span>
              informado el {civilDate(r.reportedOn)} ·{' '}
              <span className={r.overdue ? 'font-semibold text-red-800' : 'font-semibold'}>
                {due(r.dueOn, r.overdue)}
              </span>
            </span>
            {may && (
              <Button
                variant="secondary"
                className="min-h-9 px-3"
                disabled={attend.isPending}
                onClick={() => attend.mutate(r.id)}
                aria-label={`Registrar como atendido el aviso del caso ${r.case.number}`}
              >
                Registrar como atendido
              </Button>
            )}
          </li>
        ))}
      </ul>
      {attend.isError && <FormAlert reveal>{errorMessage(attend.error)}</FormAlert>}
    </section>
  );
}
