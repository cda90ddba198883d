import { zodResolver } from '@hookform/resolvers/zod';
import {
  formatDisplayDateTime,
  REPLACEMENT_REASON_MAX,
  replacementRequestFormSchema,
  STATUS_CLOSED,
  type ReplacementRequestFormValues,
} from '@canal/shared';
import { useForm } from 'react-hook-form';
import { Button } from '../../components/Button';
import { useApi } from '../../lib/api/ApiProvider';
import { Section } from './Section';
import { ShortTextForm, useShortTextSend } from './ShortTextForm';

export const REPLACEMENT_SENT_MESSAGE =
  'Su solicitud fue enviada. El equipo le responderá en la bitácora.';
const REPLACEMENT_FAILED_MESSAGE =
  'No fue posible enviar su solicitud. Intente nuevamente; el texto sigue aquí.';

/**
 * An addition to the detail page (Law 21.643, decision 0022): the complainant may ask for the
 * investigator to be replaced, with a reason only administrators read. While a request waits for
 * an answer it says so; on a closed complaint the block is not shown.
 */
export function ReplacementRequestBlock({
  id,
  status,
  pending,
}: {
  id: number;
  status: string;
  pending: { sentAt: string } | null;
}) {
  const api = useApi();
  const { open, sent, failure, send, start, cancel } = useShortTextSend(
    id,
    'enviar la solicitud',
    REPLACEMENT_FAILED_MESSAGE,
  );
  const { register, handleSubmit, reset, formState } = useForm<ReplacementRequestFormValues>({
    resolver: zodResolver(replacementRequestFormSchema),
    defaultValues: { reason: '' },
  });

  if (status === STATUS_CLOSED) return null;

  const onSubmit = handleSubmit(async ({ reason }) => {
    if (await send(() => api.requestReplacement(id, reason))) reset({ reason: '' });
  });

  const reasonError = formState.errors.reason?.message;
  return (
    <Section title="Cambio de la persona investigadora">
      <p className="text-gray-700">
        Si considera que la persona a cargo de la investigación no es imparcial, puede solicitar que
        sea reemplazada. Indique el motivo: solo lo leen las personas que administran el canal, no
        quien investiga su denuncia. La respuesta quedará registrada en la bitácora.
      </p>
      {sent && (
        <p role="status" className="mt-3 rounded-md border border-green-700 bg-green-50 p-3">
          {REPLACEMENT_SENT_MESSAGE}
        </p>
      )}
      {pending ? (
        <p className="mt-3 font-semibold">
          Su solicitud del {formatDisplayDateTime(pending.sentAt, { spreadsheet: true })} está en
          revisión.
        </p>
      ) : open ? (
        <ShortTextForm
          fieldId="motivo-reemplazo"
          label="Motivo de la solicitud"
          max={REPLACEMENT_REASON_MAX}
          field={register('reason')}
          error={reasonError}
          failure={failure}
          submitting={formState.isSubmitting}
          submitLabel="Enviar solicitud"
          onSubmit={onSubmit}
          onCancel={cancel}
        />
      ) : (
        <div className="mt-4">
          <Button variant="secondary" onClick={start}>
            Solicitar cambio de investigador/a
          </Button>
        </div>
      )}
    </Section>
  );
}
