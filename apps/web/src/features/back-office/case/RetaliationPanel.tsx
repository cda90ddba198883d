import { Button } from '../../../components/Button';
import { errorMessage } from '../api/call';
import type { CaseView } from '../api/cases/case';
import { attendsRetaliation, useAttendRetaliation } from '../api/retaliation';
import { DueMark } from '../components/DueMark';
import { FormAlert } from '../components/FormAlert';
import { StaffTable } from '../components/StaffTable';
import { civilDate, dateTime } from '../components/format';
import { useStaffUser } from '../components/StaffUserContext';

/**
 * The case's reports of retaliation after closing (decision 0060): when each was made, its
 * deadline, whether it was attended and by whom; "Registrar como atendido" for those who may.
 */
export function RetaliationPanel({ view }: { view: CaseView }) {
  const user = useStaffUser();
  const attend = useAttendRetaliation();
  const reports = view.retaliationReports;
  const may = attendsRetaliation(user.role);
  if (reports.length === 0)
    return <p>La persona denunciante no ha informado represalias después del cierre.</p>;
  return (
    <>
      <StaffTable
        caption="Avisos de represalias del caso"
        minWidth="sm:min-w-[36rem]"
        frame="rounded-lg border border-gray-200 bg-white"
        columns={[
          'Informado el',
          'Plazo',
          'Atención',
          may && <span className="sr-only">Acciones</span>,
        ]}
      >
        {reports.map((r) => (
          <tr key={r.id} className="border-t border-gray-200 align-top">
            <th scope="row" className="px-3 py-2 font-semibold tabular-nums">
              {civilDate(r.reportedOn)}
            </th>
            <td className="px-3 py-2">
              {r.attended ? (
                <span className="tabular-nums">{civilDate(r.dueOn)}</span>
              ) : (
                <DueMark date={r.dueOn} state={r.overdue ? 'overdue' : 'soon'} />
              )}
            </td>
            <td className="px-3 py-2">
              {r.attended
                ? `Atendido el ${dateTime(r.attended.at)} por ${r.attended.by ?? 'una persona que ya no está en el equipo'}`
                : 'Sin atender'}
            </td>
            {may && (
              <td className="px-3 py-2">
                {!r.attended && (
                  <Button
                    variant="secondary"
                    className="min-h-9 px-3"
                    disabled={attend.isPending}
                    onClick={() => attend.mutate(r.id)}
                    aria-label={`Registrar como atendido el aviso informado el ${civilDate(r.reportedOn)}`}
                  >
                    Registrar como atendido
                  </Button>
                )}
              </td>
            )}
          </tr>
        ))}
      </StaffTable>
      {attend.isError && <FormAlert reveal>{errorMessage(attend.error)}</FormAlert>}
    </>
  );
}
