import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { MESSAGES } from '@canal/shared';
import { Button } from '../../../components/Button';
import { TextAreaField } from '../../../components/form/fields';
import { LazyFileDropzone } from '../../../lib/attachments/FileDropzone';
import { errorMessage } from '../api/call';
import { useCaseActions } from '../api/cases/case';
import { FormAlert } from '../components/FormAlert';
import { commentResolver, type CommentForm as Values } from '../schemas';

/**
 * The reply the complainant reads, with files of the team if any: the same picker, types and
 * limits as the complainant's upload; the API runs them through the same pipeline and the
 * complainant downloads them from their follow-up page.
 */
export function ReplyForm({ caseId }: { caseId: number }) {
  const headingId = useId();
  const { replyWithFiles: mutation } = useCaseActions(caseId);
  const [files, setFiles] = useState<File[]>([]);
  const [rejected, setRejected] = useState<string | null>(null);
  const form = useForm<Values>({
    mode: 'onTouched',
    resolver: commentResolver,
    defaultValues: { comment: '' },
  });
  const submit = form.handleSubmit((v) =>
    mutation.mutate(
      { comment: v.comment.trim(), files },
      {
        onSuccess: () => {
          form.reset();
          setFiles([]);
        },
      },
    ),
  );
  return (
    <form noValidate onSubmit={submit} aria-labelledby={headingId} className="space-y-3">
      <h3 id={headingId} className="text-lg font-bold text-secondary">
        Responder a la persona denunciante
      </h3>
      <TextAreaField
        label="Respuesta"
        hint="La verá en su bitácora como «Equipo de investigación» y recibirá un aviso por correo. Los archivos adjuntos los podrá descargar desde el seguimiento de su denuncia."
        error={form.formState.errors.comment?.message}
        {...form.register('comment')}
      />
      <LazyFileDropzone
        files={files}
        onChange={(next) => {
          setFiles(next);
          setRejected(null);
        }}
        onRejected={(names) => setRejected(MESSAGES.uploadRejected(names))}
        disabled={mutation.isPending}
        label="Adjuntar archivos para la persona denunciante (opcional)"
      />
      {rejected && <FormAlert>{rejected}</FormAlert>}
      {mutation.isError && <FormAlert>{errorMessage(mutation.error)}</FormAlert>}
      {mutation.isSuccess && <FormAlert tone="success">Respuesta registrada.</FormAlert>}
      <Button type="submit" disabled={mutation.isPending}>
        Enviar respuesta
      </Button>
    </form>
  );
}
