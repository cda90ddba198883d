import { Banner } from '../components/Banner';
import { Breadcrumb } from '../components/Breadcrumb';
import { VerifyDocumentPage } from '../features/verify/VerifyDocumentPage';
import { usePortalTabTitle } from '../lib/brand/use-tab-title';

const TITLE = 'Verificar documento';

/** `/verificar-documento` (issue 20): the address printed on every sealed summary. */
export function VerifyDocumentRoute() {
  usePortalTabTitle(TITLE);
  return (
    <>
      <Breadcrumb crumbs={[{ label: TITLE }]} />
      <Banner title={TITLE} />
      <div className="mx-auto max-w-3xl px-4 py-8 md:py-10">
        <VerifyDocumentPage />
      </div>
    </>
  );
}
