import {
  DATA_REQUESTERS,
  DATA_REQUEST_CHANNELS,
  DATA_RIGHTS,
  DATA_REQUEST_TEXT_MAX,
} from '@canal/shared';
import { useState, type FormEvent } from 'react';
import { Button } from '../../../components/Button';
import { TextField } from '../../../components/form/TextField';
import { SelectField, TextAreaField } from '../../../components/form/fields';
import { errorMessage } from '../api/call';
import { searchCases, useDataRequestActions, type NewDataRequest } from '../api/data-requests';
import { useStaffApi } from '../api/StaffApiProvider';
import type { CaseSummary } from '../api/cases/summary';
import { FormAlert } from '../components/FormAlert';
import { organizationsOf, useStaffUser } from '../components/StaffUserContext';
import { DATA_REQUESTER_LABELS, DATA_REQUEST_CHANNEL_LABELS, DATA_RIGHT_LABELS } from './labels';

const options = <K extends string>(keys: readonly K[], labels: Record<K, string>) =>
  keys.map((k) => ({ value: k, label: labels[k] }));

/**
 * Records a request that arrived by e-mail, letter or in person. The cases it concerns are found
 * with the inbox's search: a case number, or a RUT or e-mail through the blind indexes (nothing is
 * decrypted to search; the search is audited).
 */
export function NewDataRequestForm({ onCreated }: { onCreated: (id: number) => void }) {
  const user = useStaffUser();
  const api = useStaffApi();
  const { create } = useDataRequestActions();
  const organizations = organizationsOf(user);
  const [cases, setCases] = useState<CaseSummary[]>([]);
  const [found, setFound] = useState<CaseSummary[] | null>(null);
  const [term, setTerm] = useState('');
  const [error, setError] = useState<string | null>(null);

  async function search() {
    setError(null);
    try {
      setFound(await searchCases(api, term.trim()));
    } catch (e) {
      setError(errorMessage(e));
    }
  }

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setError(null);
    const f = new FormData(event.currentTarget);
    const text = (name: string) => String(f.get(name) ?? '');
    const request = {
      organizationId: text('organizationId'),
      requester: text('requester'),
      name: text('name'),
      contact: text('contact') || undefined,
      right: text('right'),
      channel: text('channel'),
      receivedOn: text('receivedOn') || undefined,
      detail: text('detail'),
      caseIds: cases.map((c) => c.id),
    } as NewDataRequest;
    try {
      const { id } = await create.mutateAsync(request);
      onCreated(id);
    } catch (e) {
      setError(errorMessage(e));
    }
  }

  return (
    <form onSubmit={(e) => void submit(e)} noValidate className="flex flex-col gap-4">
      <div className="grid gap-4 md:grid-cols-2">
        <SelectField
          label="Organización"
          name="organizationId"
          options={organizations.map((o) => ({ value: o.id, label: o.shortName }))}
        />
        <SelectField
          label="Quién solicita"
          name="requester"
          options={options(DATA_REQUESTERS, DATA_REQUESTER_LABELS)}
        />
        <TextField label="Nombre de quien solicita" name="name" maxLength={200} />
        <TextField label="Contacto (correo o dirección)" name="contact" maxLength={200} />
        <SelectField
          label="Derecho"
          name="right"
          options={options(DATA_RIGHTS, DATA_RIGHT_LABELS)}
        />
        <SelectField
          label="Medio por el que llegó"
          name="channel"
          options={options(DATA_REQUEST_CHANNELS, DATA_REQUEST_CHANNEL_LABELS)}
        />
        <TextField
          label="Fecha de recepción"
          name="receivedOn"
          type="date"
          hint="El plazo legal corre desde ese día (por omisión, hoy)."
        />
      </div>
      <TextAreaField label="Qué pide" name="detail" rows={3} maxLength={DATA_REQUEST_TEXT_MAX} />
      <fieldset className="flex flex-col gap-2 rounded-md border border-gray-300 p-3">
        <legend className="px-1 font-semibold">Casos que involucra</legend>
        <div className="flex flex-wrap items-end gap-2">
          <TextField
            label="Buscar por número de caso, RUT o correo"
            value={term}
            onChange={(e) => setTerm(e.target.value)}
            className="grow"
          />
          <Button variant="secondary" onClick={() => void search()} disabled={term.trim() === ''}>
            Buscar casos
          </Button>
        </div>
        {found && found.length === 0 && <p>No se encontraron casos.</p>}
        {found && found.length > 0 && (
          <ul className="flex flex-col gap-1">
            {found.map((c) => (
              <li key={c.id} className="flex items-center gap-2">
                <span>
                  Caso {c.number} · {c.organization.name}
                </span>
                <Button
                  variant="secondary"
                  disabled={cases.some((k) => k.id === c.id)}
                  onClick={() => setCases((list) => [...list, c])}
                >
                  Agregar
                </Button>
              </li>
            ))}
          </ul>
        )}
        <p className="text-sm">
          {cases.length === 0
            ? 'Ningún caso agregado.'
            : `Casos agregados: ${cases.map((c) => c.number).join(', ')}`}
        </p>
      </fieldset>
      {error && <FormAlert>{error}</FormAlert>}
      <div>
        <Button type="submit" disabled={create.isPending}>
          Registrar solicitud
        </Button>
      </div>
    </form>
  );
}
