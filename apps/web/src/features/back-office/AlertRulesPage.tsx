import { useForm, useWatch } from 'react-hook-form';
import { ORGANIZATIONS } from '@canal/shared';
import { Button } from '../../components/Button';
import { Checkbox } from '../../components/form/Checkbox';
import { SelectField } from '../../components/form/fields';
import { LoadingView } from '../../components/LoadingView';
import {
  type AlertCoverage,
  type AlertReceiverReason,
  type AlertRule,
  type AlertRuleList,
  type AlertRuleValues,
  useAlertCoverage,
  useAlertRuleActions,
  useAlertRules,
} from './api/alert-rules';
import { errorMessage } from './api/call';
import { type StaffUser, useUsers } from './api/users';
import { FormAlert } from './components/FormAlert';
import { FormDialog, useEditDialog } from './components/FormDialog';
import { StaffTable } from './components/StaffTable';
import { isAdministrator, useStaffUser, worksOn } from './components/StaffUserContext';
import { uncoveredNames } from './components/UncoveredOrganizationsBanner';
import { alertRuleResolver, type AlertRuleForm } from './schemas';

const orgName = (id: string) => ORGANIZATIONS.find((o) => o.id === id)?.shortName ?? id;

/** Who may be named in a rule of `organizationId`: active and working on it. */
const worksThere = (u: StaffUser, organizationId: string) => u.active && worksOn(u, organizationId);

const REASONS: Record<AlertReceiverReason, string> = {
  todas: 'todas las organizaciones',
  organizacion: 'trabaja en ella',
  regla: 'regla de aviso',
};

/**
 * Who receives each organisation's new complaints, as the API picks them; an organisation nobody
 * receives is marked in words, not colour alone.
 */
function CoverageTable({ coverage }: { coverage: AlertCoverage[] }) {
  const uncovered = uncoveredNames(coverage);
  return (
    <section aria-labelledby="cobertura" className="space-y-3">
      <h2 id="cobertura" className="text-xl font-bold text-secondary">
        Quién recibe los avisos de cada organización
      </h2>
      {uncovered.length > 0 && (
        <FormAlert>
          Nadie recibe los avisos de: {uncovered.join(', ')}. Marque a una persona que trabaje en
          ella, cree una regla de aviso para todas sus categorías, o deje a una persona
          administradora sin organizaciones marcadas (recibe los de todas).
        </FormAlert>
      )}
      <StaffTable
        caption="Personas que reciben el aviso de cada denuncia nueva, por organización"
        minWidth="min-w-[36rem]"
        columns={['Organización', 'Reciben el aviso']}
      >
        {coverage.map((o) => (
          <tr key={o.organizationId} className="border-t border-gray-200 align-top">
            <th scope="row" className="px-3 py-2 font-semibold">
              {orgName(o.organizationId)}
            </th>
            <td className="px-3 py-2">
              {o.receivers.length === 0 ? (
                <strong className="text-red-700">
                  <span aria-hidden="true">⚠ </span>Nadie: sus denuncias nuevas no se avisan a nadie
                </strong>
              ) : (
                <ul className="space-y-1">
                  {o.receivers.map((r) => (
                    <li key={r.id}>
                      {r.name} <span className="text-gray-700">({REASONS[r.reason]})</span>
                    </li>
                  ))}
                </ul>
              )}
            </td>
          </tr>
        ))}
      </StaffTable>
    </section>
  );
}

/** Create (rule null) or change a rule: organisation, category or all, person, assignment. */
function RuleDialog({
  rule,
  list,
  users,
  onClose,
  onSaved,
}: {
  rule: AlertRule | null;
  list: AlertRuleList;
  users: StaffUser[];
  onClose: () => void;
  onSaved: (message: string) => void;
}) {
  const { save } = useAlertRuleActions();
  const form = useForm<AlertRuleForm, unknown, AlertRuleValues>({
    mode: 'onTouched',
    resolver: alertRuleResolver,
    defaultValues: rule
      ? {
          organizationId: rule.organizationId,
          categoryId: rule.category?.id ?? null,
          userId: rule.person.id,
          assigns: rule.assigns,
        }
      : {
          organizationId: '',
          categoryId: null,
          userId: undefined as unknown as number,
          assigns: false,
        },
  });
  const { errors } = form.formState;
  const organizationId = useWatch({ control: form.control, name: 'organizationId' });
  const categories = list.categories.filter((c) => c.organizationId === organizationId);
  const people = organizationId ? users.filter((u) => worksThere(u, organizationId)) : [];
  const submit = form.handleSubmit((values) =>
    save.mutate(
      { id: rule?.id ?? null, rule: values },
      { onSuccess: () => onSaved(rule ? 'Regla guardada.' : 'Regla creada.') },
    ),
  );
  return (
    <FormDialog
      title={rule ? 'Modificar regla de aviso' : 'Nueva regla de aviso'}
      formId="regla-form"
      submitLabel={rule ? 'Guardar cambios' : 'Crear regla'}
      mutation={save}
      onSubmit={submit}
      onClose={onClose}
    >
      <SelectField
        label="Organización"
        error={errors.organizationId?.message}
        options={ORGANIZATIONS.map((o) => ({ value: o.id, label: o.shortName }))}
        {...form.register('organizationId', {
          onChange: () => {
            form.setValue('categoryId', null);
            form.resetField('userId');
          },
        })}
      />
      <SelectField
        label="Categoría"
        placeholder="Todas las categorías"
        error={errors.categoryId?.message}
        options={categories.map((c) => ({ value: c.id, label: c.name }))}
        {...form.register('categoryId', {
          setValueAs: (v: unknown) => (v === '' || v === null ? null : Number(v)),
        })}
      />
      <SelectField
        label="Persona que recibe el aviso"
        hint={organizationId ? undefined : 'Elija primero la organización.'}
        error={errors.userId?.message}
        options={people.map((u) => ({ value: u.id, label: `${u.name} (${u.email})` }))}
        {...form.register('userId', {
          setValueAs: (v: unknown) => (v === '' || v === undefined ? undefined : Number(v)),
        })}
      />
      <Checkbox
        label="Asignarle además el caso (solo personas administradoras o investigadoras)"
        {...form.register('assigns')}
      />
    </FormDialog>
  );
}

/**
 * /gestion/avisos (administrators): who is told of a new complaint. The organisation's
 * administrators and investigators always are; each rule adds a person for one organisation and
 * category (or all), and may assign the case to them.
 */
export function AlertRulesPage() {
  const me = useStaffUser();
  const allowed = isAdministrator(me);
  const rules = useAlertRules(allowed);
  const users = useUsers(allowed);
  const coverage = useAlertCoverage(allowed);
  const { remove } = useAlertRuleActions();
  const { editing, open, close, saved, notice, setNotice } = useEditDialog<AlertRule>();
  if (!allowed) return <FormAlert>No tiene permiso para ver esta página.</FormAlert>;
  const failure = rules.error ?? users.error ?? coverage.error ?? remove.error;
  return (
    <div className="space-y-5">
      <h1 className="text-2xl font-bold text-secondary">Avisos de denuncias nuevas</h1>
      <p className="max-w-3xl text-gray-700">
        Cada denuncia nueva se avisa de inmediato por correo, sin su contenido, a las personas
        administradoras e investigadoras que trabajan en su organización (una persona administradora
        sin organizaciones marcadas trabaja en todas). Una regla avisa además a otra persona para
        una organización y categoría, y puede asignarle el caso.
      </p>
      {notice && <FormAlert tone="success">{notice}</FormAlert>}
      {failure && <FormAlert>{errorMessage(failure)}</FormAlert>}
      {(rules.isPending || users.isPending || coverage.isPending) && <LoadingView />}
      {coverage.data && <CoverageTable coverage={coverage.data} />}
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 className="text-xl font-bold text-secondary">Reglas de aviso</h2>
        <Button onClick={() => open(null)} disabled={!rules.data || !users.data}>
          Nueva regla
        </Button>
      </div>
      {rules.data && rules.data.rules.length === 0 && (
        <p className="text-gray-700">
          No hay reglas: solo se avisa a quienes trabajan en cada organización.
        </p>
      )}
      {rules.data && rules.data.rules.length > 0 && (
        <StaffTable
          caption="Reglas de aviso"
          minWidth="min-w-[48rem]"
          columns={['Organización', 'Categoría', 'Persona', 'Asignación', 'Acciones']}
        >
          {rules.data.rules.map((r) => (
            <tr key={r.id} className="border-t border-gray-200 align-top">
              <th scope="row" className="px-3 py-2 font-semibold">
                {orgName(r.organizationId)}
              </th>
              <td className="px-3 py-2">{r.category?.name ?? 'Todas'}</td>
              <td className="px-3 py-2">{r.person.name}</td>
              <td className="px-3 py-2">{r.assigns ? 'Se le asigna el caso' : 'Solo aviso'}</td>
              <td className="px-3 py-2">
                <div className="flex flex-wrap gap-2">
                  <Button
                    variant="ghost"
                    className="min-h-9 px-2"
                    disabled={!users.data}
                    onClick={() => open(r)}
                    aria-label={`Modificar la regla de ${r.person.name}`}
                  >
                    Modificar
                  </Button>
                  <Button
                    variant="ghost"
                    className="min-h-9 px-2"
                    disabled={remove.isPending}
                    aria-label={`Eliminar la regla de ${r.person.name}`}
                    onClick={() =>
                      remove.mutate(r.id, { onSuccess: () => setNotice('Regla eliminada.') })
                    }
                  >
                    Eliminar
                  </Button>
                </div>
              </td>
            </tr>
          ))}
        </StaffTable>
      )}
      {editing && rules.data && users.data && (
        <RuleDialog
          rule={editing.item}
          list={rules.data}
          users={users.data}
          onClose={close}
          onSaved={saved}
        />
      )}
    </div>
  );
}
