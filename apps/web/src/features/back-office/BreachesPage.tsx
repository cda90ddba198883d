import { useForm } from 'react-hook-form';
import {
  BREACH_DATA_KINDS,
  BREACH_DATA_KIND_LABELS,
  BREACH_RISKS,
  BREACH_RISK_LABELS,
  organizationById,
} from '@canal/shared';
import { Button } from '../../components/Button';
import { Checkbox } from '../../components/form/Checkbox';
import { SelectField, TextAreaField } from '../../components/form/fields';
import { TextField } from '../../components/form/TextField';
import { LoadingView } from '../../components/LoadingView';
import { errorMessage } from './api/call';
import { breachesCsvUrl, useBreachActions, useBreaches, type Breach } from './api/breaches';
import { FormAlert } from './components/FormAlert';
import { FormDialog, useEditDialog } from './components/FormDialog';
import { StaffTable } from './components/StaffTable';
import { civilDate, isoTodayInChile } from './components/format';
import { isAdministrator, organizationsOf, useStaffUser } from './components/StaffUserContext';
import { breachResolver } from './schemas';

const orgNames = (ids: string[]) => ids.map((id) => organizationById(id).shortName).join(', ');

/** A group of checkboxes with its legend and the error of the whole group. */
function CheckGroup({
  legend,
  error,
  children,
}: {
  legend: string;
  error?: string;
  children: React.ReactNode;
}) {
  return (
    <fieldset className="space-y-1">
      <legend className="font-semibold">{legend}</legend>
      <div className="grid gap-1 sm:grid-cols-2">{children}</div>
      {error && (
        <p role="alert" className="text-sm text-red-700">
          {error}
        </p>
      )}
    </fieldset>
  );
}

function BreachDialog({
  breach,
  onClose,
  onSaved,
}: {
  breach: Breach | null;
  onClose: () => void;
  onSaved: (message: string) => void;
}) {
  const me = useStaffUser();
  const { save } = useBreachActions();
  const form = useForm({
    mode: 'onTouched',
    resolver: breachResolver,
    defaultValues: {
      detectedOn: breach?.detectedOn ?? isoTodayInChile(),
      description: breach?.description ?? '',
      organizationIds: breach?.organizationIds ?? [],
      caseNumbers: breach?.cases.map((c) => c.number).join(', ') ?? '',
      dataKinds: breach?.dataKinds ?? [],
      risk: breach?.risk,
      assessment: breach?.assessment ?? '',
      measures: breach?.measures ?? '',
      agencyNotifiedOn: breach?.agencyNotifiedOn ?? '',
      subjectsNotifiedOn: breach?.subjectsNotifiedOn ?? '',
    },
  });
  const { errors } = form.formState;
  return (
    <FormDialog
      title={breach ? `Incidente N° ${breach.id}` : 'Registrar incidente de seguridad'}
      formId="incidente"
      submitLabel="Guardar"
      mutation={save}
      onClose={onClose}
      onSubmit={form.handleSubmit((change) =>
        save.mutate(
          { id: breach?.id ?? null, change },
          { onSuccess: (b) => onSaved(`Se guardó el incidente N° ${b.id}.`) },
        ),
      )}
    >
      <TextField
        label="Fecha en que se detectó"
        type="date"
        error={errors.detectedOn?.message}
        {...form.register('detectedOn')}
      />
      <TextAreaField
        label="Qué ocurrió"
        rows={4}
        hint="Para el registro interno; no escriba nombres de personas denunciantes."
        error={errors.description?.message}
        {...form.register('description')}
      />
      <CheckGroup legend="Organizaciones afectadas" error={errors.organizationIds?.message}>
        {organizationsOf(me).map((o) => (
          <Checkbox
            key={o.id}
            label={o.shortName}
            value={o.id}
            {...form.register('organizationIds')}
          />
        ))}
      </CheckGroup>
      <TextAreaField
        label="Casos afectados (opcional)"
        rows={2}
        hint="Números de caso separados por comas, por ejemplo MAS-2026-00123."
        error={errors.caseNumbers?.message}
        {...form.register('caseNumbers')}
      />
      <CheckGroup legend="Datos afectados" error={errors.dataKinds?.message}>
        {BREACH_DATA_KINDS.map((k) => (
          <Checkbox
            key={k}
            label={BREACH_DATA_KIND_LABELS[k]}
            value={k}
            {...form.register('dataKinds')}
          />
        ))}
      </CheckGroup>
      <SelectField
        label="Riesgo para las personas"
        error={errors.risk?.message}
        options={BREACH_RISKS.map((r) => ({ value: r, label: BREACH_RISK_LABELS[r] }))}
        {...form.register('risk')}
      />
      <TextAreaField
        label="Evaluación del riesgo"
        rows={3}
        error={errors.assessment?.message}
        {...form.register('assessment')}
      />
      <TextAreaField
        label="Medidas adoptadas (opcional)"
        rows={3}
        hint="Este texto se incluye en el aviso a las personas afectadas."
        error={errors.measures?.message}
        {...form.register('measures')}
      />
      <TextField
        label="Aviso a la Agencia de Protección de Datos Personales (fecha, opcional)"
        type="date"
        error={errors.agencyNotifiedOn?.message}
        {...form.register('agencyNotifiedOn')}
      />
      <TextField
        label="Aviso a las personas afectadas (fecha, opcional)"
        type="date"
        hint="Se completa sola al avisar desde el registro."
        error={errors.subjectsNotifiedOn?.message}
        {...form.register('subjectsNotifiedOn')}
      />
    </FormDialog>
  );
}

/**
 * /gestion/incidentes (administrators): the register of security incidents (Law 21.719), the
 * notice to the complainants of the cases each one reached, and the register as CSV.
 */
export function BreachesPage() {
  const me = useStaffUser();
  const allowed = isAdministrator(me);
  const breaches = useBreaches(allowed);
  const { notify } = useBreachActions();
  const { editing, open, close, saved, notice, setNotice } = useEditDialog<Breach>();
  if (!allowed) return <FormAlert>No tiene permiso para ver esta página.</FormAlert>;
  const failure = breaches.error ?? notify.error;
  return (
    <div className="space-y-5">
      <h1 className="text-2xl font-bold text-secondary">Incidentes de seguridad</h1>
      <p className="max-w-3xl text-gray-700">
        Registre cada incidente que afecte datos personales: cuándo se detectó, qué ocurrió, a quién
        afectó y con qué riesgo, y cuándo se avisó a la Agencia de Protección de Datos Personales y
        a las personas afectadas. «Avisar a las personas afectadas» deja un aviso en el historial de
        cada caso y envía un correo sin detalles a quien dejó su correo. Todo queda en el registro
        de auditoría.
      </p>
      {notice && <FormAlert tone="success">{notice}</FormAlert>}
      {failure && <FormAlert>{errorMessage(failure)}</FormAlert>}
      {breaches.isPending && <LoadingView />}
      <div className="flex flex-wrap items-center gap-4">
        <Button onClick={() => open(null)}>Registrar incidente</Button>
        <a
          href={breachesCsvUrl()}
          download="registro-de-incidentes.csv"
          className="inline-flex min-h-11 items-center font-semibold text-primary underline"
        >
          Exportar registro (CSV)
        </a>
      </div>
      {breaches.data?.length === 0 && (
        <p className="text-gray-700">No hay incidentes registrados.</p>
      )}
      {breaches.data && breaches.data.length > 0 && (
        <StaffTable
          caption="Incidentes de seguridad"
          minWidth="min-w-[60rem]"
          columns={[
            'N°',
            'Detectado',
            'Organizaciones',
            'Riesgo',
            'Casos avisados',
            'Aviso a la Agencia',
            'Acciones',
          ]}
        >
          {breaches.data.map((b) => {
            const pending = b.cases.filter((c) => c.notifiedAt === null).length;
            return (
              <tr key={b.id} className="border-t border-gray-200 align-top">
                <th scope="row" className="px-3 py-2 font-semibold">
                  {b.id}
                </th>
                <td className="px-3 py-2">{civilDate(b.detectedOn)}</td>
                <td className="px-3 py-2">{orgNames(b.organizationIds)}</td>
                <td className="px-3 py-2">{BREACH_RISK_LABELS[b.risk]}</td>
                <td className="px-3 py-2">
                  {b.cases.length - pending} de {b.cases.length}
                </td>
                <td className="px-3 py-2">{civilDate(b.agencyNotifiedOn)}</td>
                <td className="px-3 py-2">
                  <div className="flex flex-wrap gap-2">
                    <Button
                      variant="ghost"
                      className="min-h-9 px-2"
                      onClick={() => open(b)}
                      aria-label={`Modificar el incidente N° ${b.id}`}
                    >
                      Modificar
                    </Button>
                    {pending > 0 && (
                      <Button
                        variant="ghost"
                        className="min-h-9 px-2"
                        disabled={notify.isPending}
                        aria-label={`Avisar a las personas afectadas por el incidente N° ${b.id}`}
                        onClick={() =>
                          notify.mutate(b.id, {
                            onSuccess: ({ told, mailed }) =>
                              setNotice(
                                `Se avisó en ${told} ${told === 1 ? 'caso' : 'casos'}; ${mailed} por correo.`,
                              ),
                          })
                        }
                      >
                        Avisar a las personas afectadas
                      </Button>
                    )}
                  </div>
                </td>
              </tr>
            );
          })}
        </StaffTable>
      )}
      {editing && <BreachDialog breach={editing.item} onClose={close} onSaved={saved} />}
    </div>
  );
}
