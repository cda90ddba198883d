import { useId } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { TRANSCRIPT_STATE_LABELS } from '@canal/shared';
import { Button } from '../../../components/Button';
import { SelectField, TextAreaField } from '../../../components/form/fields';
import { LoadingView } from '../../../components/LoadingView';
import { errorMessage } from '../api/call';
import type { CaseFile } from '../api/cases/case';
import {
  type TranscriptVersion,
  useCaseTranscript,
  useIssueTranscript,
} from '../api/cases/transcripts';
import { FormAlert } from '../components/FormAlert';
import { dateTime } from '../components/format';
import { transcriptDraftResolver, type TranscriptDraftForm } from '../schemas';

const sourceText = (v: TranscriptVersion) =>
  v.source === 'verbal'
    ? 'denuncia verbal recibida por el equipo'
    : `audio adjunto ${v.file ? `«${v.file.name}»` : '(ya no está en el caso)'}`;

/**
 * The transcript of an oral complaint (decision 0064): the version the complainant accepted, the
 * history of versions and their answers, and, for who may change the case, a new version (from a
 * voice attachment of the case or a verbal intake) that the complainant reviews in the portal.
 */
export function TranscriptPanel({
  caseId,
  files,
  canIssue,
}: {
  caseId: number;
  files: readonly CaseFile[];
  canIssue: boolean;
}) {
  const query = useCaseTranscript(caseId);
  if (query.isError) return <FormAlert>{errorMessage(query.error)}</FormAlert>;
  if (!query.data) return <LoadingView />;
  const { versions, accepted } = query.data;
  const acceptedVersion = versions.find((v) => v.version === accepted);
  return (
    <div className="space-y-4">
      {versions.length === 0 ? (
        <p>El caso no tiene transcripción.</p>
      ) : acceptedVersion ? (
        <div className="rounded border border-green-300 bg-green-50 p-3">
          <h3 className="font-semibold">
            Versión aceptada por la persona denunciante (versión {acceptedVersion.version})
          </h3>
          <p className="mt-1 whitespace-pre-wrap break-words">{acceptedVersion.text}</p>
        </div>
      ) : (
        <p>La persona denunciante aún no acepta ninguna versión.</p>
      )}
      {versions.length > 0 && (
        <ol aria-label="Historial de la transcripción" className="space-y-3">
          {versions.map((v) => (
            <li key={v.version} className="rounded border border-gray-200 p-3">
              <p className="font-semibold">
                Versión {v.version}: {TRANSCRIPT_STATE_LABELS[v.state]}
              </p>
              <p className="text-sm text-gray-700">
                Emitida el {dateTime(v.issuedAt)} por {v.author}, de {sourceText(v)}
                {v.answeredAt ? `; respondida el ${dateTime(v.answeredAt)}` : ''}.
              </p>
              <p className="mt-1 whitespace-pre-wrap break-words">{v.text}</p>
              {v.corrections && (
                <div className="mt-2 rounded bg-amber-50 p-2">
                  <h4 className="text-sm font-semibold">Correcciones propuestas</h4>
                  <p className="whitespace-pre-wrap break-words">{v.corrections}</p>
                </div>
              )}
            </li>
          ))}
        </ol>
      )}
      {canIssue && (
        <IssueForm
          caseId={caseId}
          audios={files.filter((f) => f.mimeType.startsWith('audio/'))}
          latest={versions[0]?.text ?? ''}
        />
      )}
    </div>
  );
}

function IssueForm({
  caseId,
  audios,
  latest,
}: {
  caseId: number;
  audios: readonly CaseFile[];
  latest: string;
}) {
  const headingId = useId();
  const mutation = useIssueTranscript(caseId);
  const form = useForm<TranscriptDraftForm>({
    resolver: transcriptDraftResolver,
    defaultValues: {
      text: latest,
      source: audios.length > 0 ? 'adjunto' : 'verbal',
      fileId: audios.length === 1 ? audios[0]!.id : null,
    },
  });
  const source = useWatch({ control: form.control, name: 'source' });
  const { errors } = form.formState;
  const submit = form.handleSubmit((draft) =>
    mutation.mutate(
      { ...draft, fileId: draft.source === 'adjunto' ? draft.fileId : null },
      { onSuccess: () => form.reset({ ...draft }) },
    ),
  );
  return (
    <form noValidate onSubmit={submit} aria-labelledby={headingId} className="space-y-3">
      <h3 id={headingId} className="text-lg font-bold text-secondary">
        Emitir una versión para revisión
      </h3>
      <SelectField label="Origen" error={errors.source?.message} {...form.register('source')}>
        <option value="adjunto" disabled={audios.length === 0}>
          Audio adjunto al caso
        </option>
        <option value="verbal">Denuncia verbal recibida por el equipo</option>
      </SelectField>
      {source === 'adjunto' && (
        <SelectField
          label="Audio que transcribe"
          options={audios.map((a) => ({ value: a.id, label: a.name }))}
          placeholder="Seleccione el audio"
          error={errors.fileId?.message}
          {...form.register('fileId', { setValueAs: (v: string) => v || null })}
        />
      )}
      <TextAreaField
        label="Transcripción"
        hint="La persona denunciante la leerá en el seguimiento de su denuncia y podrá aceptarla o proponer correcciones. Recibirá un aviso por correo sin el texto."
        rows={8}
        error={errors.text?.message}
        {...form.register('text')}
      />
      {mutation.isError && <FormAlert>{errorMessage(mutation.error)}</FormAlert>}
      {mutation.isSuccess && (
        <FormAlert tone="success">
          Versión emitida. La persona denunciante ya puede revisarla.
        </FormAlert>
      )}
      <Button type="submit" disabled={mutation.isPending}>
        Emitir versión
      </Button>
    </form>
  );
}
