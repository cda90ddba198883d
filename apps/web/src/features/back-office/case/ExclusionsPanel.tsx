import { useState } from 'react';
import { Button } from '../../../components/Button';
import { errorMessage } from '../api/call';
import { type CaseView, useCaseActions } from '../api/cases/case';
import { useUsers } from '../api/users';
import { FormAlert } from '../components/FormAlert';
import { SelectField } from '../../../components/form/fields';
import { useStaffUser } from '../components/StaffUserContext';

/**
 * Conflict-of-interest exclusions (administrators). Assigning the case is in the triage bar at the
 * top of the page (`TriageBar`).
 */
export function ExclusionsPanel({ theCase }: { theCase: CaseView['case'] }) {
  const me = useStaffUser();
  const users = useUsers(true);
  const { exclude, include } = useCaseActions(theCase.id);
  const [excluded, setExcluded] = useState('');
  const failure = exclude.error ?? include.error;

  return (
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
      {failure && <FormAlert>{errorMessage(failure)}</FormAlert>}
    </div>
  );
}
