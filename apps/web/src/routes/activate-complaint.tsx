import { Banner } from '../components/Banner';
import { Breadcrumb } from '../components/Breadcrumb';
import { Card } from '../components/Card';
import { ActivationForm } from '../features/home/recovery/ActivationForm';
import { usePortalTabTitle } from '../lib/brand/use-tab-title';

/**
 * `/activar-denuncia` (decision 0075, a page the spec does not have): the case number and the
 * activation code of a receipt handed over by staff set the person's password.
 */
export function ActivateComplaintRoute() {
  usePortalTabTitle('Activar denuncia');
  return (
    <>
      <Breadcrumb crumbs={[{ label: 'Activar denuncia' }]} />
      <Banner title="Activar denuncia" />
      <div className="mx-auto max-w-xl px-4 py-8 md:py-10">
        <Card titleId="activar-denuncia" title="Crear su contraseña" className="space-y-5">
          <ActivationForm />
        </Card>
      </div>
    </>
  );
}
