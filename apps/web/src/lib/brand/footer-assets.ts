// The footer's data by organisation (SPEC §2 "Footer by organisation"): its columns, social icons and
// a clinic's link tables. Apart from lib/brand/assets.ts because only the footer reads it and the
// footer, below the fold, loads after the first paint (decision 0026, round 2).
import {
  CALL_CENTRE_NUMBER,
  CLINIC_SITES,
  type ClinicKey,
  type Organization,
  type OrganizationKey,
} from '@canal/shared';
import {
  link,
  patientLinks,
  RESCUE,
  type ClinicLink,
  type ClinicLinkType,
  type OutboundLink,
} from './assets';
import { OUTBOUND_URLS } from './outbound-urls';

export interface FooterColumn {
  title: string;
  links: OutboundLink[];
}

export interface HeadOfficeContact {
  address: string;
  callCentre: string;
  rescue: string;
}

/** SPEC §2 "Footer by organisation"; `kind` always equals Organization.footerKind. */
export type FooterAssets =
  | { kind: 'clinics'; title: string; links: OutboundLink[] }
  | { kind: 'corporate'; columns: FooterColumn[]; headOffice?: HeadOfficeContact };

/** SPEC §2: a clinic's outbound link tables (booking, results, portal login; networks, location, phone). */
export interface ClinicLinkTables {
  services: OutboundLink[];
  contact: ClinicLink[];
}

/** What the footer shows beside the logo (which stays in BrandAssets, with the other logos). */
export interface FooterData {
  footer: FooterAssets;
  /** The three social icons of the footer (a clinic's footer lists its networks in its contact table instead). */
  social: ClinicLink[];
  clinicLinks?: ClinicLinkTables;
}

const social = (type: ClinicLinkType, handle: string, label: string): ClinicLink => ({
  type,
  label,
  url: `${OUTBOUND_URLS.social}/${type}/${handle}`,
});
const socialTrio = (handle: string, third: 'linkedin' | 'youtube'): ClinicLink[] => [
  social('facebook', handle, 'Facebook'),
  social('instagram', handle, 'Instagram'),
  social(third, handle, third === 'linkedin' ? 'LinkedIn' : 'YouTube'),
];

// SPEC §2: the three corporate columns, pointing at the group site.
function corporateFooter(withHeadOffice: boolean): FooterAssets {
  const g = OUTBOUND_URLS.group;
  return {
    kind: 'corporate',
    columns: [
      {
        title: 'Nosotros',
        links: [
          link('Qué es Mutual Andina', g, 'nosotros'),
          link('Transparencia', g, 'transparencia'),
          link('Sostenibilidad', g, 'sostenibilidad'),
          link('Gobierno corporativo', g, 'gobierno-corporativo'),
          { label: 'Sitio de gestión', url: OUTBOUND_URLS.management },
          link('Servicio al cliente', g, 'servicio-al-cliente'),
        ],
      },
      {
        title: 'Te ayudamos',
        links: [
          link('Sedes', g, 'sedes'),
          { label: 'Canal de denuncias', url: '/' },
          link('Canales de atención', g, 'canales-de-atencion'),
          link('Trabaja con nosotros', g, 'trabaja-con-nosotros'),
          link('Servicios transversales de Salud', g, 'servicios-transversales-de-salud'),
        ],
      },
      {
        title: 'Conoce nuestros servicios',
        links: [
          link('Servicios de salud preventiva', g, 'servicios/salud-preventiva'),
          link('Servicios de seguridad preventiva', g, 'servicios/seguridad-preventiva'),
          link('Servicios covid', g, 'servicios/covid'),
          link(
            'Administración de centros de salud',
            g,
            'servicios/administracion-centros-de-salud',
          ),
        ],
      },
    ],
    headOffice: withHeadOffice
      ? {
          address: 'Av. Libertador 1200, Santiago, Región Metropolitana',
          callCentre: CALL_CENTRE_NUMBER,
          rescue: RESCUE.number,
        }
      : undefined,
  };
}

// SPEC §2: clinics and the clinics group show one "Sitios de interés" column with exactly these five.
function clinicsFooter(): FooterAssets {
  const r = OUTBOUND_URLS.sites.rcr;
  return {
    kind: 'clinics',
    title: 'Sitios de interés',
    links: [
      link('Quiénes Somos', r, 'quienes-somos'),
      link('La Red en cifras', r, 'la-red-en-cifras'),
      link('Nuestra red de Clínicas', r, 'nuestra-red'),
      link('Gobierno corporativo', r, 'gobierno-corporativo'),
      link('Contacto', r, 'contacto'),
    ],
  };
}

// Each clinic's social-network handle; its city, address and phones are CLINIC_SITES (shared).
const CLINIC_HANDLES: Record<ClinicKey, string> = {
  'clinica-atacama': 'clinicaatacama',
  'clinica-delsur': 'clinicadelsur',
  'clinica-lircay': 'clinicalircay',
  'clinica-losandes': 'clinicalosandes',
  'clinica-loscohiues': 'clinicaloscoihues',
  'clinica-maitenes': 'clinicamaitenes',
  'clinica-portada': 'clinicaportada',
  'clinica-puertomontt': 'clinicapuertomontt',
};

function clinicFooter(key: ClinicKey): FooterData {
  const c = { ...CLINIC_SITES[key], handle: CLINIC_HANDLES[key] };
  return {
    footer: clinicsFooter(),
    social: socialTrio(c.handle, 'youtube'),
    clinicLinks: {
      services: patientLinks(OUTBOUND_URLS.sites[key]),
      contact: [
        social('facebook', c.handle, 'Facebook'),
        social('instagram', c.handle, 'Instagram'),
        social('twitter', c.handle, 'X (Twitter)'),
        social('youtube', c.handle, 'YouTube'),
        {
          type: 'location',
          label: c.address,
          url: `${OUTBOUND_URLS.maps}?q=${encodeURIComponent(c.address)}`,
        },
        { type: 'phone', label: c.centralDesk, url: `tel:${c.centralDesk.replace(/\s/g, '')}` },
      ],
    },
  };
}

/** The footer's data of an organisation. */
export function footerData(org: Pick<Organization, 'key'>): FooterData {
  const key: OrganizationKey = org.key;
  if (key === 'rcr')
    return { footer: clinicsFooter(), social: socialTrio('redclinicasregionales', 'youtube') };
  if (key in CLINIC_HANDLES) return clinicFooter(key as ClinicKey);
  return {
    footer: corporateFooter(key === 'head-office'),
    social: socialTrio('mutualandina', 'linkedin'),
  };
}
