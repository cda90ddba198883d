import { FormProvider, useWatch, type UseFormReturn } from 'react-hook-form';
import type {
  Category,
  ComplaintFormInput,
  ComplaintFormOutput,
  Crime,
  OpcionSimple,
  ZonaConLugares,
} from '@canal/shared';
import { Button } from '../../components/Button';
import { FileDropzone } from '../../lib/attachments/FileDropzone';
import { VoiceRecorder } from '../../lib/attachments/VoiceRecorder';
import { useBrand } from '../../lib/brand/BrandProvider';
import { ComplaintFields } from '../../lib/complaint-fields/ComplaintFields';
import { PrivacyNoticeLink } from './PrivacyNoticeLink';

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

/** Step 1 (SPEC §2): complainant and complaint data, attachments, "Ingresar denuncia". */
export function ComplaintDataStep(props: ComplaintDataStepProps) {
  const { form, category, crime, zones, relations, recognitions } = props;
  const { organization } = useBrand();
  const anonymous = useWatch({ control: form.control, name: 'anonymous' }) === true;
  const {
    handleSubmit,
    formState: { isValid },
  } = form;

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

      <FormProvider {...form}>
        <ComplaintFields
          crimeId={crime.id}
          organization={organization}
          zones={zones}
          relations={relations}
          recognitions={recognitions}
        >
          <div>
            <FileDropzone
              label="Archivos adjuntos (opcional)"
              files={props.files}
              onChange={props.onFilesChange}
              onRejected={props.onUploadRejected}
            />
            <VoiceRecorder
              files={props.files}
              onChange={props.onFilesChange}
              onRejected={props.onUploadRejected}
              anonymous={anonymous}
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
        </ComplaintFields>
      </FormProvider>

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
