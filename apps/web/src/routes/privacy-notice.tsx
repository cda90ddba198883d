import { Banner } from '../components/Banner';
import { Breadcrumb } from '../components/Breadcrumb';
import { PrivacyNoticePage } from '../features/privacy/PrivacyNoticePage';
import { usePortalTabTitle } from '../lib/brand/use-tab-title';

const TITLE = 'Aviso de privacidad';

/** `/aviso-de-privacidad` (Law 21.719): the organisation's privacy notice, linked from every footer. */
export function PrivacyNoticeRoute() {
  usePortalTabTitle(TITLE);
  return (
    <>
      <Breadcrumb crumbs={[{ label: TITLE }]} />
      <Banner title={TITLE} />
      <div className="mx-auto max-w-3xl px-4 py-8 md:py-10">
        <PrivacyNoticePage />
      </div>
    </>
  );
}
