import { useState } from 'react';
import { CASE_TAG_MAX_LENGTH, normalizeTag } from '@canal/shared';
import { Button } from '../../../components/Button';
import { TextField } from '../../../components/form/TextField';
import { errorMessage } from '../api/call';
import { type CaseView, useCaseActions } from '../api/cases/case';
import { FormAlert } from '../components/FormAlert';

/**
 * Free tags of a case (everyone who may change it; each change is audited). Its priority is set in
 * the triage bar at the top of the page (`TriageBar`).
 */
export function TagsPanel({ theCase }: { theCase: CaseView['case'] }) {
  const { setTags } = useCaseActions(theCase.id);
  const [tag, setTag] = useState('');
  const failure = setTags.error;

  const addTag = () => {
    const value = normalizeTag(tag);
    if (!value) return;
    setTags.mutate([...new Set([...theCase.tags, value])], { onSuccess: () => setTag('') });
  };

  return (
    <div className="space-y-4">
      <h3 className="text-lg font-bold text-secondary">Etiquetas</h3>
      {theCase.tags.length === 0 ? (
        <p>El caso no tiene etiquetas.</p>
      ) : (
        <ul className="flex flex-wrap gap-2" aria-label="Etiquetas del caso">
          {theCase.tags.map((t) => (
            <li
              key={t}
              className="inline-flex items-center gap-1 rounded-full bg-light px-3 py-1 text-sm"
            >
              {t}
              <button
                type="button"
                className="ml-1 font-bold text-secondary underline"
                aria-label={`Quitar la etiqueta ${t}`}
                disabled={setTags.isPending}
                onClick={() => setTags.mutate(theCase.tags.filter((x) => x !== t))}
              >
                ×
              </button>
            </li>
          ))}
        </ul>
      )}
      <form
        className="flex flex-wrap items-end gap-3"
        onSubmit={(e) => {
          e.preventDefault();
          addTag();
        }}
      >
        <TextField
          label="Nueva etiqueta"
          value={tag}
          maxLength={CASE_TAG_MAX_LENGTH}
          onChange={(e) => setTag(e.target.value)}
          className="min-w-56 flex-1"
          hint="Se guarda en minúsculas; sirve para filtrar la bandeja."
        />
        <Button type="submit" variant="secondary" disabled={!tag.trim() || setTags.isPending}>
          Agregar etiqueta
        </Button>
      </form>
      {failure && <FormAlert>{errorMessage(failure)}</FormAlert>}
    </div>
  );
}
