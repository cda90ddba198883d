import { useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { Button } from '../../components/Button';
import { HttpError, unreachableMessage } from '../../lib/api/http';
import { complaintKeys } from './queries';

/**
 * Why a short text the complainant sent did not arrive, in Spanish: no connection, a lapsed
 * session (`action` says what to do again, e.g. "enviar el aviso"), the server's own message, or
 * `fallback`.
 */
export function sendFailureMessage(error: unknown, action: string, fallback: string): string {
  const unreachable = unreachableMessage(error);
  if (unreachable) return unreachable;
  if (error instanceof HttpError && error.status === 401)
    return `Su sesión expiró. Ingrese nuevamente con su código y contraseña para ${action}.`;
  if (error instanceof HttpError && error.serverMessage) return error.serverMessage;
  return fallback;
}

/**
 * The life of one short-text request of complaint `id`: open, sent, why it failed. `send(call)`
 * runs the call; on success the form closes, says it was sent and the complaint is read again
 * (true), on failure it stays open with the reason (false).
 */
export function useShortTextSend(id: number, action: string, fallback: string) {
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  const [sent, setSent] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const send = async (call: () => Promise<unknown>): Promise<boolean> => {
    setFailure(null);
    try {
      await call();
    } catch (error) {
      setFailure(sendFailureMessage(error, action, fallback));
      return false;
    }
    setOpen(false);
    setSent(true);
    await queryClient.invalidateQueries({ queryKey: complaintKeys.all(id) });
    return true;
  };
  return {
    open,
    sent,
    failure,
    send,
    start: () => {
      setSent(false);
      setOpen(true);
    },
    cancel: () => {
      setOpen(false);
      setFailure(null);
    },
  };
}

export interface ShortTextFormProps {
  /** The textarea's id (its help text is `{fieldId}-ayuda`). */
  fieldId: string;
  label: string;
  max: number;
  field: UseFormRegisterReturn;
  error?: string;
  /** Why the last send failed (the text stays in the field). */
  failure: string | null;
  submitting: boolean;
  submitLabel: string;
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
  onCancel: () => void;
}

/**
 * One short text the complainant sends from the detail page (a replacement request, a report of
 * retaliation): the field with its limit, its messages, "Cancelar" and the send button.
 */
export function ShortTextForm(props: ShortTextFormProps) {
  const { fieldId, error, failure, submitting } = props;
  return (
    <form onSubmit={props.onSubmit} noValidate className="mt-4 flex flex-col gap-2">
      <label htmlFor={fieldId} className="font-semibold">
        {props.label}
      </label>
      <textarea
        id={fieldId}
        rows={4}
        maxLength={props.max}
        aria-invalid={error ? true : undefined}
        aria-describedby={`${fieldId}-ayuda`}
        disabled={submitting}
        className="w-full rounded-md border border-gray-400 p-3 focus:border-primary disabled:bg-gray-100"
        {...props.field}
      />
      <p id={`${fieldId}-ayuda`} className="text-sm text-gray-600">
        Máximo {props.max} caracteres.
      </p>
      {error && (
        <p role="alert" className="text-sm text-red-700">
          {error}
        </p>
      )}
      {failure && (
        <p role="alert" className="rounded-md border border-red-700 bg-red-50 p-3 text-red-800">
          {failure}
        </p>
      )}
      <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
        <Button variant="secondary" disabled={submitting} onClick={props.onCancel}>
          Cancelar
        </Button>
        <Button type="submit" disabled={submitting}>
          {props.submitLabel}
        </Button>
      </div>
    </form>
  );
}
