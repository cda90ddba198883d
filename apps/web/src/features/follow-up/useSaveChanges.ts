import { MESSAGES } from '@canal/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useApi } from '../../lib/api/ApiProvider';
import { HttpError, unreachableMessage } from '../../lib/api/http';
import { uploadWasCut, type FileProgress } from '../../lib/api/resumable';
import { complaintKeys } from './queries';

export type SaveOutcome =
  | { ok: true }
  | { ok: false; sessionExpired: true }
  | {
      ok: false;
      sessionExpired?: false;
      uploadMessage: string | null;
      /** The upload stopped on the connection: «Guardar cambios» again continues it. */
      uploadRetryable?: boolean;
      commentMessage: string | null;
    };

/** When a comment could not be saved: what happened, and that the text is still there. */
export const COMMENT_FAILED_MESSAGE =
  'No fue posible guardar su comentario. Intente nuevamente; el texto sigue aquí.';
/** A 401: the session ended (30 minutes idle); the page asks to sign in again, in place. */
export const isSessionExpired = (error: unknown) =>
  error instanceof HttpError && error.kind === 'http' && error.status === 401;

function commentFailureMessage(error: unknown): string {
  return unreachableMessage(error) ?? COMMENT_FAILED_MESSAGE;
}

/** Wording for a failed upload the spec leaves open (SPEC §8 "Failed file upload"). */
export const UPLOAD_FAILED_MESSAGE =
  'No fue posible adjuntar los archivos. Revise su selección e intente nuevamente.';

/**
 * A cut connection tus could not get past with its tries (decision 0068): what to do, and that
 * nothing is lost; the part already sent stays on the server for this tab.
 */
export const UPLOAD_STOPPED_MESSAGE =
  'Se perdió la conexión y la subida de sus archivos no pudo continuar. Revise su conexión a internet (datos móviles o Wi-Fi) y presione «Guardar cambios» nuevamente: la subida seguirá desde donde quedó. Su comentario y sus archivos siguen aquí.';

function uploadFailureMessage(error: unknown): string {
  if (uploadWasCut(error)) {
    console.error((error as Error).message);
    return UPLOAD_STOPPED_MESSAGE;
  }
  const unreachable = unreachableMessage(error);
  if (unreachable) return unreachable;
  if (error instanceof HttpError && error.status === 415) return MESSAGES.fileTypeNotAllowed;
  if (error instanceof HttpError && error.serverMessage) return error.serverMessage;
  return UPLOAD_FAILED_MESSAGE;
}

/**
 * "Guardar cambios": with files, each sent resumably (progress, «Reanudando…» while tus tries
 * again) and then named with the comment; with only a comment, the comment call. On success the
 * complaint and its files are asked again.
 */
export function useSaveChanges(id: number, complainantEmail: string | null) {
  const api = useApi();
  const queryClient = useQueryClient();
  const [saving, setSaving] = useState(false);
  const [progress, setProgress] = useState<number | null>(null);
  const [resuming, setResuming] = useState(false);
  const [fileProgress, setFileProgress] = useState<readonly FileProgress[]>([]);

  async function save(comment: string, files: File[]): Promise<SaveOutcome> {
    setSaving(true);
    try {
      if (files.length > 0) {
        setProgress(0);
        await api.uploadFiles(
          { id, comment, files, user: complainantEmail ?? '' },
          { onProgress: setProgress, onResuming: setResuming, onFiles: setFileProgress },
        );
      } else {
        await api.addComment(id, comment);
      }
    } catch (error) {
      // Nothing is cleared: after signing in again the same comment and files can be sent.
      if (isSessionExpired(error)) return { ok: false, sessionExpired: true };
      if (files.length > 0)
        return {
          ok: false,
          uploadMessage: uploadFailureMessage(error),
          uploadRetryable: uploadWasCut(error),
          commentMessage: null,
        };
      // SPEC §8 only logs a failed comment post; the person is told too, and keeps the text
      // (issue 12).
      console.error('No se pudo guardar el comentario', error);
      return { ok: false, uploadMessage: null, commentMessage: commentFailureMessage(error) };
    } finally {
      setSaving(false);
      setProgress(null);
      setResuming(false);
    }
    await queryClient.invalidateQueries({ queryKey: complaintKeys.all(id) });
    return { ok: true };
  }

  return { save, saving, progress, resuming, fileProgress };
}
