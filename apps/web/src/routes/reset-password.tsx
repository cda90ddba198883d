import { useParams } from 'react-router';
import { Banner } from '../components/Banner';
import { Breadcrumb } from '../components/Breadcrumb';
import { Card } from '../components/Card';
import { ResetPasswordForm } from '../features/home/recovery/ResetPasswordForm';
import { usePortalTabTitle } from '../lib/brand/use-tab-title';

/** `/restablecer-contrasena/{token}` (DESIGN §5): the page the password-recovery e-mail links to. */
export function ResetPasswordRoute() {
  usePortalTabTitle('Restablecer contraseña');
  const { token = '' } = useParams();
  return (
    <>
      <Breadcrumb crumbs={[{ label: 'Restablecer contraseña' }]} />
      <Banner title="Restablecer contraseña" />
      <div className="mx-auto max-w-xl px-4 py-8 md:py-10">
        <Card titleId="nueva-contrasena" title="Crear nueva contraseña" className="space-y-5">
          <ResetPasswordForm token={token} />
        </Card>
      </div>
    </>
  );
}
