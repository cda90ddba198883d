import { Banner } from '../components/Banner';
import { Breadcrumb } from '../components/Breadcrumb';
import { DocumentsSection } from '../features/documents/DocumentsSection';
import { FollowUpLogin } from '../features/home/FollowUpLogin';
import { HomeIntro } from '../features/home/HomeIntro';
import { NewComplaintCard } from '../features/home/NewComplaintCard';

/** `/` (SPEC §2 "Home"): header, introduction and notice, the two blocks, the documents. */
export function HomeRoute() {
  return (
    <>
      <Breadcrumb />
      <Banner title="Canal de denuncias" />
      <div className="mx-auto flex max-w-6xl flex-col gap-10 px-4 py-8 md:py-10">
        <HomeIntro />
        <div className="grid gap-6 md:grid-cols-2">
          <NewComplaintCard />
          <FollowUpLogin />
        </div>
        <DocumentsSection />
      </div>
    </>
  );
}
