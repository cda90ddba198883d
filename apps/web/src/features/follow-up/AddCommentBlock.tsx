import { COMMENT_MAX, MESSAGES, STATUS_MISSING_DOCUMENTS } from '@canal/shared';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { LazyFileDropzone } from '../../lib/attachments/FileDropzone';
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
}

/** Block 5: the comment box and, while documents are missing, the upload area (SPEC §4, §5). */
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
  } = props;
  return (
    <Section title="Agregar comentario">
      <label htmlFor="comentario" className="mb-1 block font-semibold">
        Comentario
      </label>
      <textarea
        id="comentario"
        rows={5}
        maxLength={COMMENT_MAX}
        placeholder={COMMENT_PLACEHOLDER}
        aria-describedby="comentario-ayuda"
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

      <div className="mt-6">
        <LazyFileDropzone
          files={files}
          onChange={onFilesChange}
          onRejected={onFilesRejected}
          disabled={!uploadEnabled || disabled}
          label="Adjuntar antecedentes"
        />
        {!uploadEnabled && (
          <p className="mt-2 text-sm text-gray-700">
            Podrá adjuntar archivos cuando su denuncia tenga el estado «{STATUS_MISSING_DOCUMENTS}».
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
    </Section>
  );
}
