import { Banner } from '../components/Banner';
import { Breadcrumb } from '../components/Breadcrumb';
import { NewComplaintWizard } from '../features/complaint-form/NewComplaintWizard';

/** /ingresar-denuncia (SPEC §2 "New complaint"); errors here send the visitor home (router). */
export function NewComplaintRoute() {
  return (
    <>
      <Breadcrumb crumbs={[{ label: 'Ingresar denuncia' }]} />
      <Banner title="Ingresar denuncia" />
      <NewComplaintWizard />
    </>
  );
}
