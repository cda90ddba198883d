import { useState } from 'react';
import { Button } from '../../../components/Button';
import { TextField } from '../../../components/form/TextField';
import { errorMessage } from '../api/call';
import { viewParams } from '../api/cases/inbox';
import { useSavedViewActions, useSavedViews } from '../api/cases/saved-views';
import { FormAlert } from '../components/FormAlert';
import { useQueryParams } from '../components/useQueryParams';

/** The person's saved views: open one, save the current filters and order under a name, delete. */
export function SavedViews() {
  const [params, setParams] = useQueryParams();
  const views = useSavedViews();
  const { save, remove } = useSavedViewActions();
  const [name, setName] = useState('');
  const failure = save.error ?? remove.error;
  return (
    <section
      aria-labelledby="vistas"
      className="rounded-lg border border-gray-200 bg-white p-4 shadow-sm"
    >
      <h2 id="vistas" className="mb-2 text-lg font-semibold">
        Vistas guardadas
      </h2>
      {views.data && views.data.length === 0 && (
        <p>Aún no tiene vistas guardadas: guarde los filtros y el orden que usa a menudo.</p>
      )}
      {views.data && views.data.length > 0 && (
        <ul className="mb-3 flex flex-wrap gap-3">
          {views.data.map((v) => (
            <li key={v.id} className="inline-flex items-center gap-1">
              <Button variant="secondary" onClick={() => setParams(v.params)}>
                {v.name}
              </Button>
              <Button
                variant="ghost"
                aria-label={`Borrar la vista ${v.name}`}
                disabled={remove.isPending}
                onClick={() => remove.mutate(v.id)}
              >
                ×
              </Button>
            </li>
          ))}
        </ul>
      )}
      <form
        className="flex flex-wrap items-end gap-3"
        onSubmit={(e) => {
          e.preventDefault();
          save.mutate({ name, params: viewParams(params) }, { onSuccess: () => setName('') });
        }}
      >
        <TextField
          label="Nombre de la vista"
          value={name}
          maxLength={60}
          onChange={(e) => setName(e.target.value)}
          className="min-w-56 flex-1"
          hint="Guarda los filtros y el orden actuales (no el texto buscado). Con un nombre que ya existe, la reemplaza."
        />
        <Button type="submit" disabled={!name.trim() || save.isPending}>
          Guardar vista
        </Button>
      </form>
      {save.isSuccess && !failure && <p role="status">Vista guardada.</p>}
      {failure && <FormAlert>{errorMessage(failure)}</FormAlert>}
    </section>
  );
}
