import { useId, useState, type ComponentType } from 'react';
import { paths } from '../../config/paths';
import { useBrand } from '../../lib/brand/BrandProvider';
import { useBrandAssets, type OutboundLink } from '../../lib/brand/assets';
import {
  footerData,
  type ClinicLinkTables,
  type FooterAssets,
  type FooterColumn,
  type FooterData,
} from '../../lib/brand/footer-assets';
import { LinkIcon } from './footer-icons';
import { Chevron } from './icons';
import { LinkItems } from './LinkItems';
import { telHref } from './PhoneLines';

const HEADING = 'text-base font-bold';
const LINK = 'hover:underline';

function LinkList({
  links,
  id,
  className = '',
}: {
  links: readonly OutboundLink[];
  id?: string;
  className?: string;
}) {
  return (
    <ul id={id} className={`mt-3 space-y-2 text-sm ${className}`}>
      <LinkItems links={links} className={LINK} />
    </ul>
  );
}

/** SPEC §2: on small screens a corporate column is collapsed and its title toggles it. */
function CollapsibleColumn({ column }: { column: FooterColumn }) {
  const [open, setOpen] = useState(false);
  const id = useId();
  return (
    <div>
      <h2 className={`${HEADING} hidden md:block`}>{column.title}</h2>
      <h2 className={`${HEADING} md:hidden`}>
        <button
          type="button"
          aria-expanded={open}
          aria-controls={id}
          onClick={() => setOpen(!open)}
          className="flex w-full items-center justify-between border-b border-white/25 py-2 text-left"
        >
          {column.title}
          <Chevron open={open} />
        </button>
      </h2>
      <LinkList id={id} links={column.links} className={open ? '' : 'max-md:hidden'} />
    </div>
  );
}

function CorporateBody({ footer }: { footer: Extract<FooterAssets, { kind: 'corporate' }> }) {
  return (
    <div className="grid w-full gap-4 md:grid-cols-3 md:gap-8 lg:grid-cols-4">
      {footer.columns.map((column) => (
        <CollapsibleColumn key={column.title} column={column} />
      ))}
      {footer.headOffice && (
        <div className="max-md:pt-4">
          <h2 className={HEADING}>Casa central</h2>
          <address className="mt-3 space-y-2 text-sm not-italic">
            <p>{footer.headOffice.address}</p>
            <p>
              Call center:{' '}
              <a className={`${LINK} font-semibold`} href={telHref(footer.headOffice.callCentre)}>
                {footer.headOffice.callCentre}
              </a>
            </p>
            <p>
              Solicitar rescate:{' '}
              <a className={`${LINK} font-semibold`} href={telHref(footer.headOffice.rescue)}>
                {footer.headOffice.rescue}
              </a>
            </p>
          </address>
        </div>
      )}
    </div>
  );
}

function ClinicsBody({ footer }: { footer: Extract<FooterAssets, { kind: 'clinics' }> }) {
  return (
    <div>
      <h2 className={HEADING}>{footer.title}</h2>
      <LinkList links={footer.links} />
    </div>
  );
}

// The footer body by kind (SPEC §2 "Footer by organisation"), chosen by data.
const BODIES: {
  [K in FooterAssets['kind']]: ComponentType<{ footer: Extract<FooterAssets, { kind: K }> }>;
} = {
  corporate: CorporateBody,
  clinics: ClinicsBody,
};

function FooterBody({ footer }: { footer: FooterAssets }) {
  const Body = BODIES[footer.kind] as ComponentType<{ footer: FooterAssets }>;
  return <Body footer={footer} />;
}

/** SPEC §2: a clinic's outbound link tables, online services and contact. */
function ClinicTables({ tables }: { tables: ClinicLinkTables }) {
  return (
    <div className="contents" data-testid="clinic-links">
      <div>
        <h2 className={HEADING}>Servicios en línea</h2>
        <LinkList links={tables.services} />
      </div>
      <div>
        <h2 className={HEADING}>Contacto</h2>
        <ul className="mt-3 space-y-2 text-sm">
          {tables.contact.map((entry) => (
            <li key={entry.url}>
              <a href={entry.url} className={`${LINK} inline-flex items-center gap-2`}>
                <LinkIcon type={entry.type} className="h-4 w-4" />
                {entry.label}
              </a>
            </li>
          ))}
        </ul>
      </div>
    </div>
  );
}

function Social({ links }: { links: FooterData['social'] }) {
  return (
    <ul className="flex gap-3" aria-label="Redes sociales">
      {links.map((entry) => (
        <li key={entry.type}>
          <a
            href={entry.url}
            aria-label={entry.label}
            className="flex h-10 w-10 items-center justify-center rounded-full bg-white/10 hover:bg-white/25"
          >
            <LinkIcon type={entry.type} />
          </a>
        </li>
      ))}
    </ul>
  );
}

/**
 * SPEC §2 footer: the organisation's links by footer kind, a copyright line and three social icons.
 * Its own chunk, with its data (RootLayout loads it lazily: below the fold, decision 0026).
 */
export function Footer() {
  const { organization } = useBrand();
  const assets = useBrandAssets();
  const { footerLogo } = assets;
  const data = footerData(organization);
  return (
    <footer className="bg-secondary text-white">
      <div className="mx-auto grid w-full max-w-6xl gap-8 px-4 py-10 lg:grid-cols-[auto_1fr]">
        <a href={assets.siteUrl} className="self-start rounded">
          <img
            src={footerLogo.url}
            alt={assets.logoAlt}
            width={footerLogo.width}
            height={footerLogo.height}
          />
        </a>
        <div className="flex flex-wrap gap-x-16 gap-y-8">
          <FooterBody footer={data.footer} />
          {data.clinicLinks && <ClinicTables tables={data.clinicLinks} />}
        </div>
      </div>
      <div className="border-t border-white/20">
        <div className="mx-auto flex w-full max-w-6xl flex-col-reverse items-center justify-between gap-4 px-4 py-5 text-sm sm:flex-row">
          <div className="flex flex-col items-center gap-2 sm:flex-row sm:gap-6">
            <p>
              © {new Date().getFullYear()} {organization.shortName}. Todos los derechos reservados.
            </p>
            {/* Law 21.719's information duty: the notice from every page. */}
            <a href={paths.privacyNotice()} className={`${LINK} font-semibold underline`}>
              Aviso de privacidad
            </a>
          </div>
          {/* A clinic's contact table already lists its networks: not twice (issue 12). */}
          {!data.clinicLinks && <Social links={data.social} />}
        </div>
      </div>
    </footer>
  );
}
