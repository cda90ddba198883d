import { COMMENT_MAX, MESSAGES, STATUS_MISSING_DOCUMENTS } from '@canal/shared';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { Link } from 'react-router';
import { paths } from '../../config/paths';
import { LazyFileDropzone } from '../../lib/attachments/FileDropzone';
import { VoiceRecorder } from '../../lib/attachments/VoiceRecorder';
import { Section } from './Section';

export const COMMENT_PLACEHOLDER =
  'El comentario es obligatorio. Describa cualquier actualización relevante para el denunciante.';

export interface AddCommentBlockProps {
  comment: UseFormRegisterReturn<'comment'>;
  commentError?: string;
  files: File[];
  onFilesChange(files: File[]): void;
  onFilesRejected(names: string[]): void;
  uploadEnabled: boolean;
  uploadMessage: string | null;
  disabled: boolean;
  /** The complaint is closed: comments are still taken (decision 0034), files no longer. */
  closed: boolean;
  /** The complaint is anonymous: a voice message is distorted by default (decision 0063). */
  anonymous: boolean;
}

/**
 * What a complainant can do once the complaint is closed (decision 0034): write here (the case
 * stays closed, the team is told), go to the Dirección del Trabajo, or file new facts anew.
 */
function ClosedNotice() {
  return (
    <div
      id="comentario-cerrada"
      className="mb-4 rounded-md border-l-4 border-secondary bg-light p-4 text-gray-900"
    >
      <p className="font-semibold">Su denuncia está cerrada.</p>
      <p className="mt-1">
        Si no está de acuerdo con la resolución, o quiere agregar algo, puede escribirlo aquí: su
        comentario queda en el registro de la denuncia y el equipo a cargo recibe un aviso. La
        denuncia sigue cerrada y ya no se pueden adjuntar archivos.
      </p>
      <p className="mt-2">También puede:</p>
      <ul className="mt-1 list-disc pl-6">
        <li>acudir a la Dirección del Trabajo, que recibe denuncias y reclamos laborales;</li>
        <li>
          si se trata de hechos nuevos,{' '}
          <Link to={paths.newComplaint()} className="font-semibold text-primary underline">
            ingresar una nueva denuncia
          </Link>
          .
        </li>
      </ul>
    </div>
  );
}

/**
 * Block 5: the comment box and, while documents are missing, the upload area (SPEC §4, §5); on a
 * closed complaint, first what the person can still do.
 */
export function AddCommentBlock(props: AddCommentBlockProps) {
  const {
    comment,
    commentError,
    files,
    onFilesChange,
    onFilesRejected,
    uploadEnabled,
    uploadMessage,
    disabled,
    closed,
    anonymous,
  } = props;
  return (
    <Section title="Agregar comentario">
      {closed && <ClosedNotice />}
      <label htmlFor="comentario" className="mb-1 block font-semibold">
        Comentario
      </label>
      <textarea
        id="comentario"
        rows={5}
        maxLength={COMMENT_MAX}
        placeholder={COMMENT_PLACEHOLDER}
        aria-describedby={closed ? 'comentario-cerrada comentario-ayuda' : 'comentario-ayuda'}
        aria-invalid={commentError ? true : undefined}
        disabled={disabled}
        className="w-full rounded-md border border-gray-400 p-3 focus:border-primary disabled:bg-gray-100"
        {...comment}
      />
      <p id="comentario-ayuda" className="mt-1 text-sm text-gray-600">
        {MESSAGES.commentHint}
      </p>
      {commentError && (
        <p role="alert" className="mt-1 text-sm text-red-700">
          {commentError}
        </p>
      )}

      {!closed && (
        <div className="mt-6">
          <LazyFileDropzone
            files={files}
            onChange={onFilesChange}
            onRejected={onFilesRejected}
            disabled={!uploadEnabled || disabled}
            label="Adjuntar antecedentes"
          />
          {uploadEnabled && (
            <VoiceRecorder
              files={files}
              onChange={onFilesChange}
              onRejected={onFilesRejected}
              anonymous={anonymous}
              disabled={disabled}
            />
          )}
          {!uploadEnabled && (
            <p className="mt-2 text-sm text-gray-700">
              Podrá adjuntar archivos cuando su denuncia tenga el estado «{STATUS_MISSING_DOCUMENTS}
              ».
            </p>
          )}
          {uploadMessage && (
            <p
              role="alert"
              className="mt-2 rounded-md border border-red-300 bg-red-50 p-3 text-sm text-red-800"
            >
              {uploadMessage}
            </p>
          )}
        </div>
      )}
    </Section>
  );
}
