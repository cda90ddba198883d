import { zodResolver } from '@hookform/resolvers/zod';
import {
  RETALIATION_DUE_WORKING_DAYS,
  RETALIATION_MESSAGES,
  RETALIATION_TEXT_MAX,
  retaliationFormSchema,
  STATUS_CLOSED,
  type RetaliationFormValues,
} from '@canal/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Button } from '../../components/Button';
import { useApi } from '../../lib/api/ApiProvider';
import { HttpError, unreachableMessage } from '../../lib/api/http';
import { complaintKeys } from './queries';
import { Section } from './Section';

const FAILED_MESSAGE = 'No fue posible enviar su aviso. Intente nuevamente; el texto sigue aquí.';

function failureMessage(error: unknown): string {
  const unreachable = unreachableMessage(error);
  if (unreachable) return unreachable;
  if (error instanceof HttpError && error.status === 401)
    return 'Su sesión expiró. Ingrese nuevamente con su código y contraseña para enviar el aviso.';
  if (error instanceof HttpError && error.serverMessage) return error.serverMessage;
  return FAILED_MESSAGE;
}

/**
 * Protection after closing (issue 22, decision 0060): on a closed complaint, "Sufrí represalias"
 * is always there. The account reaches the team and the administrators of the channel, who have
 * RETALIATION_DUE_WORKING_DAYS working days to attend it; the case stays closed.
 */
export function RetaliationBlock({ id, status }: { id: number; status: string }) {
  const api = useApi();
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  const [sent, setSent] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
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
    setFailure(null);
    try {
      await api.reportRetaliation(id, text);
    } catch (error) {
      setFailure(failureMessage(error));
      return;
    }
    reset({ text: '' });
    setOpen(false);
    setSent(true);
    await queryClient.invalidateQueries({ queryKey: complaintKeys.all(id) });
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
        <form onSubmit={onSubmit} noValidate className="mt-4 flex flex-col gap-2">
          <label htmlFor="relato-represalias" className="font-semibold">
            ¿Qué ocurrió?
          </label>
          <textarea
            id="relato-represalias"
            rows={4}
            maxLength={RETALIATION_TEXT_MAX}
            aria-invalid={textError ? true : undefined}
            aria-describedby="relato-represalias-ayuda"
            disabled={formState.isSubmitting}
            className="w-full rounded-md border border-gray-400 p-3 focus:border-primary disabled:bg-gray-100"
            {...register('text')}
          />
          <p id="relato-represalias-ayuda" className="text-sm text-gray-600">
            Máximo {RETALIATION_TEXT_MAX} caracteres.
          </p>
          {textError && (
            <p role="alert" className="text-sm text-red-700">
              {textError}
            </p>
          )}
          {failure && (
            <p role="alert" className="rounded-md border border-red-700 bg-red-50 p-3 text-red-800">
              {failure}
            </p>
          )}
          <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
            <Button
              variant="secondary"
              disabled={formState.isSubmitting}
              onClick={() => {
                setOpen(false);
                setFailure(null);
              }}
            >
              Cancelar
            </Button>
            <Button type="submit" disabled={formState.isSubmitting}>
              Enviar aviso
            </Button>
          </div>
        </form>
      ) : (
        <div className="mt-4">
          <Button
            variant="secondary"
            onClick={() => {
              setSent(false);
              setOpen(true);
            }}
          >
            Sufrí represalias
          </Button>
        </div>
      )}
    </Section>
  );
}
