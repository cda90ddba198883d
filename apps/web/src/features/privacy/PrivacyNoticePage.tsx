import { useQuery } from '@tanstack/react-query';
import { useEffect, type ReactNode } from 'react';
import type { PrivacyNotice } from '@canal/shared';
import { LoadingView } from '../../components/LoadingView';
import { useApi } from '../../lib/api/ApiProvider';
import { useBrand } from '../../lib/brand/BrandProvider';
import { useFirstScreen } from '../../lib/first-screen';

/** The rights Law 21.719 gives every person, in plain words. */
const RIGHTS: [string, string][] = [
  ['Acceso', 'saber si tenemos datos suyos, cuáles son y qué hacemos con ellos.'],
  ['Rectificación', 'corregir los datos que estén equivocados, incompletos o desactualizados.'],
  [
    'Supresión',
    'pedir que eliminemos sus datos cuando ya no sean necesarios o se hayan tratado sin base legal.',
  ],
  ['Oposición', 'pedir que dejemos de tratar sus datos para un fin determinado.'],
  ['Portabilidad', 'recibir los datos que nos entregó en un archivo que pueda leer un computador.'],
  [
    'Bloqueo',
    'pedir que suspendamos temporalmente el uso de sus datos mientras se revisa una solicitud.',
  ],
];

function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="space-y-3">
      <h2 id={id} className="text-xl font-bold text-secondary">
        {title}
      </h2>
      {children}
    </section>
  );
}

function Contact({ notice }: { notice: PrivacyNotice }) {
  const { contact } = notice;
  if (!contact)
    return (
      <p>
        Mientras la organización publica su contacto de protección de datos, puede escribirnos desde
        este canal: ingrese a su denuncia con su código y contraseña y deje un comentario.
      </p>
    );
  return (
    <dl className="grid gap-x-4 gap-y-1 sm:grid-cols-[auto_1fr]" aria-label="Contacto">
      <dt className="font-semibold">Contacto</dt>
      <dd>{contact.name}</dd>
      <dt className="font-semibold">Correo</dt>
      <dd>
        <a className="text-primary underline" href={`mailto:${contact.email}`}>
          {contact.email}
        </a>
      </dd>
      {contact.address && (
        <>
          <dt className="font-semibold">Dirección</dt>
          <dd>{contact.address}</dd>
        </>
      )}
      {contact.phone && (
        <>
          <dt className="font-semibold">Teléfono</dt>
          <dd>{contact.phone}</dd>
        </>
      )}
    </dl>
  );
}

function NoticeText({ notice }: { notice: PrivacyNotice }) {
  const { organization } = useBrand();
  const years = notice.retentionYears;
  return (
    <div className="space-y-8 leading-relaxed">
      <p>
        Este aviso le explica, en palabras simples, qué hacemos con los datos personales que usted
        entrega en el canal de denuncias de {organization.shortName}, conforme a la Ley N° 21.719
        sobre protección de datos personales.
      </p>

      <Section id="responsable" title="Quién es responsable de sus datos">
        <p>
          El responsable es <strong>{organization.shortName}</strong>. Para cualquier consulta sobre
          sus datos personales o para ejercer sus derechos, escriba a:
        </p>
        <Contact notice={notice} />
      </Section>

      <Section id="finalidad" title="Para qué usamos sus datos y con qué base legal">
        <p>
          Usamos sus datos solo para recibir, investigar y resolver su denuncia, comunicarnos con
          usted sobre ella y adoptar las medidas que correspondan. Lo hacemos porque la ley nos
          obliga:
        </p>
        <ul className="list-disc space-y-1 pl-6">
          <li>
            la Ley N° 21.643 (Ley Karin) y su reglamento, el Decreto Supremo N° 21 de 2024, para las
            denuncias de acoso laboral, acoso sexual y violencia en el trabajo;
          </li>
          <li>
            la Ley N° 20.393, sobre el modelo de prevención de delitos, para las denuncias de
            delitos;
          </li>
          <li>
            el código de ética y el reglamento interno de {organization.shortName}, para las demás
            denuncias.
          </li>
        </ul>
        <p>
          Las denuncias suelen contener datos sensibles (por ejemplo, de salud o de vida sexual).
          Los protegemos con cifrado y solo los ven las personas autorizadas para investigar. Si no
          es de la Ley Karin, usted puede denunciar sin identificarse.
        </p>
      </Section>

      <Section id="destinatarios" title="Quién puede recibir sus datos">
        <p>
          Solo las personas que investigan su denuncia. Fuera de la organización, sus datos pueden
          llegar únicamente a quienes la ley indica:
        </p>
        <ul className="list-disc space-y-1 pl-6">
          <li>
            la Dirección del Trabajo, cuando la denuncia se le deriva o se le envía la
            investigación;
          </li>
          <li>
            los tribunales de justicia y el Ministerio Público, cuando lo ordenan o los hechos
            pueden ser un delito;
          </li>
          <li>
            la mutualidad del seguro de la Ley N° 16.744, que recibe cada seis meses cifras sin
            nombres.
          </li>
        </ul>
        <p>No vendemos ni entregamos sus datos a nadie más.</p>
      </Section>

      <Section id="conservacion" title="Por cuánto tiempo guardamos sus datos">
        <p>
          Mientras se tramita su denuncia y durante{' '}
          <strong>
            {years} {years === 1 ? 'año' : 'años'}
          </strong>{' '}
          después de su cierre. Luego los eliminamos: solo queda un registro sin datos personales
          (número de caso, tipo y fechas) para las estadísticas que exige la ley. Si un juicio o una
          fiscalización lo requiere, los guardamos mientras dure.
        </p>
      </Section>

      <Section id="derechos" title="Sus derechos">
        <p>Sobre sus datos personales, usted tiene derecho a:</p>
        <dl className="space-y-2">
          {RIGHTS.map(([name, what]) => (
            <div key={name}>
              <dt className="inline font-semibold">{name}: </dt>
              <dd className="inline">{what}</dd>
            </div>
          ))}
        </dl>
      </Section>

      <Section id="como-ejercer" title="Cómo ejercer sus derechos">
        <p>
          Escriba al contacto indicado arriba o, si hizo una denuncia, ingrese a ella con su código
          y contraseña y deje un comentario. No tiene costo. Le responderemos dentro de 30 días
          corridos; si necesitamos más tiempo, le avisaremos una sola vez y le diremos por qué. Si
          la ley nos obliga a conservar algún dato, se lo explicaremos en la respuesta.
        </p>
      </Section>

      <Section id="reclamo" title="Si no queda conforme">
        <p>
          Puede reclamar ante la <strong>Agencia de Protección de Datos Personales</strong>, la
          autoridad que fiscaliza el cumplimiento de la Ley N° 21.719.
        </p>
      </Section>
    </div>
  );
}

/**
 * The organisation's privacy notice (Law 21.719's information duty), with its own settings. A page
 * the server rendered (decision 0078) opens with the settings it was rendered with, without asking
 * again; the next visit asks the API (the query is dropped when the page goes, gcTime 0).
 */
export function PrivacyNoticePage() {
  const api = useApi();
  const firstScreen = useFirstScreen();
  const served = firstScreen.privacyNotice;
  useEffect(() => firstScreen.taken(), [firstScreen]);
  const notice = useQuery({
    queryKey: ['aviso-privacidad'],
    queryFn: api.privacyNotice,
    ...(served && { initialData: served, refetchOnMount: false }),
  });
  if (notice.isPending) return <LoadingView />;
  if (notice.isError)
    return (
      <p role="alert">
        No pudimos cargar el aviso de privacidad. Revise su conexión e intente nuevamente.
      </p>
    );
  return <NoticeText notice={notice.data} />;
}
