import { useState } from 'react';
import { Button } from '../../../components/Button';
import { errorMessage } from '../api/call';
import { type CaseView, useCaseActions } from '../api/cases/case';
import { type StaffUser, useUsers } from '../api/users';
import { FormAlert } from '../components/FormAlert';
import { SelectField } from '../../../components/form/fields';
import {
  canChangeCases,
  isAdministrator,
  useStaffUser,
  worksOn,
} from '../components/StaffUserContext';

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

/** Assignment (everyone who may change the case) and conflict-of-interest exclusions (administrators). */
export function AssignmentPanel({ theCase }: { theCase: CaseView['case'] }) {
  const me = useStaffUser();
  const admin = isAdministrator(me);
  const users = useUsers(admin);
  const { assign, exclude, include } = useCaseActions(theCase.id);
  const [assignee, setAssignee] = useState('');
  const [excluded, setExcluded] = useState('');
  const candidates = eligible(users.data ?? [], theCase);
  const failure = assign.error ?? exclude.error ?? include.error;

  return (
    <div className="space-y-4">
      <h3 className="text-lg font-bold text-secondary">Asignación</h3>
      <p>
        A cargo: <strong>{theCase.assignee?.name ?? 'Sin asignar'}</strong>
      </p>
      {admin ? (
        <form
          className="flex flex-wrap items-end gap-3"
          onSubmit={(e) => {
            e.preventDefault();
            assign.mutate(assignee === 'ninguno' ? null : Number(assignee));
          }}
        >
          <SelectField
            label="Asignar a"
            value={assignee}
            onChange={(e) => setAssignee(e.target.value)}
            className="min-w-56 flex-1"
          >
            <option value="">Elija una persona</option>
            <option value="ninguno">Nadie (sin asignar)</option>
            {candidates.map((u) => (
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
        <div className="flex flex-wrap gap-3">
          {theCase.assignee?.id !== me.id && (
            <Button onClick={() => assign.mutate(me.id)} disabled={assign.isPending}>
              Asignarme el caso
            </Button>
          )}
          {theCase.assignee && (
            <Button
              variant="secondary"
              onClick={() => assign.mutate(null)}
              disabled={assign.isPending}
            >
              Dejar sin asignar
            </Button>
          )}
        </div>
      )}

      {admin && (
        <div className="space-y-3">
          <h3 className="text-lg font-bold text-secondary">Exclusiones por conflicto de interés</h3>
          {theCase.excluded.length === 0 ? (
            <p>Nadie está excluido de este caso.</p>
          ) : (
            <ul className="space-y-2">
              {theCase.excluded.map((e) => (
                <li key={e.id} className="flex flex-wrap items-center gap-3">
                  <span>{e.name}</span>
                  <Button
                    variant="ghost"
                    onClick={() => include.mutate(e.id)}
                    disabled={include.isPending}
                    aria-label={`Quitar la exclusión de ${e.name}`}
                  >
                    Quitar exclusión
                  </Button>
                </li>
              ))}
            </ul>
          )}
          <form
            className="flex flex-wrap items-end gap-3"
            onSubmit={(e) => {
              e.preventDefault();
              if (excluded) exclude.mutate(Number(excluded), { onSuccess: () => setExcluded('') });
            }}
          >
            <SelectField
              label="Excluir a"
              value={excluded}
              onChange={(e) => setExcluded(e.target.value)}
              className="min-w-56 flex-1"
              hint="La persona deja de ver el caso de inmediato."
            >
              <option value="">Elija una persona</option>
              {(users.data ?? [])
                .filter((u) => u.id !== me.id && !theCase.excluded.some((x) => x.id === u.id))
                .map((u) => (
                  <option key={u.id} value={u.id}>
                    {u.name}
                  </option>
                ))}
            </SelectField>
            <Button type="submit" variant="secondary" disabled={!excluded || exclude.isPending}>
              Excluir
            </Button>
          </form>
        </div>
      )}
      {failure && <FormAlert>{errorMessage(failure)}</FormAlert>}
    </div>
  );
}
