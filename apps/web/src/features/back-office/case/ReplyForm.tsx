import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import {
  fillNoticeTemplate,
  MESSAGES,
  NOTICE_TEMPLATE_KINDS,
  NOTICE_TEMPLATE_LABELS,
} from '@canal/shared';
import { Button } from '../../../components/Button';
import { UploadProgress } from '../../../components/UploadProgress';
import { SelectField, TextAreaField } from '../../../components/form/fields';
import { LazyFileDropzone } from '../../../lib/attachments/FileDropzone';
import { HttpError } from '../../../lib/api/http';
import { uploadWasCut, type FileProgress } from '../../../lib/api/resumable';
import { errorMessage } from '../api/call';
import { useCaseActions } from '../api/cases/case';
import { useNoticeTemplates } from '../api/notice-templates';
import { FormAlert } from '../components/FormAlert';
import { commentResolver, type CommentForm as Values } from '../schemas';
import type { NoticeContext } from './MilestonesTable';

/**
 * A cut connection tus could not get past with its tries (decision 0074): what to do, and that
 * nothing is lost; the part already sent stays on the server for this tab.
 */
export const REPLY_UPLOAD_STOPPED_MESSAGE =
  'Se perdió la conexión y la subida de los archivos no pudo continuar. Revise su conexión y presione «Enviar respuesta» nuevamente: la subida seguirá desde donde quedó. Su respuesta y sus archivos siguen aquí.';

/**
 * The session lapsed mid-upload and the person did not sign in again in place (decision 0080):
 * the part sent stays on the server for this tab, and sending again continues it.
 */
export const REPLY_UPLOAD_SIGNED_OUT_MESSAGE =
  'Su sesión expiró y la subida de los archivos quedó detenida. Ingrese nuevamente y presione «Enviar respuesta»: la subida seguirá desde donde quedó. Su respuesta y sus archivos siguen aquí.';

/** Why a reply did not arrive: with files, what to do to continue their upload. */
function failureMessage(error: unknown, withFiles: boolean): string {
  if (withFiles && uploadWasCut(error)) return REPLY_UPLOAD_STOPPED_MESSAGE;
  if (withFiles && error instanceof HttpError && error.status === 401)
    return REPLY_UPLOAD_SIGNED_OUT_MESSAGE;
  return errorMessage(error);
}

/**
 * The reply the complainant reads, with files of the team if any: the same picker, types and
 * limits as the complainant's upload. The files go over tus like the portal's (decision 0074:
 * progress, «Reanudando…» after a cut, resumed after a reload when picked again), then the reply
 * names them; the API runs them through the same pipeline and the complainant downloads them
 * from their follow-up page. It may start from one of the organisation's notice templates
 * (decision 0070), which the investigator then edits. A failed send keeps the text and files; a
 * session that lapses mid-upload is signed in again in place and the upload goes on (0080).
 */
export function ReplyForm({ caseId, notice }: { caseId: number; notice: NoticeContext }) {
  const headingId = useId();
  const { replyWithFiles: mutation } = useCaseActions(caseId);
  const templates = useNoticeTemplates();
  const own = (templates.data ?? []).filter((t) => t.organizationId === notice.organizationId);
  const [files, setFiles] = useState<File[]>([]);
  const [rejected, setRejected] = useState<string | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [resuming, setResuming] = useState(false);
  const [fileProgress, setFileProgress] = useState<readonly FileProgress[]>([]);
  const form = useForm<Values>({
    mode: 'onTouched',
    resolver: commentResolver,
    defaultValues: { comment: '' },
  });
  const submit = form.handleSubmit((v) => {
    if (files.length > 0) setProgress(0);
    mutation.mutate(
      {
        comment: v.comment.trim(),
        files,
        hooks: { onProgress: setProgress, onResuming: setResuming, onFiles: setFileProgress },
      },
      {
        onSuccess: () => {
          form.reset();
          setFiles([]);
        },
        onSettled: () => {
          setProgress(null);
          setResuming(false);
        },
      },
    );
  });
  return (
    <form noValidate onSubmit={submit} aria-labelledby={headingId} className="space-y-3">
      <h3 id={headingId} className="text-lg font-bold text-secondary">
        Responder a la persona denunciante
      </h3>
      {own.length > 0 && (
        <SelectField
          label="Partir de una plantilla (opcional)"
          value=""
          hint="Reemplaza el texto de la respuesta por el de la plantilla, que luego puede cambiar."
          onChange={(e) => {
            const template = own.find((t) => t.kind === e.target.value);
            if (template)
              form.setValue('comment', fillNoticeTemplate(template.text, notice), {
                shouldDirty: true,
              });
          }}
        >
          <option value="">Elija una plantilla</option>
          {NOTICE_TEMPLATE_KINDS.filter((k) => own.some((t) => t.kind === k)).map((k) => (
            <option key={k} value={k}>
              {NOTICE_TEMPLATE_LABELS[k]}
            </option>
          ))}
        </SelectField>
      )}
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
      {progress !== null && (
        <UploadProgress value={progress} files={fileProgress} resuming={resuming} />
      )}
      {mutation.isError && (
        <FormAlert>
          {failureMessage(mutation.error, (mutation.variables?.files.length ?? 0) > 0)}
        </FormAlert>
      )}
      {mutation.isSuccess && <FormAlert tone="success">Respuesta registrada.</FormAlert>}
      <Button type="submit" disabled={mutation.isPending}>
        Enviar respuesta
      </Button>
    </form>
  );
}
