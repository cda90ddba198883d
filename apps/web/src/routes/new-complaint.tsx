import { useLocation, useNavigate } from 'react-router';
import { Banner } from '../components/Banner';
import { Breadcrumb } from '../components/Breadcrumb';
import { paths, TERMS_ACCEPTED } from '../config/paths';
import { NewComplaintWizard } from '../features/complaint-form/NewComplaintWizard';
// A static import, not on demand: opened directly, the page shows the dialog as soon as it
// hydrates, so its chunk (the home page's, with Radix's dialog) downloads beside the route's
// instead of one round trip later (issue 26: it is that page's largest paint).
import { TermsDialog } from '../features/home/TermsDialog';
import { usePortalTabTitle } from '../lib/brand/use-tab-title';

const termsAccepted = (state: unknown): boolean =>
  (state as Partial<typeof TERMS_ACCEPTED> | null)?.terminos === true;

/**
 * /ingresar-denuncia (SPEC §2 "New complaint"); errors here send the visitor home (router).
 * The terms are accepted on the way here, on the home page; opened directly (a typed or saved
 * address), the page asks for them first, in the same dialog (issue 22): "Aceptar" keeps the
 * acceptance in this history entry, "Cancelar" goes to the home page. That dialog is written by the
 * server with the page (Modal's `inPlace`, decision 0078), so it is painted with the first paint.
 */
export function NewComplaintRoute() {
  usePortalTabTitle('Ingresar denuncia');
  const location = useLocation();
  const navigate = useNavigate();
  const accepted = termsAccepted(location.state);
  return (
    <>
      <Breadcrumb crumbs={[{ label: 'Ingresar denuncia' }]} />
      <Banner title="Ingresar denuncia" />
      <NewComplaintWizard />
      {!accepted && (
        <TermsDialog
          // In the server's HTML: the terms are this first screen's largest text (issue 26).
          inPlace
          open
          onClose={() => void navigate(paths.home(), { replace: true })}
          onAccept={() =>
            void navigate(location.pathname + location.search, {
              replace: true,
              state: { ...((location.state ?? {}) as object), ...TERMS_ACCEPTED },
            })
          }
        />
      )}
    </>
  );
}
