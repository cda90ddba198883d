import { lazy, Suspense } from 'react';
import { Banner } from '../components/Banner';
import { Breadcrumb } from '../components/Breadcrumb';
import { FollowUpLogin } from '../features/home/FollowUpLogin';
import { HomeIntro } from '../features/home/HomeIntro';
import { NewComplaintCard } from '../features/home/NewComplaintCard';
import { preloadMasterDataRequests } from '../features/complaint-form/load-master-data-requests';

// The documents close the page, below the two blocks (and below the fold on a phone): their list and
// summaries come in their own chunk after the first paint (decision 0026, round 2).
const DocumentsSection = lazy(() =>
  import('../features/documents/DocumentsSection').then((m) => ({ default: m.DocumentsSection })),
);

/** `/` (SPEC §2 "Home"): header, introduction and notice, the two blocks, the documents. */
export function HomeRoute() {
  return (
    <>
      <Breadcrumb />
      <Banner title="Canal de denuncias" />
      <div className="mx-auto flex max-w-6xl flex-col gap-10 px-4 py-8 md:py-10">
        <HomeIntro />
        <div className="grid gap-6 md:grid-cols-2">
          {/* The terms lead to the new-complaint screen: its first requests' code loads with them. */}
          <NewComplaintCard onWarmUp={preloadMasterDataRequests} />
          <FollowUpLogin />
        </div>
        {/* Until the section arrives, its place (nothing on the page below it can move). */}
        <Suspense fallback={<div aria-hidden="true" className="min-h-96" />}>
          <DocumentsSection />
        </Suspense>
      </div>
    </>
  );
}
