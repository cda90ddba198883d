// Brand = data (STYLE "What we take" 5): everything the frame shows that differs by organisation
// lives here, keyed by Organization.key. Components read these fields and never ask which brand
// they are drawing. Outbound addresses come from OUTBOUND_URLS so a deployment changes them once.
import {
  CALL_CENTRE_NUMBER,
  CLINIC_PHONES,
  type ClinicKey,
  type Organization,
  type OrganizationKey,
  type ThemeName,
} from '@canal/shared';
import { useBrand } from './brand-context';
import { OUTBOUND_URLS } from './outbound-urls';
import type { RasterLogo } from './raster-logo';

/** SPEC §3 "Branding": header logo; the mobile sizes apply below the desktop breakpoint. */
export interface HeaderLogo {
  url: string;
  height?: number;
  width?: number;
  mobileHeight?: number;
  mobileWidth?: number;
}

/** A logo drawn at a fixed size (footer; PDF header). */
export interface SizedLogo {
  url: string;
  height: number;
  width: number;
}

/** SPEC §3 "Navigation item". A `separator` item carries no link: it starts a new dropdown column. */
export interface NavigationItem {
  label: string;
  url?: string;
  subItems?: NavigationItem[];
  separator?: boolean;
  /** The item opens a second-level flyout with its subItems. */
  subMenu?: boolean;
}

export interface OutboundLink {
  label: string;
  url: string;
}

export type ClinicLinkType =
  'facebook' | 'instagram' | 'linkedin' | 'location' | 'phone' | 'twitter' | 'youtube';

/** SPEC §3 "Clinic link". */
export interface ClinicLink extends OutboundLink {
  type: ClinicLinkType;
}

export type PhoneLineKind = 'callCentre' | 'rescue' | 'centralDesk' | 'appointments';

export interface PhoneLine {
  kind: PhoneLineKind;
  label: string;
  /** As printed, e.g. "600 000 2400". */
  number: string;
}

/**
 * The "INGRESA" dropdown: a popup about the virtual portal (its entry's title here, its content in
 * virtual-portal.ts, loaded with the popup) and a link to the management site.
 */
export interface IngresaMenu {
  portal: {
    /** Label of the dropdown entry and title of the popup. */
    title: string;
  };
  management: OutboundLink;
}

export interface BrandAssets {
  /** Where the logo leads: the organisation's public site. */
  siteUrl: string;
  /** Alternative text of the logos. */
  logoAlt: string;
  headerLogo: HeaderLogo;
  footerLogo: SizedLogo;
  /** SVG; the PDF generator takes a PNG from pdfLogoPng(). */
  pdfLogo: SizedLogo;
  favicon: string;
  menu: NavigationItem[];
  phones: PhoneLine[];
  ingresa?: IngresaMenu;
  /** A clinic's patient shortcuts in the header band (also the footer's "Servicios en línea"). */
  patientLinks?: OutboundLink[];
}

export const FAVICONS: Readonly<Record<ThemeName, string>> = {
  salud: '/brand/favicon-salud.svg',
  seguro: '/brand/favicon-seguro.svg',
  servicios: '/brand/favicon-servicios.svg',
};

// Drawn widths at 48 px height of the wordmarks in public/brand: the header (colour) and footer
// (white) ones; the head office's footer mark is its compact 97 × 48 one (SPEC §3).
const LOGO_WIDTHS: Record<OrganizationKey, { header: number; footer: number }> = {
  'head-office': { header: 186, footer: 97 },
  cem: { header: 186, footer: 186 },
  services: { header: 133, footer: 133 },
  otec: { header: 156, footer: 156 },
  rcr: { header: 205, footer: 205 },
  'clinica-atacama': { header: 129, footer: 129 },
  'clinica-delsur': { header: 129, footer: 129 },
  'clinica-lircay': { header: 129, footer: 129 },
  'clinica-losandes': { header: 133, footer: 133 },
  'clinica-loscohiues': { header: 148, footer: 148 },
  'clinica-maitenes': { header: 129, footer: 129 },
  'clinica-portada': { header: 129, footer: 129 },
  'clinica-puertomontt': { header: 156, footer: 156 },
};

const MOBILE_LOGO_HEIGHT = 36;
const LOGO_HEIGHT = 48;

const SEPARATOR: NavigationItem = { label: '', separator: true };
const CALL_CENTRE: PhoneLine = {
  kind: 'callCentre',
  label: 'Call center',
  number: CALL_CENTRE_NUMBER,
};
export const RESCUE: PhoneLine = { kind: 'rescue', label: 'Rescate', number: '*2000' };

const at = (base: string, path: string) => `${base}/${path}`;
export const link = (label: string, base: string, path: string): OutboundLink => ({
  label,
  url: at(base, path),
});
// SPEC §2: a clinic's patient shortcuts, first in its "Pacientes" menu and in the header band.
export const patientLinks = (s: string): OutboundLink[] => [
  link('Reserva de horas', s, 'reserva'),
  link('Resultados de exámenes', s, 'resultados'),
  link('Portal pacientes', s, 'portal'),
];

/** What every organisation's assets start with: its site, name, logos, favicon and menu. */
function siteBasics(
  key: OrganizationKey,
  name: string,
  favicon: string,
  menu: (siteUrl: string) => NavigationItem[],
) {
  const s = OUTBOUND_URLS.sites[key];
  return { siteUrl: s, logoAlt: name, ...logos(key), favicon, menu: menu(s) };
}

function logos(key: OrganizationKey): Pick<BrandAssets, 'headerLogo' | 'footerLogo' | 'pdfLogo'> {
  const { header, footer } = LOGO_WIDTHS[key];
  const url = `/brand/${key}.svg`;
  return {
    headerLogo: {
      url,
      height: LOGO_HEIGHT,
      width: header,
      mobileHeight: MOBILE_LOGO_HEIGHT,
      mobileWidth: Math.round((header * MOBILE_LOGO_HEIGHT) / LOGO_HEIGHT),
    },
    footerLogo: { url: `/brand/${key}-footer.svg`, height: 48, width: footer },
    pdfLogo: { url, height: LOGO_HEIGHT, width: header },
  };
}

const INGRESA: IngresaMenu = {
  portal: { title: 'Sucursal Virtual' },
  management: { label: 'Sitio de gestión', url: OUTBOUND_URLS.management },
};

function headOfficeMenu(s: string): NavigationItem[] {
  return [
    {
      label: 'Trabajadores',
      subItems: [
        link('Accidentes del trabajo', s, 'trabajadores/accidentes'),
        link('Enfermedades profesionales', s, 'trabajadores/enfermedades'),
        link('Licencias médicas', s, 'trabajadores/licencias'),
        SEPARATOR,
        {
          label: 'Prestaciones económicas',
          subMenu: true,
          subItems: [
            link('Subsidios', s, 'trabajadores/subsidios'),
            link('Indemnizaciones', s, 'trabajadores/indemnizaciones'),
            link('Pensiones', s, 'trabajadores/pensiones'),
          ],
        },
        link('Rehabilitación', s, 'trabajadores/rehabilitacion'),
        SEPARATOR,
        link('Sedes y horarios', s, 'sedes'),
        link('Preguntas frecuentes', s, 'preguntas-frecuentes'),
      ],
    },
    {
      label: 'Empresas',
      subItems: [
        link('Adhesión', s, 'empresas/adhesion'),
        link('Cotizaciones', s, 'empresas/cotizaciones'),
        link('Certificados', s, 'empresas/certificados'),
        SEPARATOR,
        {
          label: 'Asesoría en prevención',
          subMenu: true,
          subItems: [
            link('Planes de prevención', s, 'empresas/planes'),
            link('Comités paritarios', s, 'empresas/comites-paritarios'),
            link('Capacitación', s, 'empresas/capacitacion'),
          ],
        },
      ],
    },
    {
      label: 'Prevención',
      subItems: [
        link('Cursos y capacitación', s, 'prevencion/cursos'),
        link('Campañas', s, 'prevencion/campanas'),
        link('Biblioteca preventiva', s, 'prevencion/biblioteca'),
      ],
    },
    {
      label: 'Salud',
      subItems: [
        link('Red de atención', s, 'salud/red'),
        { label: 'Centro Médico Andino', url: OUTBOUND_URLS.sites.cem },
        { label: 'Red de Clínicas Regionales', url: OUTBOUND_URLS.sites.rcr },
      ],
    },
    link('Nosotros', s, 'nosotros'),
  ];
}

function cemMenu(s: string): NavigationItem[] {
  return [
    {
      label: 'Especialidades',
      subItems: [
        link('Medicina general', s, 'especialidades/medicina-general'),
        link('Traumatología', s, 'especialidades/traumatologia'),
        link('Kinesiología', s, 'especialidades/kinesiologia'),
        SEPARATOR,
        link('Salud mental', s, 'especialidades/salud-mental'),
        link('Medicina del trabajo', s, 'especialidades/medicina-del-trabajo'),
      ],
    },
    {
      label: 'Exámenes',
      subItems: [
        link('Exámenes preocupacionales', s, 'examenes/preocupacionales'),
        link('Laboratorio', s, 'examenes/laboratorio'),
        link('Imagenología', s, 'examenes/imagenologia'),
      ],
    },
    link('Agende su hora', s, 'agenda'),
    link('Nosotros', s, 'nosotros'),
  ];
}

function servicesMenu(s: string): NavigationItem[] {
  return [
    {
      label: 'Servicios',
      subItems: [
        link('Salud preventiva', s, 'salud-preventiva'),
        link('Seguridad preventiva', s, 'seguridad-preventiva'),
        SEPARATOR,
        link('Servicios covid', s, 'covid'),
        link('Administración de centros de salud', s, 'centros-de-salud'),
      ],
    },
    link('Nosotros', s, 'nosotros'),
    link('Contacto', s, 'contacto'),
  ];
}

function otecMenu(s: string): NavigationItem[] {
  return [
    {
      label: 'Cursos',
      subItems: [
        link('Prevención de riesgos', s, 'cursos/prevencion'),
        link('Primeros auxilios', s, 'cursos/primeros-auxilios'),
        link('Manejo defensivo', s, 'cursos/manejo-defensivo'),
        SEPARATOR,
        {
          label: 'Cursos a medida',
          subMenu: true,
          subItems: [
            link('Presenciales', s, 'a-medida/presenciales'),
            link('E-learning', s, 'a-medida/e-learning'),
          ],
        },
      ],
    },
    link('Empresas', s, 'empresas'),
    link('Nosotros', s, 'nosotros'),
  ];
}

function clinicMenu(s: string): NavigationItem[] {
  return [
    {
      label: 'Pacientes',
      subItems: [
        ...patientLinks(s),
        SEPARATOR,
        link('Derechos y deberes', s, 'derechos-y-deberes'),
        link('Aranceles', s, 'aranceles'),
      ],
    },
    {
      label: 'Especialidades',
      subItems: [
        link('Urgencia', s, 'urgencia'),
        link('Traumatología', s, 'traumatologia'),
        link('Medicina interna', s, 'medicina-interna'),
        link('Imagenología', s, 'imagenologia'),
      ],
    },
    {
      label: 'La clínica',
      subItems: [
        link('Quiénes somos', s, 'quienes-somos'),
        link('Ubicación', s, 'ubicacion'),
        link('Trabaja con nosotros', s, 'trabaja-con-nosotros'),
      ],
    },
    { label: 'Red de Clínicas', url: OUTBOUND_URLS.sites.rcr },
  ];
}

function rcrMenu(s: string): NavigationItem[] {
  const site = (key: ClinicKey, label: string): OutboundLink => ({
    label,
    url: OUTBOUND_URLS.sites[key],
  });
  return [
    {
      label: 'Nuestra red',
      // One column per zone of the country.
      subItems: [
        site('clinica-portada', 'Clínica Portada'),
        site('clinica-atacama', 'Clínica Atacama'),
        SEPARATOR,
        site('clinica-maitenes', 'Clínica Maitenes'),
        site('clinica-lircay', 'Clínica Lircay'),
        site('clinica-delsur', 'Clínica Del Sur'),
        SEPARATOR,
        site('clinica-losandes', 'Clínica Los Andes'),
        site('clinica-loscohiues', 'Clínica Los Coihues'),
        site('clinica-puertomontt', 'Clínica Puerto Montt'),
      ],
    },
    link('La Red en cifras', s, 'la-red-en-cifras'),
    link('Gobierno corporativo', s, 'gobierno-corporativo'),
    link('Contacto', s, 'contacto'),
  ];
}

function clinicAssets(key: ClinicKey, name: string): BrandAssets {
  const c = CLINIC_PHONES[key];
  return {
    ...siteBasics(key, name, FAVICONS.salud, clinicMenu),
    patientLinks: patientLinks(OUTBOUND_URLS.sites[key]),
    // SPEC §2: every header carries the group's call centre; a clinic adds its own lines.
    phones: [
      CALL_CENTRE,
      { kind: 'appointments', label: 'Reserva de horas', number: c.appointments },
      { kind: 'centralDesk', label: 'Mesa central', number: c.centralDesk },
    ],
  };
}

function corporateAssets(
  key: 'head-office' | 'cem' | 'services' | 'otec',
  name: string,
  favicon: string,
  menu: (site: string) => NavigationItem[],
  phones: PhoneLine[],
): BrandAssets {
  return {
    ...siteBasics(key, name, favicon, menu),
    phones,
    ingresa: INGRESA,
  };
}

const ASSETS: Record<OrganizationKey, BrandAssets> = {
  'head-office': corporateAssets(
    'head-office',
    'Mutual Andina de Seguridad',
    FAVICONS.seguro,
    headOfficeMenu,
    [CALL_CENTRE, RESCUE],
  ),
  cem: corporateAssets('cem', 'Centro Médico Andino', FAVICONS.salud, cemMenu, [
    CALL_CENTRE,
    { kind: 'appointments', label: 'Reserva de horas', number: '600 000 2410' },
  ]),
  services: corporateAssets('services', 'Andina Servicios', FAVICONS.servicios, servicesMenu, [
    CALL_CENTRE,
  ]),
  otec: corporateAssets('otec', 'Andina Capacitación', FAVICONS.servicios, otecMenu, [CALL_CENTRE]),
  rcr: {
    ...siteBasics('rcr', 'Red de Clínicas Regionales', FAVICONS.salud, rcrMenu),
    phones: [
      CALL_CENTRE,
      { kind: 'centralDesk', label: 'Mesa central', number: '+56 2 2000 0100' },
    ],
  },
  'clinica-atacama': clinicAssets('clinica-atacama', 'Clínica Atacama'),
  'clinica-delsur': clinicAssets('clinica-delsur', 'Clínica Del Sur'),
  'clinica-lircay': clinicAssets('clinica-lircay', 'Clínica Lircay'),
  'clinica-losandes': clinicAssets('clinica-losandes', 'Clínica Los Andes'),
  'clinica-loscohiues': clinicAssets('clinica-loscohiues', 'Clínica Los Coihues'),
  'clinica-maitenes': clinicAssets('clinica-maitenes', 'Clínica Maitenes'),
  'clinica-portada': clinicAssets('clinica-portada', 'Clínica Portada'),
  'clinica-puertomontt': clinicAssets('clinica-puertomontt', 'Clínica Puerto Montt'),
};

export function brandAssets(org: Pick<Organization, 'key'>): BrandAssets {
  return ASSETS[org.key];
}

/** The assets of the organisation the host selected. */
export function useBrandAssets(): BrandAssets {
  return brandAssets(useBrand().organization);
}

export type { RasterLogo };

/**
 * The organisation's PDF logo as a PNG. The drawing code loads with the PDF, not with the page: only
 * the PDF summary needs it, and this module is part of every page's first load (SPEC §7 budget).
 */
export async function pdfLogoPng(org: Pick<Organization, 'key'>, scale = 3): Promise<RasterLogo> {
  const { rasterize } = await import('./raster-logo');
  return rasterize(brandAssets(org).pdfLogo, scale);
}
