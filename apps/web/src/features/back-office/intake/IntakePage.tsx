import { zodResolver } from '@hookform/resolvers/zod';
import { FormProvider, useForm, useWatch } from 'react-hook-form';
import { useNavigate } from 'react-router';
import {
  CHANNEL_LABELS,
  STAFF_INTAKE_CHANNELS,
  filterRelationOptions,
  organizationById,
  toStaffIntakePayload,
} from '@canal/shared';
import { Button } from '../../../components/Button';
import { SelectField } from '../../../components/form/fields';
import { TextField } from '../../../components/form/TextField';
import { paths } from '../../../config/paths';
import { useBrand } from '../../../lib/brand/BrandProvider';
import { ComplaintFields } from '../../../lib/complaint-fields/ComplaintFields';
import { emptyComplaintForm } from '../../../lib/complaint-fields/form-values';
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
  const brand = useBrand();
  const record = useRecordComplaint();
  const organizations = organizationsOf(user);
  const form = useForm<IntakeFormInput, unknown, IntakeFormOutput>({
    resolver: zodResolver(intakeFormSchema),
    defaultValues: {
      ...emptyComplaintForm(),
      organizationId: organizations.length === 1 ? organizations[0]!.id : '',
      email: '',
    },
  });
  const {
    register,
    handleSubmit,
    control,
    setValue,
    formState: { errors, isSubmitting },
  } = form;
  const organizationId = useWatch({ control, name: 'organizationId' }) ?? '';
  const crimeId = Number(useWatch({ control, name: 'crimeId' }) ?? 0);
  const master = useIntakeMasterData(organizationId);
  const organization = organizationId ? organizationById(organizationId) : null;
  const relations = organization
    ? filterRelationOptions(organization, master.relations.data ?? [])
    : [];

  const onSubmit = handleSubmit(async (values) => {
    try {
      const receipt = await record.mutateAsync(
        toStaffIntakePayload(
          values,
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
              setValue('occurrenceZone', '');
              setValue('occurrencePlace', '');
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
          error={errors.crimeId?.message}
          {...register('crimeId')}
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
        <FormProvider {...form}>
          <ComplaintFields
            voice="staff"
            crimeId={crimeId}
            organization={organization ?? brand.organization}
            zones={master.zones.data ?? []}
            relations={relations}
            recognitions={master.recognitions.data ?? []}
          />
        </FormProvider>
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
