import { useEffect, type ReactNode } from 'react';
import { Controller, useFormContext } from 'react-hook-form';
import {
  ACCUSED_NAME_MAX,
  ACCUSED_POSITION_MAX,
  DESCRIPTION_MAX,
  KNOWLEDGE_SOURCES,
  MESSAGES,
  OTHER_PLACE,
  REPRESENTATION_BASIS_MAX,
  formatRut,
  isAnonymityBlocked,
  isLaw21643Type,
  placesForZone,
  type ComplaintFormInput,
  type ComplaintFormOutput,
  type OpcionSimple,
  type Organization,
  type ZonaConLugares,
} from '@canal/shared';
import { Checkbox } from '../../components/form/Checkbox';
import { SelectField, TextAreaField } from '../../components/form/fields';
import { TextField } from '../../components/form/TextField';
import { AnonymityNotice } from './AnonymityNotice';
import { selectedId } from './form-values';
import { OccurrenceDateField } from './OccurrenceDateField';

/**
 * Who fills the fields: the complainant in the portal, or staff recording a complaint they
 * received verbally, in writing or in person (the few labels that speak to the person change).
 */
export type ComplaintFieldsVoice = 'complainant' | 'staff';

export interface ComplaintFieldsProps {
  /** The complaint type chosen (0: none yet): types 26–28 ask for the accused, refuse anonymity. */
  crimeId: number;
  /** The organisation the complaint is for (the anonymity notice names it). */
  organization: Organization;
  zones: ZonaConLugares[];
  relations: OpcionSimple[];
  recognitions: OpcionSimple[];
  voice?: ComplaintFieldsVoice;
  /** Drawn at the end of "Datos de la denuncia" (the portal's attachments). */
  children?: ReactNode;
}

const LABELS: Record<ComplaintFieldsVoice, { anonymous: string; onBehalf: string }> = {
  complainant: {
    anonymous: '¿Desea permanecer en el anonimato para esta denuncia?',
    onBehalf: 'Presento esta denuncia a nombre de otra persona (opcional)',
  },
  staff: {
    anonymous: 'La persona pide que la denuncia sea anónima',
    onBehalf: 'La denuncia se presenta a nombre de otra persona (opcional)',
  },
};

const toOptions = (list: readonly OpcionSimple[]) =>
  list.map((o) => ({ value: o.id, label: o.descripcion }));

/**
 * The complaint's fields (SPEC §2 and §4), one component for the portal's step 1 and the staff
 * intake: anonymity, the complainant, the accused person (Law 21.643 types), and the complaint
 * itself. It works inside the form's `FormProvider`, on the shared `complaintFormSchema`'s names.
 */
export function ComplaintFields(props: ComplaintFieldsProps) {
  const { crimeId, zones, relations, recognitions, voice = 'complainant' } = props;
  const { register, control, setValue, clearErrors, getFieldState, watch, getValues, formState } =
    useFormContext<ComplaintFormInput, unknown, ComplaintFormOutput>();
  const { errors } = formState;
  const labels = LABELS[voice];

  const anonymityBlocked = isAnonymityBlocked(crimeId);
  const asksAccused = isLaw21643Type(crimeId);
  const anonymous = watch('anonymous') === true;
  const onBehalf = watch('onBehalfOfAnother') === true;
  const zoneId = selectedId(watch('occurrenceZone'));
  const placeId = selectedId(watch('occurrencePlace'));
  const description = watch('description');
  const descriptionLength = typeof description === 'string' ? description.length : 0;
  const places = placesForZone(zones.find((z) => z.id === zoneId));
  const singleZone = zones.length === 1 ? zones[0] : undefined;

  // SPEC §2: with exactly one zone, it is chosen and the select is not shown.
  useEffect(() => {
    if (singleZone && selectedId(getValues('occurrenceZone')) !== singleZone.id) {
      setValue('occurrenceZone', singleZone.id, { shouldValidate: true });
    }
  }, [singleZone, getValues, setValue]);

  // SPEC §4: types 26, 27 and 28 cannot be anonymous.
  useEffect(() => {
    if (anonymityBlocked && getValues('anonymous'))
      setValue('anonymous', false, { shouldValidate: true });
  }, [anonymityBlocked, getValues, setValue]);

  const rut = register('complainantRut');
  const zone = register('occurrenceZone', {
    // SPEC §4: choosing a zone resets the chosen place.
    onChange: () => {
      setValue('occurrencePlace', '', {
        shouldValidate: getFieldState('occurrencePlace').isTouched,
      });
      setValue('otherPlace', '');
      clearErrors('otherPlace');
    },
  });
  const place = register('occurrencePlace', {
    // SPEC §4: choosing "Otro" clears the free-text place; another place needs none.
    onChange: () => {
      setValue('otherPlace', '');
      clearErrors('otherPlace');
    },
  });
  const isOtherPlace = placeId === OTHER_PLACE;
  const onBehalfField = register('onBehalfOfAnother', {
    // Unticked, the basis is not sent: clear it and its message.
    onChange: (event: { target: { checked: boolean } }) => {
      if (!event.target.checked) {
        setValue('representationBasis', '');
        clearErrors('representationBasis');
      }
    },
  });

  return (
    <>
      <div className="rounded-md border border-gray-300 bg-white p-4">
        <Checkbox
          label={labels.anonymous}
          disabled={anonymityBlocked}
          aria-describedby={anonymityBlocked ? 'aviso-anonimato' : undefined}
          error={errors.anonymous?.message}
          {...register('anonymous')}
        />
        {anonymityBlocked && (
          <AnonymityNotice id="aviso-anonimato" organization={props.organization} />
        )}
      </div>

      {!anonymous && (
        <fieldset className="space-y-4">
          <legend className="mb-3 text-lg font-bold text-secondary">Datos del denunciante</legend>
          <div className="grid gap-4 md:grid-cols-2">
            <TextField
              label="RUT"
              placeholder="12345678-9"
              autoComplete="off"
              maxLength={12}
              hint="Sin puntos y con guion"
              error={errors.complainantRut?.message}
              {...rut}
              onChange={(event) => {
                event.target.value = formatRut(event.target.value).toUpperCase();
                return rut.onChange(event);
              }}
            />
            <TextField
              label="Nombres"
              autoComplete="given-name"
              error={errors.complainantFirstName?.message}
              {...register('complainantFirstName')}
            />
            <TextField
              label="Apellido paterno"
              autoComplete="family-name"
              error={errors.complainantLastName?.message}
              {...register('complainantLastName')}
            />
            <TextField
              label="Apellido materno (opcional)"
              error={errors.complainantMiddleName?.message}
              {...register('complainantMiddleName')}
            />
            <TextField
              label="Número de contacto"
              type="tel"
              inputMode="numeric"
              autoComplete="tel-national"
              placeholder="912345678"
              maxLength={9}
              hint="9 dígitos"
              error={errors.complainantContactNumber?.message}
              {...register('complainantContactNumber')}
            />
          </div>
        </fieldset>
      )}

      {asksAccused && (
        // Law 21.643 (decision 0021): who is accused, and a complaint made on someone's behalf.
        <fieldset className="space-y-4" aria-describedby="denunciado-aviso">
          <legend className="mb-3 text-lg font-bold text-secondary">
            Persona denunciada y representación (opcional)
          </legend>
          <p id="denunciado-aviso" className="text-sm text-gray-700">
            Estos datos son opcionales. Si los conoce, ayudan a tramitar la denuncia según la Ley
            21.643.
          </p>
          <div className="grid gap-4 md:grid-cols-2">
            <TextField
              label="Nombre de la persona denunciada (opcional)"
              autoComplete="off"
              maxLength={ACCUSED_NAME_MAX}
              error={errors.accusedName?.message}
              {...register('accusedName')}
            />
            <TextField
              label="Cargo de la persona denunciada (opcional)"
              autoComplete="off"
              maxLength={ACCUSED_POSITION_MAX}
              error={errors.accusedPosition?.message}
              {...register('accusedPosition')}
            />
          </div>
          <div>
            <Checkbox
              label="La persona denunciada es gerente o representante legal de la organización (opcional)"
              aria-describedby="denunciado-gerente-aviso"
              {...register('accusedIsManager')}
            />
            <p id="denunciado-gerente-aviso" className="mt-1 ml-8 text-sm text-gray-700">
              En ese caso, la organización debe derivar la denuncia a la Dirección del Trabajo.
            </p>
          </div>
          <Checkbox label={labels.onBehalf} {...onBehalfField} />
          {onBehalf && (
            <TextAreaField
              label="Fundamento de la representación"
              hint="Indique a quién representa y en qué calidad (por ejemplo, un poder o su relación con la persona afectada)."
              maxLength={REPRESENTATION_BASIS_MAX}
              rows={3}
              error={errors.representationBasis?.message}
              {...register('representationBasis')}
            />
          )}
        </fieldset>
      )}

      <fieldset className="space-y-4">
        <legend className="mb-3 text-lg font-bold text-secondary">Datos de la denuncia</legend>
        <div className="grid gap-4 md:grid-cols-2">
          <SelectField
            label="Relación con la organización"
            options={toOptions(relations)}
            error={errors.relationshipWithOrganization?.message}
            {...register('relationshipWithOrganization')}
          />
          <Controller
            control={control}
            name="occurrenceDate"
            render={({ field, fieldState }) => (
              <OccurrenceDateField
                label="Fecha de ocurrencia de los hechos"
                name={field.name}
                value={typeof field.value === 'string' ? field.value : ''}
                onChange={field.onChange}
                onBlur={field.onBlur}
                error={fieldState.error?.message}
              />
            )}
          />
          <SelectField
            label="¿Puede identificar a las personas involucradas?"
            options={toOptions(recognitions)}
            error={errors.canIdentify?.message}
            {...register('canIdentify')}
          />
          <SelectField
            label="¿Cómo tomó conocimiento de los hechos?"
            options={toOptions(KNOWLEDGE_SOURCES)}
            error={errors.knowledgeSource?.message}
            {...register('knowledgeSource')}
          />
        </div>
        <TextAreaField
          label="Descripción de los hechos"
          hint={MESSAGES.descriptionHint}
          maxLength={DESCRIPTION_MAX}
          rows={8}
          placeholder="Describa qué ocurrió, cuándo, dónde y quiénes participaron."
          counter={`${descriptionLength} / ${DESCRIPTION_MAX}`}
          error={errors.description?.message}
          {...register('description')}
        />
        <div className="grid gap-4 md:grid-cols-2">
          {!singleZone && (
            <SelectField
              label="Zona de ocurrencia"
              options={zones.map((z) => ({ value: z.id, label: z.nombre }))}
              error={errors.occurrenceZone?.message}
              {...zone}
            />
          )}
          <SelectField
            label="Lugar de ocurrencia"
            options={places.map((p) => ({ value: p.value, label: p.label }))}
            disabled={zoneId === null}
            hint={zoneId === null ? 'Seleccione primero la zona.' : undefined}
            error={errors.occurrencePlace?.message}
            {...place}
          />
          <TextField
            label="Otro lugar"
            placeholder={
              isOtherPlace ? 'Indique el lugar de los hechos' : 'Solo si eligió "Otro" como lugar'
            }
            disabled={!isOtherPlace}
            error={isOtherPlace ? errors.otherPlace?.message : undefined}
            className={singleZone ? '' : 'md:col-span-2'}
            {...register('otherPlace')}
          />
        </div>
        {props.children}
      </fieldset>
    </>
  );
}
