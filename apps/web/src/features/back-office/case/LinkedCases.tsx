import { useState } from 'react';
import { Link } from 'react-router';
import { paths } from '../../../config/paths';
import { Button } from '../../../components/Button';
import { SelectField } from '../../../components/form/fields';
import { TextField } from '../../../components/form/TextField';
import { errorMessage } from '../api/call';
import { type CaseView, useCaseActions } from '../api/cases/case';
import { FormAlert } from '../components/FormAlert';

const KIND_LABELS = {
  duplicado_de: 'Este caso es duplicado de',
  tiene_duplicado: 'Duplicado de este caso',
  relacionado: 'Relacionado',
} as const;

/** Cases linked to this one (both pages show a link); who may change the case links and unlinks. */
export function LinkedCases({
  theCase,
  canChange,
}: {
  theCase: CaseView['case'];
  canChange: boolean;
}) {
  const { link, unlink } = useCaseActions(theCase.id);
  const [number, setNumber] = useState('');
  const [kind, setKind] = useState<'duplicado_de' | 'relacionado'>('duplicado_de');
  const failure = link.error ?? unlink.error;
  return (
    <div className="space-y-3">
      {theCase.links.length === 0 ? (
        <p>El caso no está vinculado con otros.</p>
      ) : (
        <ul className="space-y-2" aria-label="Casos vinculados">
          {theCase.links.map((l) => (
            <li key={l.id} className="flex flex-wrap items-center gap-3">
              <span>
                {KIND_LABELS[l.kind]}:{' '}
                <Link to={paths.staffCase(l.id)} className="text-primary underline">
                  {l.number}
                </Link>
              </span>
              {canChange && (
                <Button
                  variant="ghost"
                  onClick={() => unlink.mutate(l.id)}
                  disabled={unlink.isPending}
                  aria-label={`Quitar el vínculo con ${l.number}`}
                >
                  Quitar vínculo
                </Button>
              )}
            </li>
          ))}
        </ul>
      )}
      {canChange && (
        <form
          className="flex flex-wrap items-end gap-3"
          aria-label="Vincular con otro caso"
          onSubmit={(e) => {
            e.preventDefault();
            link.mutate({ number: number.trim(), kind }, { onSuccess: () => setNumber('') });
          }}
        >
          <SelectField
            label="Vínculo"
            value={kind}
            onChange={(e) => setKind(e.target.value as 'duplicado_de' | 'relacionado')}
          >
            <option value="duplicado_de">Es duplicado de</option>
            <option value="relacionado">Está relacionado con</option>
          </SelectField>
          <TextField
            label="N° del otro caso"
            value={number}
            maxLength={40}
            placeholder="CEM-2026-00001"
            onChange={(e) => setNumber(e.target.value)}
            className="min-w-56 flex-1"
          />
          <Button type="submit" disabled={!number.trim() || link.isPending}>
            Vincular
          </Button>
        </form>
      )}
      {failure && <FormAlert>{errorMessage(failure)}</FormAlert>}
    </div>
  );
}
