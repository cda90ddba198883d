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

/** The inbox's filters: applied to the address (so a filtered inbox can be bookmarked and shared). */
export function InboxFilters() {
  const user = useStaffUser();
  const [params, setParams] = useQueryParams();
  const organization = params.get(P.organization) ?? undefined;
  const categories = useCategories(organization);
  const users = useUsers(isAdministrator(user));
  const organizations = organizationsOf(user);

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
      key={params.toString()}
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
          defaultValue={params.get(P.organization) ?? ''}
        >
          <option value="">Todas</option>
          {organizations.map((o) => (
            <option key={o.id} value={o.id}>
              {o.shortName}
            </option>
          ))}
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
          defaultValue={params.get(P.category) ?? ''}
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
        </SelectField>
        <SelectField
          label="Asignación"
          name={P.assignee}
          defaultValue={params.get(P.assignee) ?? ''}
        >
          <option value="">Cualquiera</option>
          <option value="yo">Asignados a mí</option>
          <option value="ninguno">Sin asignar</option>
          {(users.data ?? [])
            .filter((u) => u.active && canChangeCases(u) && u.id !== user.id)
            .map((u) => (
              <option key={u.id} value={String(u.id)}>
                {u.name}
              </option>
            ))}
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
