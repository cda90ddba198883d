import { useEffect } from 'react';
import { Controller, type UseFormReturn } from 'react-hook-form';
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
  ofOrganization,
  isLaw21643Type,
  placesForZone,
  type Category,
  type ComplaintFormInput,
  type ComplaintFormOutput,
  type Crime,
  type OpcionSimple,
  type ZonaConLugares,
} from '@canal/shared';
import { Button } from '../../components/Button';
import { Checkbox } from '../../components/form/Checkbox';
import { TextField } from '../../components/form/TextField';
import { FileDropzone } from '../../lib/attachments/FileDropzone';
import { useBrand } from '../../lib/brand/BrandProvider';
import { SelectField, TextAreaField } from '../../components/form/fields';
import { PrivacyNoticeLink } from './PrivacyNoticeLink';
import { selectedId } from './form-values';
import { OccurrenceDateField } from './OccurrenceDateField';

export type ComplaintFormApi = UseFormReturn<ComplaintFormInput, unknown, ComplaintFormOutput>;

export interface ComplaintDataStepProps {
  form: ComplaintFormApi;
  category: Category;
  crime: Crime;
  zones: ZonaConLugares[];
  relations: OpcionSimple[];
  recognitions: OpcionSimple[];
  files: File[];
  onFilesChange: (files: File[]) => void;
  uploadError: string | null;
  onUploadRejected: (names: string[]) => void;
  onBack: () => void;
  onSubmit: (values: ComplaintFormOutput) => void;
}

const toOptions = (list: readonly OpcionSimple[]) =>
  list.map((o) => ({ value: o.id, label: o.descripcion }));

/**
 * Why a Law 21.643 complaint (types 26–28) cannot be anonymous, who will see the name, and where
 * else to go (issue 22): said where the anonymity checkbox is disabled, which it describes.
 */
function AnonymityNotice({ id }: { id: string }) {
  const { organization } = useBrand();
  return (
    <div id={id} className="mt-2 space-y-2 rounded-md bg-light p-3 text-sm">
      <p className="font-semibold">{MESSAGES.anonymityNotice}</p>
      <p>
        La ley exige identificar a la persona afectada para investigar los hechos y adoptar de
        inmediato medidas de resguardo que la protejan.
      </p>
      <p>
        Su nombre y sus datos de contacto solo los verá el equipo que investiga las denuncias{' '}
        {ofOrganization(organization.nameWithArticle)}.
      </p>
      <p>
        Si prefiere no identificarse ante la organización, puede presentar su denuncia directamente
        en la Dirección del Trabajo.
      </p>
    </div>
  );
}

/** Step 1 (SPEC §2): complainant and complaint data, attachments, "Ingresar denuncia". */
export function ComplaintDataStep(props: ComplaintDataStepProps) {
  const { form, category, crime, zones, relations, recognitions } = props;
  const {
    register,
    control,
    setValue,
    clearErrors,
    getFieldState,
    watch,
    handleSubmit,
    formState: { errors, isValid },
  } = form;

  const anonymityBlocked = isAnonymityBlocked(crime.id);
  const asksAccused = isLaw21643Type(crime.id);
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
    if (singleZone && selectedId(form.getValues('occurrenceZone')) !== singleZone.id) {
      setValue('occurrenceZone', singleZone.id, { shouldValidate: true });
    }
  }, [singleZone, form, setValue]);

  // SPEC §4: types 26, 27 and 28 cannot be anonymous.
  useEffect(() => {
    if (anonymityBlocked && form.getValues('anonymous'))
      setValue('anonymous', false, { shouldValidate: true });
  }, [anonymityBlocked, form, setValue]);

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
    <form
      onSubmit={handleSubmit(props.onSubmit)}
      noValidate
      aria-labelledby="paso-datos-titulo"
      className="space-y-8"
    >
      <div>
        <h2
          id="paso-datos-titulo"
          tabIndex={-1}
          className="focus:outline-none text-xl font-bold text-secondary md:text-2xl"
        >
          Tipo denuncia: {category.title}
        </h2>
        <p className="mt-1 text-gray-700">
          Denuncia seleccionada: <strong>{crime.title}</strong>
        </p>
        <PrivacyNoticeLink />
      </div>

      <div className="rounded-md border border-gray-300 bg-white p-4">
        <Checkbox
          label="¿Desea permanecer en el anonimato para esta denuncia?"
          disabled={anonymityBlocked}
          aria-describedby={anonymityBlocked ? 'aviso-anonimato' : undefined}
          error={errors.anonymous?.message}
          {...register('anonymous')}
        />
        {anonymityBlocked && <AnonymityNotice id="aviso-anonimato" />}
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
          <Checkbox
            label="Presento esta denuncia a nombre de otra persona (opcional)"
            {...onBehalfField}
          />
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
        <div>
          <FileDropzone
            label="Archivos adjuntos (opcional)"
            files={props.files}
            onChange={props.onFilesChange}
            onRejected={props.onUploadRejected}
          />
          {props.uploadError && (
            <p
              role="alert"
              className="mt-2 rounded-md border border-red-300 bg-red-50 p-3 text-sm text-red-800"
            >
              {props.uploadError}
            </p>
          )}
        </div>
      </fieldset>

      <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-between">
        <Button variant="secondary" onClick={props.onBack}>
          Volver
        </Button>
        {/* Looks disabled until the form is valid (SPEC §2) but stays reachable: pressing it
            then shows every missing field's message and moves the focus to the first one, and
            its description says what is missing (issue 12). */}
        <div className="flex flex-col items-stretch gap-2 sm:items-end">
          <Button
            type="submit"
            incomplete={!isValid}
            aria-describedby={isValid ? undefined : 'ingresar-pendiente'}
          >
            Ingresar denuncia
          </Button>
          {!isValid && (
            <p id="ingresar-pendiente" className="text-sm text-gray-700">
              Para ingresar la denuncia, complete todos los campos, salvo los que dicen
              «(opcional)».
            </p>
          )}
        </div>
      </div>
    </form>
  );
}
