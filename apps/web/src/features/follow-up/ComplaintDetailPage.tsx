import { zodResolver } from '@hookform/resolvers/zod';
import {
  detailCommentSchema,
  MESSAGES,
  STATUS_CLOSED,
  type ComplaintDetail,
  type DetailCommentValues,
} from '@canal/shared';
import { memo, useDeferredValue, useEffect, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useForm, useWatch } from 'react-hook-form';
import { Navigate, useNavigate } from 'react-router';
import { paths } from '../../config/paths';
import { Banner } from '../../components/Banner';
import { Breadcrumb } from '../../components/Breadcrumb';
import { Button } from '../../components/Button';
import { LoadingView } from '../../components/LoadingView';
import { UploadProgress } from '../../components/UploadProgress';
import { DownloadSummaryButton } from './pdf-summary/DownloadSummaryButton';
import { AddCommentBlock } from './AddCommentBlock';
import { ComplainantBlock, ComplaintBlock, FilesBlock, LogBlock } from './DetailBlocks';
import {
  complaintKeys,
  useCanLoadComplaint,
  useComplaintDetail,
  useComplaintFiles,
  useSignOut,
} from './queries';
import { ReplacementRequestBlock } from './ReplacementRequestBlock';
import { RetaliationBlock } from './RetaliationBlock';
import { SummaryBlock } from './SummaryBlock';
import { MyDataBlock } from './MyDataBlock';
import { RightsNotice } from './RightsNotice';
import { isAnonymous, isSaveDisabled, isUploadEnabled } from './rules';
import type { DetailFile } from './types';
import { SignInAgainDialog } from './SignInAgainDialog';
import { TranscriptBlock } from './TranscriptBlock';
import { isSessionExpired, useSaveChanges } from './useSaveChanges';

/** What the page says once a comment (or files) reached the team (issue 22). */
export const COMMENT_SENT_MESSAGE = 'Comentario enviado';
export const FILES_SENT_MESSAGE = 'Archivos enviados';

/** The sign-in dialog was closed without signing in: how to save what was typed. */
export const SIGN_IN_NEEDED_MESSAGE =
  'Su sesión expiró. Para guardar lo que escribió, presione «Guardar cambios» e ingrese nuevamente con su código y contraseña.';

/**
 * /detalle-denuncia/{id}, "Resumen denuncia" (SPEC §2). A complaint that cannot be loaded, for
 * whatever reason (no session, another ticket, a network failure), sends the person to the home
 * page; so does an {id} that is missing or not a number, before anything can be saved.
 */
export function ComplaintDetailPage({ id }: { id: number | null }) {
  const canLoad = useCanLoadComplaint(id);
  const detailQuery = useComplaintDetail(id);
  const filesQuery = useComplaintFiles(id, detailQuery.isSuccess);
  // Issue 26: an answer arriving re-renders the page at once (the queries' store updates are
  // synchronous), and the whole complaint with its long log took one task of up to a second on a
  // phone. The page shows what it already showed for that moment (the loading view; the same
  // content, DetailContent being memoised) and renders the new answer as a transition React cuts
  // into short slices.
  const detail = useDeferredValue(detailQuery.data);
  const files = useDeferredValue(filesQuery.data ?? NO_FILES);
  const filesLoading = useDeferredValue(filesQuery.isPending && filesQuery.fetchStatus !== 'idle');
  const filesFailed = useDeferredValue(filesQuery.isError);
  const fetching = useDeferredValue(detailQuery.isFetching);
  const sessionLost = useDeferredValue(isSessionExpired(detailQuery.error));

  useEffect(() => {
    window.scrollTo(0, 0);
  }, [id]);

  // The server writes the frame and this loading view (decision 0078): the complaint is read with
  // the tab's session, in the browser.
  if (import.meta.env.SSR) return <LoadingView page />;
  // A failed reload of a page already shown keeps the page (and what is being typed there). The
  // loading view stays while it goes: the page the server wrote is hydrated as it is.
  if (id === null || !canLoad || (detailQuery.isError && !detailQuery.data))
    return (
      <>
        <LoadingView page />
        <Navigate to={paths.home()} replace />
      </>
    );
  if (!detail) return <LoadingView page />;

  return (
    <DetailContent
      id={id}
      detail={detail}
      files={files}
      filesLoading={filesLoading}
      filesFailed={filesFailed}
      fetching={fetching}
      sessionLost={sessionLost}
    />
  );
}

/** No files (yet): one array, so that the memoised content sees the same props. */
const NO_FILES: DetailFile[] = [];

interface DetailContentProps {
  id: number;
  detail: ComplaintDetail;
  files: DetailFile[];
  filesLoading: boolean;
  filesFailed: boolean;
  fetching: boolean;
  /** A reload of the complaint was refused: the session ended. */
  sessionLost: boolean;
}

const DetailContent = memo(function DetailContent({
  id,
  detail,
  files,
  filesLoading,
  filesFailed,
  fetching,
  sessionLost,
}: DetailContentProps) {
  const navigate = useNavigate();
  const signOut = useSignOut();
  const [leaving, setLeaving] = useState(false);
  // "Salir" and "Volver al inicio" both sign out: on a shared computer nothing of the complaint
  // stays reachable (the detail route sends a tab without a token home).
  async function leave() {
    setLeaving(true);
    await signOut();
    void navigate(paths.home(), { replace: true });
  }
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
      <Breadcrumb crumbs={[{ label: 'Resumen denuncia' }]} />
      {/* SPEC §2: the banner, with its decorative images, is part of the frame of every page. */}
      <Banner title="Resumen denuncia" />
      <div className="mx-auto flex w-full max-w-6xl flex-col gap-6 px-4 pt-6 pb-12">
        <header className="flex flex-wrap items-start justify-between gap-3">
          <div className="flex flex-col gap-1">
            <p className="text-gray-700">
              Código de denuncia: <span className="font-semibold">{detail.code}</span>
            </p>
          </div>
          <Button variant="secondary" disabled={leaving} onClick={() => void leave()}>
            Salir
          </Button>
        </header>
        <SummaryBlock detail={detail} />
        <ComplainantBlock
          detail={detail}
          action={<DownloadSummaryButton detail={detail} files={files} />}
        />
        <ComplaintBlock detail={detail} />
        <FilesBlock files={files} loading={filesLoading} failed={filesFailed} />
        <LogBlock entries={detail.binnacle} teamRead={detail.teamRead} />
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
            <Button variant="secondary" disabled={leaving} onClick={() => void leave()}>
              Volver al inicio
            </Button>
            <Button type="submit" disabled={saveDisabled}>
              Guardar cambios
            </Button>
          </div>
        </form>
        <ReplacementRequestBlock
          id={id}
          status={detail.status}
          pending={detail.replacementRequest}
        />
        <RetaliationBlock id={id} status={detail.status} />
        <MyDataBlock id={id} detail={detail} />
        <RightsNotice />
      </div>
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
});
