import { useState } from 'react';
import {
  CASE_PRIORITIES,
  CASE_PRIORITY_LABELS,
  NOTICE_TEMPLATE_MILESTONES,
  STATUS_CLOSED,
  type CasePriority,
} from '@canal/shared';
import { Button } from '../../../components/Button';
import { SelectField } from '../../../components/form/fields';
import { errorMessage } from '../api/call';
import { type CaseView, type Milestone, useCaseActions } from '../api/cases/case';
import { type StaffUser, useUsers } from '../api/users';
import { DueMark } from '../components/DueMark';
import { FormAlert } from '../components/FormAlert';
import { StatusBadge } from '../components/StatusBadge';
import {
  canChangeCases,
  isAdministrator,
  useStaffUser,
  worksOn,
} from '../components/StaffUserContext';
import { dayInChile } from '../components/format';
import { RecordMilestoneDialog, type NoticeContext } from './MilestonesTable';

/** People who may take a case: active, activated, not auditors, working on its organisation, not excluded. */
const eligible = (users: StaffUser[], c: CaseView['case']) =>
  users.filter(
    (u) =>
      u.active &&
      u.activated &&
      canChangeCases(u) &&
      worksOn(u, c.organization.id) &&
      !c.excluded.some((e) => e.id === u.id),
  );

/** The milestone still open that falls due first (the case's next due date), if any. */
export const nextOpenMilestone = (milestones: readonly Milestone[]): Milestone | undefined =>
  milestones
    .filter((m) => m.state !== 'done' && m.state !== 'no_registrado' && m.due)
    .sort((a, b) => a.due.localeCompare(b.due))[0];

const DESIGNATION = NOTICE_TEMPLATE_MILESTONES.designacion;

function Cell({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <div className="min-w-0 space-y-2">
      <h3 className="text-sm font-semibold text-gray-700">{title}</h3>
      {children}
    </div>
  );
}

/**
 * The case's triage at the top of its page (issue 22): who has it, its priority, its status and
 * its next milestone, each changed from here. Assigning someone while the investigator's
 * designation is not recorded offers to record it, its text started from the organisation's
 * template with the person's name.
 */
export function TriageBar({ view }: { view: CaseView }) {
  const { case: theCase, milestones } = view;
  const me = useStaffUser();
  const admin = isAdministrator(me);
  const users = useUsers(admin);
  const { assign, setPriority } = useCaseActions(theCase.id);
  const [assignee, setAssignee] = useState('');
  const [priority, setPriorityChoice] = useState<string>(theCase.priority ?? '');
  const [recording, setRecording] = useState<{
    milestone: Milestone;
    investigator: string | null;
  } | null>(null);
  const [offer, setOffer] = useState<string | null>(null);
  const failure = assign.error ?? setPriority.error;
  const next = nextOpenMilestone(milestones);
  const designation = milestones.find(
    (m) => m.key === DESIGNATION && m.state !== 'done' && m.state !== 'no_registrado',
  );
  const notice = (investigator: string | null): NoticeContext => ({
    caseNumber: theCase.number,
    organizationId: theCase.organization.id,
    investigator,
  });

  const assignTo = (id: number | null, name: string | null) =>
    assign.mutate(id, {
      onSuccess: () => {
        setAssignee('');
        setOffer(id !== null && designation ? name : null);
      },
    });

  return (
    <section
      aria-labelledby="triaje"
      className="space-y-4 rounded-lg border-2 border-primary/30 bg-white p-4 shadow-sm"
    >
      <h2 id="triaje" className="text-lg font-bold text-secondary">
        Triaje
      </h2>
      <div className="grid grid-cols-1 gap-5 sm:grid-cols-2 xl:grid-cols-4">
        <Cell title="Asignación">
          <p>
            A cargo: <strong>{theCase.assignee?.name ?? 'Sin asignar'}</strong>
          </p>
          {admin ? (
            <form
              className="flex flex-wrap items-end gap-2"
              onSubmit={(e) => {
                e.preventDefault();
                const person = users.data?.find((u) => String(u.id) === assignee);
                assignTo(assignee === 'ninguno' ? null : Number(assignee), person?.name ?? null);
              }}
            >
              <SelectField
                label="Asignar a"
                value={assignee}
                onChange={(e) => setAssignee(e.target.value)}
                className="min-w-0 flex-1"
              >
                <option value="">Elija una persona</option>
                <option value="ninguno">Nadie (sin asignar)</option>
                {eligible(users.data ?? [], theCase).map((u) => (
                  <option key={u.id} value={u.id}>
                    {u.name}
                  </option>
                ))}
              </SelectField>
              <Button type="submit" disabled={!assignee || assign.isPending}>
                Asignar
              </Button>
            </form>
          ) : (
            <div className="flex flex-wrap gap-2">
              {theCase.assignee?.id !== me.id && (
                <Button onClick={() => assignTo(me.id, me.name)} disabled={assign.isPending}>
                  Asignarme el caso
                </Button>
              )}
              {theCase.assignee && (
                <Button
                  variant="secondary"
                  onClick={() => assignTo(null, null)}
                  disabled={assign.isPending}
                >
                  Dejar sin asignar
                </Button>
              )}
            </div>
          )}
        </Cell>

        <Cell title="Prioridad">
          <form
            className="flex flex-wrap items-end gap-2"
            aria-label="Prioridad del caso"
            onSubmit={(e) => {
              e.preventDefault();
              setPriority.mutate(priority === '' ? null : (priority as CasePriority));
            }}
          >
            <SelectField
              label="Prioridad (riesgo)"
              value={priority}
              onChange={(e) => setPriorityChoice(e.target.value)}
              className="min-w-0 flex-1"
            >
              <option value="">Sin prioridad</option>
              {CASE_PRIORITIES.map((p) => (
                <option key={p} value={p}>
                  {CASE_PRIORITY_LABELS[p]}
                </option>
              ))}
            </SelectField>
            <Button
              type="submit"
              disabled={setPriority.isPending || priority === (theCase.priority ?? '')}
            >
              Guardar prioridad
            </Button>
          </form>
        </Cell>

        <Cell title="Estado">
          <p>
            <StatusBadge status={theCase.status} />
          </p>
          {theCase.status !== STATUS_CLOSED && (
            <a href="#cambio-estado" className="text-primary underline">
              Cambiar el estado
            </a>
          )}
        </Cell>

        <Cell title="Próximo hito">
          {next ? (
            <>
              <p className="font-semibold">{next.name}</p>
              <DueMark date={next.due} state={next.state} />
              <div>
                <Button
                  variant="secondary"
                  className="min-h-9 px-3 py-1 text-sm"
                  onClick={() =>
                    setRecording({ milestone: next, investigator: theCase.assignee?.name ?? null })
                  }
                  aria-label={`Registrar el próximo hito: ${next.name}`}
                >
                  Registrar
                </Button>
              </div>
            </>
          ) : (
            <p>Sin plazos pendientes.</p>
          )}
        </Cell>
      </div>

      {offer !== null && designation && (
        <div
          role="status"
          className="flex flex-wrap items-center gap-3 rounded border border-blue-800 bg-blue-50 p-3"
        >
          <p className="min-w-0 flex-1">
            El caso quedó a cargo de {offer}. ¿Registrar ahora «{designation.name}»? El texto para
            la persona denunciante parte de la plantilla, con su nombre, y puede cambiarlo.
          </p>
          <Button
            onClick={() => {
              setRecording({ milestone: designation, investigator: offer });
              setOffer(null);
            }}
          >
            Registrar la designación
          </Button>
          <Button variant="secondary" onClick={() => setOffer(null)}>
            Ahora no
          </Button>
        </div>
      )}
      {failure && <FormAlert>{errorMessage(failure)}</FormAlert>}
      {recording && (
        <RecordMilestoneDialog
          caseId={theCase.id}
          milestone={recording.milestone}
          receivedOn={dayInChile(theCase.receivedAt)}
          notice={notice(recording.investigator)}
          onClose={() => setRecording(null)}
        />
      )}
    </section>
  );
}
