import { useParams } from 'react-router';
import { Banner } from '../components/Banner';
import { Breadcrumb } from '../components/Breadcrumb';
import { ResetPasswordForm } from '../features/recovery/ResetPasswordForm';

/** `/restablecer-contrasena/{token}` (DESIGN §5): the page the password-recovery e-mail links to. */
export function ResetPasswordRoute() {
  const { token = '' } = useParams();
  return (
    <>
      <Breadcrumb crumbs={[{ label: 'Restablecer contraseña' }]} />
      <Banner title="Restablecer contraseña" />
      <div className="mx-auto max-w-xl px-4 py-8 md:py-10">
        <section aria-labelledby="nueva-contrasena" className="space-y-5 rounded-lg border border-gray-200 bg-white p-5 shadow-sm md:p-6">
          <h2 id="nueva-contrasena" className="text-xl font-bold text-secondary md:text-2xl">
            Crear nueva contraseña
          </h2>
          <ResetPasswordForm token={token} />
        </section>
      </div>
    </>
  );
}
