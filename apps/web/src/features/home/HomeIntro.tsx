import { ofOrganization } from '@canal/shared';
import { useBrand } from '../../lib/brand/BrandProvider';

/** SPEC §1/§2: who runs the channel, under which laws, and that it is not an emergency service. */
export function HomeIntro() {
  const { organization } = useBrand();
  return (
    <div className="space-y-4">
      <p className="text-lg">
        Este canal permite a trabajadores, colaboradores y terceros informar, de forma confidencial,
        hechos que puedan ser contrarios a la ley o a los valores{' '}
        {ofOrganization(organization.nameWithArticle)}. Las denuncias se reciben en el marco de la
        Ley N° 21.643 (Ley Karin), sobre acoso laboral, acoso sexual y violencia en el trabajo; de
        la Ley N° 20.393, sobre responsabilidad penal de las personas jurídicas; y de nuestro Código
        de Ética interno.
      </p>
      <p>
        Puede denunciar de forma anónima, salvo en los casos de acoso laboral, acoso sexual y
        violencia en el trabajo, que requieren identificar a quien denuncia.
      </p>
      <div
        role="note"
        className="flex gap-3 rounded-lg border-l-4 border-complementary bg-light p-4"
      >
        <svg
          aria-hidden="true"
          width="24"
          height="24"
          viewBox="0 0 24 24"
          className="mt-0.5 shrink-0 text-secondary"
        >
          <circle cx="12" cy="12" r="10" fill="none" stroke="currentColor" strokeWidth="2" />
          <path
            d="M12 7v6M12 16.5v.5"
            stroke="currentColor"
            strokeWidth="2.5"
            strokeLinecap="round"
          />
        </svg>
        <p>
          <strong>Este canal no es un servicio de emergencias</strong> y las denuncias no reciben
          una respuesta inmediata. Si usted u otra persona está en peligro, llame a Carabineros
          (133), al SAMU (131) o a Bomberos (132).
        </p>
      </div>
    </div>
  );
}
