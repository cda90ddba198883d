import { zodResolver } from '@hookform/resolvers/zod';
import {
  formatDisplayDateTime,
  TRANSCRIPT_CORRECTIONS_MAX,
  transcriptAnswerFormSchema,
  type ComplaintTranscript,
  type TranscriptAnswerFormValues,
} from '@canal/shared';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Button } from '../../components/Button';
import { useApi } from '../../lib/api/ApiProvider';
import { HttpError, unreachableMessage } from '../../lib/api/http';
import { complaintKeys } from './queries';
import { Section } from './Section';

const STATE_LABELS: Record<ComplaintTranscript['versions'][number]['state'], string> = {
  pendiente: 'Espera su revisión',
  aceptada: 'Aceptada por usted',
  con_correcciones: 'Usted propuso correcciones',
  reemplazada: 'Reemplazada por una versión posterior',
};

function failureMessage(error: unknown): string {
  const unreachable = unreachableMessage(error);
  if (unreachable) return unreachable;
  if (error instanceof HttpError && error.status === 401)
    return 'Su sesión expiró. Ingrese nuevamente con su código y contraseña para responder.';
  if (error instanceof HttpError && error.serverMessage) return error.serverMessage;
  return 'No fue posible enviar su respuesta. Intente nuevamente; el texto sigue aquí.';
}

const when = (iso: string) => formatDisplayDateTime(iso, { spreadsheet: true });

/**
 * The transcript the team wrote of the complainant's oral complaint (decision 0064; EU Directive
 * 2019/1937 art. 18): they read the version that waits for their review and accept it or propose
 * corrections; the version they accepted and the earlier ones stay in view. Without a transcript
 * the block is not shown.
 */
export function TranscriptBlock({ id }: { id: number }) {
  const api = useApi();
  const query = useQuery({
    queryKey: [...complaintKeys.all(id), 'transcripcion'] as const,
    queryFn: () => api.transcript(id),
    retry: false,
  });
  if (!query.data || query.data.versions.length === 0) return null;
  const { versions, accepted } = query.data;
  const waiting = versions.find((v) => v.state === 'pendiente');
  const acceptedVersion = versions.find((v) => v.version === accepted);
  const earlier = versions.filter((v) => v !== waiting && v !== acceptedVersion);
  return (
    <Section title="Transcripción de su denuncia oral">
      <div className="flex flex-col gap-4">
        {waiting && <AnswerForm id={id} version={waiting} />}
        {acceptedVersion && (
          <div className="rounded-md border border-green-700 bg-green-50 p-3">
            <h3 className="font-semibold">
              Versión aceptada (versión {acceptedVersion.version}, el{' '}
              {when(acceptedVersion.answeredAt ?? acceptedVersion.issuedAt)})
            </h3>
            <p className="mt-1 whitespace-pre-wrap break-words">{acceptedVersion.text}</p>
          </div>
        )}
        {earlier.length > 0 && (
          <details>
            <summary className="cursor-pointer font-semibold">Versiones anteriores</summary>
            <ol className="mt-2 flex flex-col gap-3">
              {earlier.map((v) => (
                <li key={v.version} className="rounded-md border border-gray-300 p-3">
                  <p className="font-semibold">
                    Versión {v.version} ({when(v.issuedAt)}): {STATE_LABELS[v.state]}
                  </p>
                  <p className="mt-1 whitespace-pre-wrap break-words">{v.text}</p>
                  {v.corrections && (
                    <p className="mt-2 whitespace-pre-wrap break-words text-gray-700">
                      Sus correcciones: {v.corrections}
                    </p>
                  )}
                </li>
              ))}
            </ol>
          </details>
        )}
      </div>
    </Section>
  );
}

function AnswerForm({
  id,
  version,
}: {
  id: number;
  version: ComplaintTranscript['versions'][number];
}) {
  const api = useApi();
  const queryClient = useQueryClient();
  const [failure, setFailure] = useState<string | null>(null);
  const [correcting, setCorrecting] = useState(false);
  const { register, handleSubmit, setValue, formState } = useForm<TranscriptAnswerFormValues>({
    resolver: zodResolver(transcriptAnswerFormSchema),
    defaultValues: { decision: 'acepta', corrections: '' },
  });
  const send = handleSubmit(async (answer) => {
    setFailure(null);
    try {
      await api.answerTranscript(id, version.version, answer);
    } catch (error) {
      setFailure(failureMessage(error));
      return;
    }
    await queryClient.invalidateQueries({ queryKey: complaintKeys.all(id) });
  });
  const correctionsError = formState.errors.corrections?.message;
  return (
    <form onSubmit={send} noValidate className="flex flex-col gap-2">
      <p className="text-gray-700">
        El equipo de investigación transcribió lo que usted relató de forma oral. Léalo con
        atención: puede aceptarlo tal como está o proponer correcciones, y el equipo emitirá una
        nueva versión.
      </p>
      <h3 className="font-semibold">
        Versión {version.version} del {when(version.issuedAt)}
      </h3>
      <p className="whitespace-pre-wrap break-words rounded-md bg-gray-50 p-3">{version.text}</p>
      {correcting && (
        <>
          <label htmlFor="correcciones-transcripcion" className="font-semibold">
            Correcciones que propone
          </label>
          <textarea
            id="correcciones-transcripcion"
            rows={5}
            maxLength={TRANSCRIPT_CORRECTIONS_MAX}
            aria-invalid={correctionsError ? true : undefined}
            disabled={formState.isSubmitting}
            className="w-full rounded-md border border-gray-400 p-3 focus:border-primary disabled:bg-gray-100"
            {...register('corrections')}
          />
          {correctionsError && (
            <p role="alert" className="text-sm text-red-700">
              {correctionsError}
            </p>
          )}
        </>
      )}
      {failure && (
        <p role="alert" className="rounded-md border border-red-700 bg-red-50 p-3 text-red-800">
          {failure}
        </p>
      )}
      <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
        {correcting ? (
          <>
            <Button
              variant="secondary"
              disabled={formState.isSubmitting}
              onClick={() => setCorrecting(false)}
            >
              Cancelar
            </Button>
            <Button
              type="submit"
              disabled={formState.isSubmitting}
              onClick={() => setValue('decision', 'corrige')}
            >
              Enviar correcciones
            </Button>
          </>
        ) : (
          <>
            <Button
              variant="secondary"
              disabled={formState.isSubmitting}
              onClick={() => setCorrecting(true)}
            >
              Proponer correcciones
            </Button>
            <Button
              type="submit"
              disabled={formState.isSubmitting}
              onClick={() => setValue('decision', 'acepta')}
            >
              Aceptar la transcripción
            </Button>
          </>
        )}
      </div>
    </form>
  );
}
