import type { ComplaintDetail } from '@canal/shared';
import { lazy, memo, Suspense, useDeferredValue, useEffect, useState } from 'react';
import { Navigate, useNavigate } from 'react-router';
import { paths } from '../../config/paths';
import { AfterPaint } from '../../components/AfterPaint';
import { Banner } from '../../components/Banner';
import { Breadcrumb } from '../../components/Breadcrumb';
import { Button } from '../../components/Button';
import { LoadingView } from '../../components/LoadingView';
import { DownloadSummaryButton } from './pdf-summary/DownloadSummaryButton';
import { ComplainantBlock, ComplaintBlock, FilesBlock, LogBlock } from './DetailBlocks';
import {
  isSessionExpired,
  useCanLoadComplaint,
  useComplaintDetail,
  useComplaintFiles,
  useSignOut,
} from './queries';
import { SummaryBlock } from './SummaryBlock';
import type { DetailFile } from './types';

// Issue 26: what the person reads (the summary, the log, the files) is on the screen before the
// code of what they can do there (the forms, their schemas and dialogs) is fetched and run.
const DetailActions = lazy(() => import('./DetailActions'));

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
        <AfterPaint fallback={<LoadingView />}>
          <Suspense fallback={<LoadingView />}>
            <DetailActions
              id={id}
              detail={detail}
              fetching={fetching}
              sessionLost={sessionLost}
              leaving={leaving}
              onLeave={() => void leave()}
            />
          </Suspense>
        </AfterPaint>
      </div>
    </>
  );
});
