import { zodResolver } from '@hookform/resolvers/zod';
import { useForm, useWatch } from 'react-hook-form';
import { useNavigate } from 'react-router';
import {
  CHANNEL_LABELS,
  KNOWLEDGE_SOURCES,
  OTHER_PLACE,
  STAFF_INTAKE_CHANNELS,
  filterRelationOptions,
  isLaw21643Type,
  organizationById,
  toStaffIntakePayload,
} from '@canal/shared';
import { Button } from '../../../components/Button';
import { Checkbox } from '../../../components/form/Checkbox';
import { SelectField, TextAreaField } from '../../../components/form/fields';
import { TextField } from '../../../components/form/TextField';
import { paths } from '../../../config/paths';
import { errorMessage } from '../api/call';
import { useIntakeMasterData } from '../api/categories';
import { useRecordComplaint } from '../api/intake';
import { FormAlert } from '../components/FormAlert';
import { organizationsOf, useStaffUser } from '../components/StaffUserContext';
import { intakeFormSchema, type IntakeFormInput, type IntakeFormOutput } from '../schemas';

/**
 * "Registrar denuncia": staff record a complaint received verbally, in writing or in person, with
 * the portal's form rules. The person never gets a password from staff: the receipt carries a
 * single-use link where they set their own.
 */
export function IntakePage() {
  const user = useStaffUser();
  const navigate = useNavigate();
  const record = useRecordComplaint();
  const organizations = organizationsOf(user);
  const {
    register,
    handleSubmit,
    control,
    setValue,
    formState: { errors, isSubmitting },
  } = useForm<IntakeFormInput, unknown, IntakeFormOutput>({
    resolver: zodResolver(intakeFormSchema),
    defaultValues: {
      organizationId: organizations.length === 1 ? organizations[0]!.id : '',
      complaint: { anonymous: false },
    },
  });
  const organizationId = useWatch({ control, name: 'organizationId' }) ?? '';
  const anonymous = useWatch({ control, name: 'complaint.anonymous' }) === true;
  const crimeId = Number(useWatch({ control, name: 'complaint.crimeId' }) ?? 0);
  const onBehalf = useWatch({ control, name: 'complaint.onBehalfOfAnother' }) === true;
  const zoneId = Number(useWatch({ control, name: 'complaint.occurrenceZone' }) ?? 0);
  const placeId = Number(useWatch({ control, name: 'complaint.occurrencePlace' }) ?? 0);
  const master = useIntakeMasterData(organizationId);
  const zone = master.zones.data?.find((z) => z.id === zoneId);
  const relations = organizationId
    ? filterRelationOptions(organizationById(organizationId), master.relations.data ?? [])
    : [];
  const e = errors.complaint;

  const onSubmit = handleSubmit(async (values) => {
    try {
      const receipt = await record.mutateAsync(
        toStaffIntakePayload(
          values.complaint,
          { channel: values.channel, email: values.email },
          values.organizationId,
        ),
      );
      navigate(paths.staffIntakeReceipt(), { state: { receipt } });
    } catch {
      // The error is shown from the mutation's state.
    }
  });

  return (
    <section aria-labelledby="intake-title" className="max-w-3xl space-y-6">
      <div>
        <h1 id="intake-title" className="text-2xl font-bold">
          Registrar denuncia
        </h1>
        <p className="mt-2 text-gray-700">
          Registre una denuncia recibida en forma verbal, escrita o presencial. Se aplican las
          mismas reglas que en el portal. Al guardar obtendrá un comprobante para entregar a la
          persona: con él crea su propia contraseña y sigue su denuncia en el portal.
        </p>
      </div>
      {record.isError && <FormAlert>{errorMessage(record.error)}</FormAlert>}
      <form noValidate onSubmit={onSubmit} className="space-y-5">
        <SelectField
          label="Organización"
          options={organizations.map((o) => ({ value: o.id, label: o.shortName }))}
          error={errors.organizationId?.message}
          {...register('organizationId', {
            onChange: () => {
              setValue('complaint.occurrenceZone', '' as never);
              setValue('complaint.occurrencePlace', '' as never);
            },
          })}
        />
        <fieldset className="space-y-2">
          <legend className="font-semibold">¿Cómo se recibió la denuncia?</legend>
          <div className="flex flex-wrap gap-4">
            {STAFF_INTAKE_CHANNELS.map((channel) => (
              <label key={channel} className="flex min-h-11 items-center gap-2">
                <input
                  type="radio"
                  value={channel}
                  className="h-5 w-5 accent-primary"
                  {...register('channel')}
                />
                {CHANNEL_LABELS[channel]}
              </label>
            ))}
          </div>
          {errors.channel && (
            <p role="alert" className="text-sm text-red-700">
              {errors.channel.message}
            </p>
          )}
        </fieldset>

        <SelectField
          label="Tipo de denuncia"
          error={e?.crimeId?.message}
          {...register('complaint.crimeId')}
          placeholder="Seleccione el tipo"
          options={undefined}
        >
          {(master.categories.data ?? []).map((category) => (
            <optgroup key={category.id} label={category.title}>
              {category.crimes.map((crime) => (
                <option key={crime.id} value={crime.id}>
                  {crime.title}
                </option>
              ))}
            </optgroup>
          ))}
        </SelectField>
        <Checkbox
          label="La persona pide que la denuncia sea anónima"
          error={e?.anonymous?.message}
          {...register('complaint.anonymous')}
        />
        <SelectField
          label="Relación con la organización"
          options={relations.map((o) => ({ value: o.id, label: o.descripcion }))}
          error={e?.relationshipWithOrganization?.message}
          {...register('complaint.relationshipWithOrganization')}
        />
        <div className="grid gap-4 sm:grid-cols-2">
          <SelectField
            label="Zona"
            options={(master.zones.data ?? []).map((z) => ({ value: z.id, label: z.nombre }))}
            error={e?.occurrenceZone?.message}
            {...register('complaint.occurrenceZone')}
          />
          <SelectField
            label="Lugar"
            options={(zone?.lugares ?? []).map((l) => ({ value: l.value, label: l.label }))}
            error={e?.occurrencePlace?.message}
            {...register('complaint.occurrencePlace')}
          />
        </div>
        {placeId === OTHER_PLACE && (
          <TextField
            label="Otro lugar"
            error={e?.otherPlace?.message}
            {...register('complaint.otherPlace')}
          />
        )}
        <TextField
          label="Fecha en que ocurrió el hecho"
          hint="dd/mm/aaaa"
          inputMode="numeric"
          error={e?.occurrenceDate?.message}
          {...register('complaint.occurrenceDate')}
        />
        <SelectField
          label="¿Cómo tomó conocimiento del hecho?"
          options={KNOWLEDGE_SOURCES.map((o) => ({ value: o.id, label: o.descripcion }))}
          error={e?.knowledgeSource?.message}
          {...register('complaint.knowledgeSource')}
        />
        <SelectField
          label="¿Puede identificar a las personas involucradas?"
          options={(master.recognitions.data ?? []).map((o) => ({
            value: o.id,
            label: o.descripcion,
          }))}
          error={e?.canIdentify?.message}
          {...register('complaint.canIdentify')}
        />
        <TextAreaField
          label="Relato de los hechos"
          rows={8}
          error={e?.description?.message}
          {...register('complaint.description')}
        />

        {!anonymous && (
          <fieldset className="space-y-4">
            <legend className="font-semibold">Datos de la persona denunciante</legend>
            <div className="grid gap-4 sm:grid-cols-2">
              <TextField
                label="RUT"
                error={e?.complainantRut?.message}
                {...register('complaint.complainantRut')}
              />
              <TextField
                label="Nombres"
                error={e?.complainantFirstName?.message}
                {...register('complaint.complainantFirstName')}
              />
              <TextField
                label="Apellido paterno"
                error={e?.complainantLastName?.message}
                {...register('complaint.complainantLastName')}
              />
              <TextField
                label="Apellido materno (opcional)"
                error={e?.complainantMiddleName?.message}
                {...register('complaint.complainantMiddleName')}
              />
              <TextField
                label="Teléfono"
                inputMode="tel"
                error={e?.complainantContactNumber?.message}
                {...register('complaint.complainantContactNumber')}
              />
            </div>
          </fieldset>
        )}
        {isLaw21643Type(crimeId) && (
          // Law 21.643 (decision 0021): as in the portal, optional.
          <fieldset className="space-y-4">
            <legend className="font-semibold">
              Persona denunciada y representación (opcional)
            </legend>
            <div className="grid gap-4 sm:grid-cols-2">
              <TextField
                label="Nombre de la persona denunciada (opcional)"
                error={e?.accusedName?.message}
                {...register('complaint.accusedName')}
              />
              <TextField
                label="Cargo de la persona denunciada (opcional)"
                error={e?.accusedPosition?.message}
                {...register('complaint.accusedPosition')}
              />
            </div>
            <Checkbox
              label="La persona denunciada es gerente o representante legal de la organización (se debe derivar a la Dirección del Trabajo)"
              {...register('complaint.accusedIsManager')}
            />
            <Checkbox
              label="La denuncia se presenta a nombre de otra persona"
              {...register('complaint.onBehalfOfAnother')}
            />
            {onBehalf && (
              <TextAreaField
                label="Fundamento de la representación"
                rows={3}
                error={e?.representationBasis?.message}
                {...register('complaint.representationBasis')}
              />
            )}
          </fieldset>
        )}
        <TextField
          label="Correo de contacto (opcional)"
          type="email"
          hint="Si la persona lo entrega, recibe el correo de confirmación y los avisos de su denuncia."
          error={errors.email?.message}
          {...register('email')}
        />
        <Button type="submit" disabled={isSubmitting}>
          Registrar denuncia
        </Button>
      </form>
    </section>
  );
}
