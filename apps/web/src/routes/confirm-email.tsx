import { useParams } from 'react-router';
import { Banner } from '../components/Banner';
import { Breadcrumb } from '../components/Breadcrumb';
import { Card } from '../components/Card';
import { ConfirmEmail } from '../features/follow-up/ConfirmEmail';
import { usePortalTabTitle } from '../lib/brand/use-tab-title';

/** `/confirmar-correo/{token}`: the page the link mailed to a new contact address opens. */
export function ConfirmEmailRoute() {
  usePortalTabTitle('Confirmar correo de contacto');
  const { token = '' } = useParams();
  return (
    <>
      <Breadcrumb crumbs={[{ label: 'Confirmar correo de contacto' }]} />
      <Banner title="Confirmar correo de contacto" />
      <div className="mx-auto max-w-xl px-4 py-8 md:py-10">
        <Card titleId="confirmar-correo" title="Nuevo correo de contacto" className="space-y-5">
          <ConfirmEmail token={token} />
        </Card>
      </div>
    </>
  );
}
