import { useId, useState, type FormEvent } from 'react';
import { missingItems, requestDocumentsComment, STATUS_MISSING_DOCUMENTS } from '@canal/shared';
import { Button } from '../../../components/Button';
import { TextAreaField } from '../../../components/form/fields';
import { errorMessage } from '../api/call';
import { useCaseActions } from '../api/cases/case';
import { FormAlert } from '../components/FormAlert';

/**
 * «Solicitar antecedentes»: staff type what is missing, one a line; the complainant reads the
 * list in their log and the case moves to «Faltan antecedentes» (which opens the portal's upload)
 * in the same step. Already in that status, the list goes as a reply.
 */
export function RequestDocumentsForm({ caseId, current }: { caseId: number; current: string }) {
  const headingId = useId();
  const { changeStatus, reply } = useCaseActions(caseId);
  const [list, setList] = useState('');
  const [error, setError] = useState<string | undefined>();
  const items = missingItems(list);
  const waiting = current === STATUS_MISSING_DOCUMENTS;
  const mutation = waiting ? reply : changeStatus;
  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    if (items.length === 0) {
      setError('Escriba al menos un antecedente que falta.');
      return;
    }
    setError(undefined);
    const comment = requestDocumentsComment(items);
    const done = { onSuccess: () => setList('') };
    if (waiting) reply.mutate(comment, done);
    else changeStatus.mutate({ status: STATUS_MISSING_DOCUMENTS, comment }, done);
  };
  return (
    <form noValidate onSubmit={submit} aria-labelledby={headingId} className="space-y-3">
      <h3 id={headingId} className="text-lg font-bold text-secondary">
        Solicitar antecedentes
      </h3>
      <TextAreaField
        label="Antecedentes que faltan (uno por línea)"
        hint={
          waiting
            ? 'El caso ya está en «Faltan antecedentes»: la lista se envía como respuesta.'
            : 'Se envía como respuesta y el caso pasa a «Faltan antecedentes», para que la persona denunciante pueda adjuntarlos.'
        }
        error={error}
        value={list}
        onChange={(e) => setList(e.target.value)}
      />
      {items.length > 0 && (
        <div className="rounded border border-gray-300 bg-gray-50 p-3">
          <p className="text-sm font-semibold">La persona denunciante leerá:</p>
          <p className="whitespace-pre-wrap text-sm" data-testid="vista-previa-antecedentes">
            {requestDocumentsComment(items)}
          </p>
        </div>
      )}
      {mutation.isError && <FormAlert>{errorMessage(mutation.error)}</FormAlert>}
      {mutation.isSuccess && (
        <FormAlert tone="success">Solicitud de antecedentes enviada.</FormAlert>
      )}
      <Button type="submit" disabled={mutation.isPending}>
        Solicitar antecedentes
      </Button>
    </form>
  );
}
