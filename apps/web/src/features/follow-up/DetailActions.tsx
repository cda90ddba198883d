import { zodResolver } from '@hookform/resolvers/zod';
import {
  detailCommentSchema,
  MESSAGES,
  STATUS_CLOSED,
  type ComplaintDetail,
  type DetailCommentValues,
} from '@canal/shared';
import { useEffect, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useForm, useWatch } from 'react-hook-form';
import { Button } from '../../components/Button';
import { LoadingView } from '../../components/LoadingView';
import { UploadProgress } from '../../components/UploadProgress';
import { AddCommentBlock } from './AddCommentBlock';
import { complaintKeys } from './queries';
import { ReplacementRequestBlock } from './ReplacementRequestBlock';
import { RetaliationBlock } from './RetaliationBlock';
import { MyDataBlock } from './MyDataBlock';
import { RightsNotice } from './RightsNotice';
import { isAnonymous, isSaveDisabled, isUploadEnabled } from './rules';
import { SignInAgainDialog } from './SignInAgainDialog';
import { TranscriptBlock } from './TranscriptBlock';
import { useSaveChanges } from './useSaveChanges';

/** What the page says once a comment (or files) reached the team (issue 22). */
export const COMMENT_SENT_MESSAGE = 'Comentario enviado';
export const FILES_SENT_MESSAGE = 'Archivos enviados';

/** The sign-in dialog was closed without signing in: how to save what was typed. */
export const SIGN_IN_NEEDED_MESSAGE =
  'Su sesión expiró. Para guardar lo que escribió, presione «Guardar cambios» e ingrese nuevamente con su código y contraseña.';

export interface DetailActionsProps {
  id: number;
  detail: ComplaintDetail;
  /** The complaint is being read again. */
  fetching: boolean;
  /** A reload of the complaint was refused: the session ended. */
  sessionLost: boolean;
  /** "Volver al inicio" signs out, as the header's "Salir" does. */
  leaving: boolean;
  onLeave: () => void;
}

/**
 * What the complainant does on the detail page (SPEC §2, §5; issues 12, 22; Law 21.643 and
 * 21.719): the transcript, a comment and files, another investigator, retaliation, their personal
 * data. Its own chunk, loaded once the complaint is on the screen (ComplaintDetailPage, issue 26).
 */
export default function DetailActions({
  id,
  detail,
  fetching,
  sessionLost,
  leaving,
  onLeave,
}: DetailActionsProps) {
  const { save, saving, progress, resuming, fileProgress } = useSaveChanges(
    id,
    detail.complainantEmail,
  );
  const { register, handleSubmit, control, reset, formState } = useForm<DetailCommentValues>({
    resolver: zodResolver(detailCommentSchema),
    mode: 'all',
    defaultValues: { comment: '' },
  });
  const comment = useWatch({ control, name: 'comment' }) ?? '';
  const [selected, setSelected] = useState<File[]>([]);
  const [uploadError, setUploadError] = useState(false);
  const [uploadMessage, setUploadMessage] = useState<string | null>(null);
  const [commentMessage, setCommentMessage] = useState<string | null>(null);
  const [sentMessage, setSentMessage] = useState<string | null>(null);
  const sentRef = useRef<HTMLParagraphElement>(null);
  // The confirmation takes the focus: a screen reader hears it, a phone scrolls to it.
  useEffect(() => {
    if (sentMessage) sentRef.current?.focus();
  }, [sentMessage]);
  // Issue 12: the session ended while the person was here: sign in again without leaving.
  const [signInAgain, setSignInAgain] = useState(false);
  const [signedInAgain, setSignedInAgain] = useState(false);
  // A refused reload of the complaint opens the same dialog, once.
  const [lostHandled, setLostHandled] = useState(false);
  const queryClient = useQueryClient();

  const loading = fetching || saving;
  const saveDisabled = isSaveDisabled({
    comment,
    fileCount: selected.length,
    loading,
    uploadError,
  });

  function onFilesChange(next: File[]) {
    setSelected(next);
    // SPEC §5: accepted drops clear the error; removing the offending file does too.
    setUploadError(false);
    setUploadMessage(null);
  }

  function onFilesRejected(names: string[]) {
    setUploadError(true);
    setUploadMessage(MESSAGES.uploadRejected(names));
  }

  const onSubmit = handleSubmit(async (values) => {
    setCommentMessage(null);
    setSentMessage(null);
    setSignedInAgain(false);
    const outcome = await save(values.comment, selected);
    if (!outcome.ok && outcome.sessionExpired) {
      setSignInAgain(true);
      return;
    }
    if (!outcome.ok) setCommentMessage(outcome.commentMessage);
    if (outcome.ok) {
      setSentMessage(values.comment.trim() ? COMMENT_SENT_MESSAGE : FILES_SENT_MESSAGE);
      reset({ comment: '' });
      setSelected([]);
      setUploadError(false);
      setUploadMessage(null);
    } else if (outcome.uploadMessage) {
      // A cut connection does not block «Guardar cambios»: pressing it again resumes the upload.
      setUploadError(!outcome.uploadRetryable);
      setUploadMessage(outcome.uploadMessage);
    }
  });

  return (
    <>
      <TranscriptBlock id={id} />
      <form onSubmit={onSubmit} noValidate className="flex flex-col gap-6">
        <AddCommentBlock
          comment={register('comment')}
          commentError={formState.errors.comment?.message}
          files={selected}
          onFilesChange={onFilesChange}
          onFilesRejected={onFilesRejected}
          uploadEnabled={isUploadEnabled(detail.status)}
          uploadMessage={uploadMessage}
          disabled={saving}
          closed={detail.status === STATUS_CLOSED}
          anonymous={isAnonymous(detail)}
        />
        {signedInAgain && (
          <p role="status" className="rounded-md border border-green-700 bg-green-50 p-3">
            Ingresó nuevamente. Lo que escribió sigue aquí: presione «Guardar cambios» para
            guardarlo.
          </p>
        )}
        {sentMessage && (
          <p
            ref={sentRef}
            tabIndex={-1}
            role="status"
            className="rounded-md border border-green-700 bg-green-50 p-3 font-semibold"
          >
            {sentMessage}
          </p>
        )}
        {commentMessage && (
          <p role="alert" className="rounded-md border border-red-700 bg-red-50 p-3 text-red-800">
            {commentMessage}
          </p>
        )}
        <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
          <Button variant="secondary" disabled={leaving} onClick={onLeave}>
            Volver al inicio
          </Button>
          <Button type="submit" disabled={saveDisabled}>
            Guardar cambios
          </Button>
        </div>
      </form>
      <ReplacementRequestBlock id={id} status={detail.status} pending={detail.replacementRequest} />
      <RetaliationBlock id={id} status={detail.status} />
      <MyDataBlock id={id} detail={detail} />
      <RightsNotice />
      <SignInAgainDialog
        open={signInAgain || (sessionLost && !lostHandled)}
        ticket={id}
        onSignedIn={() => {
          setSignInAgain(false);
          setLostHandled(true);
          setSignedInAgain(true);
          void queryClient.invalidateQueries({ queryKey: complaintKeys.all(id) });
        }}
        onClose={() => {
          setSignInAgain(false);
          setLostHandled(true);
          setCommentMessage(SIGN_IN_NEEDED_MESSAGE);
        }}
      />
      {loading && (
        // Ten files' rows may be taller than a phone held sideways: the overlay scrolls, and its
        // content is centred only while it fits (safe), never cut at the top.
        <div className="fixed inset-0 z-40 flex flex-col items-center justify-center-safe gap-4 overflow-y-auto bg-white/80 px-6 py-6">
          <LoadingView />
          {progress !== null && (
            <UploadProgress value={progress} files={fileProgress} resuming={resuming} />
          )}
        </div>
      )}
    </>
  );
}
