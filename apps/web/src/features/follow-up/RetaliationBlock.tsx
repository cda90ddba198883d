import { zodResolver } from '@hookform/resolvers/zod';
import {
  RETALIATION_DUE_WORKING_DAYS,
  RETALIATION_MESSAGES,
  RETALIATION_TEXT_MAX,
  retaliationFormSchema,
  STATUS_CLOSED,
  type RetaliationFormValues,
} from '@canal/shared';
import { useEffect, useRef } from 'react';
import { useForm } from 'react-hook-form';
import { Button } from '../../components/Button';
import { useApi } from '../../lib/api/ApiProvider';
import { Section } from './Section';
import { ShortTextForm, useShortTextSend } from './ShortTextForm';

const FAILED_MESSAGE = 'No fue posible enviar su aviso. Intente nuevamente; el texto sigue aquí.';

/**
 * Protection after closing (issue 22, decision 0060): on a closed complaint, "Sufrí represalias"
 * is always there. The account reaches the team and the administrators of the channel, who have
 * RETALIATION_DUE_WORKING_DAYS working days to attend it; the case stays closed.
 */
export function RetaliationBlock({ id, status }: { id: number; status: string }) {
  const api = useApi();
  const { open, sent, failure, send, start, cancel } = useShortTextSend(
    id,
    'enviar el aviso',
    FAILED_MESSAGE,
  );
  const sentRef = useRef<HTMLParagraphElement>(null);
  const { register, handleSubmit, reset, formState } = useForm<RetaliationFormValues>({
    resolver: zodResolver(retaliationFormSchema),
    defaultValues: { text: '' },
  });

  // The confirmation takes the focus, so a screen reader and a phone's view land on it.
  useEffect(() => {
    if (sent) sentRef.current?.focus();
  }, [sent]);

  if (status !== STATUS_CLOSED) return null;

  const onSubmit = handleSubmit(async ({ text }) => {
    if (await send(() => api.reportRetaliation(id, text))) reset({ text: '' });
  });

  const textError = formState.errors.text?.message;
  return (
    <Section title="Protección después del cierre">
      <p className="text-gray-700">
        Nadie puede perjudicarle por haber presentado una denuncia. Si después del cierre sufrió
        represalias (por ejemplo, un despido, un cambio de funciones, de turno o de trato, u
        hostigamiento), avísenos aquí. El equipo de investigación y la administración del canal
        recibirán el aviso y deberán atenderlo en un plazo de {RETALIATION_DUE_WORKING_DAYS} días
        hábiles. También puede acudir a la Dirección del Trabajo.
      </p>
      {sent && (
        <p
          ref={sentRef}
          tabIndex={-1}
          role="status"
          className="mt-3 rounded-md border border-green-700 bg-green-50 p-3"
        >
          {RETALIATION_MESSAGES.sent}
        </p>
      )}
      {open ? (
        <ShortTextForm
          fieldId="relato-represalias"
          label="¿Qué ocurrió?"
          max={RETALIATION_TEXT_MAX}
          field={register('text')}
          error={textError}
          failure={failure}
          submitting={formState.isSubmitting}
          submitLabel="Enviar aviso"
          onSubmit={onSubmit}
          onCancel={cancel}
        />
      ) : (
        <div className="mt-4">
          <Button variant="secondary" onClick={start}>
            Sufrí represalias
          </Button>
        </div>
      )}
    </Section>
  );
}
