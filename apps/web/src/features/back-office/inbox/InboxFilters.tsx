import { useState, type FormEvent } from 'react';
import { CASE_PRIORITIES, CASE_PRIORITY_LABELS, COMPLAINT_STATUSES } from '@canal/shared';
import { Button } from '../../../components/Button';
import { Checkbox } from '../../../components/form/Checkbox';
import { SelectField } from '../../../components/form/fields';
import { TextField } from '../../../components/form/TextField';
import { INBOX_FILTERS, INBOX_PARAMS, keepOrder } from '../api/cases/inbox';
import { useCategories } from '../api/categories';
import { useUsers } from '../api/users';
import { DayField, readDay } from '../components/DayField';
import {
  canChangeCases,
  isAdministrator,
  organizationsOf,
  useStaffUser,
} from '../components/StaffUserContext';
import { useQueryParams } from '../components/useQueryParams';

const P = INBOX_PARAMS;

/**
 * An option for a value of the address the list does not hold (yet): while the list loads, or when
 * it is not in it (a category of another organisation, a person no longer active). Without it the
 * select would fall back to "all" and the next "Filtrar" would drop the filter without a word.
 */
function KeptOption({
  value,
  listed,
  loading,
  noun,
}: {
  value: string;
  listed: readonly string[];
  loading: boolean;
  noun: string;
}) {
  if (value === '' || listed.includes(value)) return null;
  return (
    <option value={value}>
      {loading ? 'Cargando…' : `${noun} n.º ${value} (no está en la lista)`}
    </option>
  );
}

/**
 * The inbox's filters: applied to the address (so a filtered inbox can be bookmarked and shared),
 * and shown from it: every filter of a reloaded page or an opened link is in its control. The form
 * starts again from the address whenever it changes.
 */
export function InboxFilters() {
  const [params] = useQueryParams();
  return <FiltersForm key={params.toString()} />;
}

function FiltersForm() {
  const user = useStaffUser();
  const [params, setParams] = useQueryParams();
  // The selects whose options load are controlled: the address's value stays chosen while they do.
  const [organization, setOrganization] = useState(params.get(P.organization) ?? '');
  const [category, setCategory] = useState(params.get(P.category) ?? '');
  const [type, setType] = useState(params.get(P.type) ?? '');
  const [assignee, setAssignee] = useState(params.get(P.assignee) ?? '');
  const categories = useCategories(organization || undefined);
  const users = useUsers(isAdministrator(user));
  const organizations = organizationsOf(user);
  const assignable = (users.data ?? []).filter(
    (u) => u.active && canChangeCases(u) && u.id !== user.id,
  );
  const types = (categories.data ?? []).filter((c) => category === '' || String(c.id) === category);

  const [dayErrors, setDayErrors] = useState<{ from?: string; to?: string }>({});
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const next = new URLSearchParams();
    const found: typeof dayErrors = {};
    for (const filter of INBOX_FILTERS) {
      const name = P[filter];
      if (filter === 'from' || filter === 'to') {
        // Typed dd-mm-aaaa whatever the browser's language; the address and the API take yyyy-mm-dd.
        const day = readDay(data, name);
        if ('error' in day) found[filter] = day.error;
        else if (day.day) next.set(name, day.day);
        continue;
      }
      const value = data.get(name);
      if (typeof value === 'string' && value.trim()) next.set(name, value.trim());
    }
    setDayErrors(found);
    if (!found.from && !found.to) setParams(keepOrder(params, next));
  };

  return (
    <form
      onSubmit={submit}
      aria-label="Filtros de la bandeja"
      className="rounded-lg border border-gray-200 bg-white p-4 shadow-sm"
    >
      <TextField
        label="Buscar"
        type="search"
        name={P.search}
        maxLength={254}
        defaultValue={params.get(P.search) ?? ''}
        hint="N° de caso (completo o una parte), código de seguimiento, o RUT o correo de la persona denunciante (completos). Las denuncias anónimas no se encuentran por correo."
        className="mb-4"
      />
      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        <SelectField
          label="Organización"
          name={P.organization}
          value={organization}
          onChange={(e) => setOrganization(e.target.value)}
        >
          <option value="">Todas</option>
          {organizations.map((o) => (
            <option key={o.id} value={o.id}>
              {o.shortName}
            </option>
          ))}
          <KeptOption
            value={organization}
            listed={organizations.map((o) => o.id)}
            loading={false}
            noun="Organización"
          />
        </SelectField>
        <SelectField label="Estado" name={P.status} defaultValue={params.get(P.status) ?? ''}>
          <option value="">Todos</option>
          {COMPLAINT_STATUSES.map((s) => (
            <option key={s} value={s}>
              {s}
            </option>
          ))}
        </SelectField>
        <SelectField
          label="Prioridad"
          name={P.priority}
          defaultValue={params.get(P.priority) ?? ''}
        >
          <option value="">Todas</option>
          {CASE_PRIORITIES.map((p) => (
            <option key={p} value={p}>
              {CASE_PRIORITY_LABELS[p]}
            </option>
          ))}
        </SelectField>
        <TextField
          label="Etiqueta"
          name={P.tag}
          maxLength={40}
          defaultValue={params.get(P.tag) ?? ''}
        />
        <SelectField
          label="Categoría"
          name={P.category}
          value={category}
          onChange={(e) => {
            setCategory(e.target.value);
            setType('');
          }}
          hint={
            organization
              ? undefined
              : 'Categorías de la casa matriz; elija una organización para ver las suyas.'
          }
        >
          <option value="">Todas</option>
          {(categories.data ?? []).map((c) => (
            <option key={c.id} value={String(c.id)}>
              {c.title}
            </option>
          ))}
          <KeptOption
            value={category}
            listed={(categories.data ?? []).map((c) => String(c.id))}
            loading={categories.isPending}
            noun="Categoría"
          />
        </SelectField>
        <SelectField
          label="Tipo"
          name={P.type}
          value={type}
          onChange={(e) => setType(e.target.value)}
        >
          <option value="">Todos</option>
          {types.map((c) => (
            <optgroup key={c.id} label={c.title}>
              {c.crimes.map((t) => (
                <option key={t.id} value={String(t.id)}>
                  {t.title}
                </option>
              ))}
            </optgroup>
          ))}
          <KeptOption
            value={type}
            listed={types.flatMap((c) => c.crimes.map((t) => String(t.id)))}
            loading={categories.isPending}
            noun="Tipo"
          />
        </SelectField>
        <SelectField
          label="Asignación"
          name={P.assignee}
          value={assignee}
          onChange={(e) => setAssignee(e.target.value)}
        >
          <option value="">Cualquiera</option>
          <option value="yo">Asignados a mí</option>
          <option value="ninguno">Sin asignar</option>
          {assignable.map((u) => (
            <option key={u.id} value={String(u.id)}>
              {u.name}
            </option>
          ))}
          <KeptOption
            value={assignee}
            listed={['yo', 'ninguno', ...assignable.map((u) => String(u.id))]}
            loading={users.isPending && isAdministrator(user)}
            noun="Persona"
          />
        </SelectField>
        <DayField
          label="Ingresada desde"
          name={P.from}
          defaultValue={params.get(P.from) ?? undefined}
          error={dayErrors.from}
        />
        <DayField
          label="Ingresada hasta"
          name={P.to}
          defaultValue={params.get(P.to) ?? undefined}
          error={dayErrors.to}
        />
        <Checkbox
          label="Solo casos con plazos vencidos"
          name={P.overdue}
          value="true"
          defaultChecked={params.get(P.overdue) === 'true'}
          className="self-end pb-3"
        />
      </div>
      <div className="mt-4 flex flex-wrap gap-3">
        <Button type="submit">Filtrar</Button>
        <Button
          variant="secondary"
          onClick={() => setParams(keepOrder(params, new URLSearchParams()))}
        >
          Limpiar filtros
        </Button>
      </div>
    </form>
  );
}
