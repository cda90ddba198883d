// The organisation registry (DESIGN §4.10): 13 organisations, their GUID (the x-filial value), host
// segment, names, theme and the few rules that vary by organisation. Names are invented for this
// project (no third-party trademarks), except the clinics' place names.
import type { ThemeName } from './themes';

export type OrganizationKey =
  | 'head-office'
  | 'cem'
  | 'services'
  | 'otec'
  | 'rcr'
  | 'clinica-atacama'
  | 'clinica-delsur'
  | 'clinica-lircay'
  | 'clinica-losandes'
  | 'clinica-loscohiues'
  | 'clinica-maitenes'
  | 'clinica-portada'
  | 'clinica-puertomontt';

export type OrganizationFlagName =
  | 'showHeadOffice'
  | 'showCem'
  | 'showServices'
  | 'showOtec'
  | 'showRcr'
  | 'showClinicaAtacama'
  | 'showClinicaDelSur'
  | 'showClinicaLircay'
  | 'showClinicaLosAndes'
  | 'showClinicaLosCoihues'
  | 'showClinicaMaitenes'
  | 'showClinicaPortada'
  | 'showClinicaPuertoMontt';

export interface Organization {
  /** Fixed GUID, sent as x-filial and as `filial`. */
  id: string;
  /** Stable key; for clinics it is the host segment. */
  key: OrganizationKey;
  /** Host segment (exact, including the product's spelling 'clinica-loscohiues'); null for the head office. */
  segment: string | null;
  /** Display name. */
  shortName: string;
  /** Longer form with its article, e.g. "la Clínica Atacama". */
  nameWithArticle: string;
  theme: ThemeName;
  /** Keeps the relation option "Colaborador de empresa adherida" (DESIGN §4.5). */
  allowsAdheredCompanyCollaborator: boolean;
  /** The organisation's feature flag: exactly one is true at a time. */
  flagName: OrganizationFlagName;
  /** One of the eight regional clinics. */
  isClinic: boolean;
  /** 'clinics': one "Sitios de interés" column (clinics and RCR); 'corporate': three columns. */
  footerKind: 'clinics' | 'corporate';
  /** 'full': the six documents (head office); 'legal': only Law 21.643 and Decree 21. */
  documentSet: 'full' | 'legal';
}

/**
 * "de" before a name with its article, contracted as Spanish requires: "el Centro Médico Andino"
 * → "del Centro Médico Andino", "la Clínica Lircay" → "de la Clínica Lircay".
 */
export function ofOrganization(nameWithArticle: string): string {
  const name = nameWithArticle.trim();
  if (/^el\s/i.test(name)) return `del ${name.slice(3).trimStart()}`;
  if (/^(de|del)\s/i.test(name)) return name;
  return `de ${name}`;
}

export const HEAD_OFFICE_ID = 'f5b7a23f-d15f-4c2f-8bd5-b88cb8fc33ae';

function clinic(
  id: string,
  segment: OrganizationKey,
  place: string,
  flagName: OrganizationFlagName,
): Organization {
  return {
    id,
    key: segment,
    segment,
    shortName: `Clínica ${place}`,
    nameWithArticle: `la Clínica ${place}`,
    theme: 'salud',
    allowsAdheredCompanyCollaborator: false,
    flagName,
    isClinic: true,
    footerKind: 'clinics',
    documentSet: 'legal',
  };
}

export const ORGANIZATIONS: readonly Organization[] = [
  {
    id: HEAD_OFFICE_ID,
    key: 'head-office',
    segment: null,
    shortName: 'Mutual Andina de Seguridad',
    nameWithArticle: 'la Mutual Andina de Seguridad',
    theme: 'seguro',
    allowsAdheredCompanyCollaborator: true,
    flagName: 'showHeadOffice',
    isClinic: false,
    footerKind: 'corporate',
    documentSet: 'full',
  },
  {
    id: '90d44edd-9778-410e-931f-f8a5ec8877af',
    key: 'cem',
    segment: 'cem',
    shortName: 'Centro Médico Andino',
    nameWithArticle: 'el Centro Médico Andino',
    theme: 'salud',
    allowsAdheredCompanyCollaborator: true,
    flagName: 'showCem',
    isClinic: false,
    footerKind: 'corporate',
    documentSet: 'legal',
  },
  {
    id: '81e2581e-bb32-4cb4-afd3-c57c552dfded',
    key: 'services',
    segment: 'servicios',
    shortName: 'Andina Servicios',
    nameWithArticle: 'la empresa Andina Servicios',
    theme: 'servicios',
    allowsAdheredCompanyCollaborator: true,
    flagName: 'showServices',
    isClinic: false,
    footerKind: 'corporate',
    documentSet: 'legal',
  },
  {
    id: '212e1158-ff88-4623-ba0d-f06351e8d533',
    key: 'otec',
    segment: 'otec',
    shortName: 'Andina Capacitación',
    nameWithArticle: 'la OTEC Andina Capacitación',
    theme: 'servicios',
    allowsAdheredCompanyCollaborator: true,
    flagName: 'showOtec',
    isClinic: false,
    footerKind: 'corporate',
    documentSet: 'legal',
  },
  {
    id: 'eb89b439-7ca3-451a-b819-af6188fe6521',
    key: 'rcr',
    segment: 'rcr',
    shortName: 'Red de Clínicas Regionales',
    nameWithArticle: 'la Red de Clínicas Regionales',
    theme: 'salud',
    allowsAdheredCompanyCollaborator: false,
    flagName: 'showRcr',
    isClinic: false,
    footerKind: 'clinics',
    documentSet: 'legal',
  },
  clinic(
    '8bf201dc-9a12-4b68-80fa-7afd360c0f94',
    'clinica-atacama',
    'Atacama',
    'showClinicaAtacama',
  ),
  clinic('c8b90de8-a533-481c-bd5e-ebfae9da0dee', 'clinica-delsur', 'Del Sur', 'showClinicaDelSur'),
  clinic('db3345eb-05db-4f1b-8446-aca85c0711e0', 'clinica-lircay', 'Lircay', 'showClinicaLircay'),
  clinic(
    '10b7758a-a3b4-4044-b6dd-e3b590b10894',
    'clinica-losandes',
    'Los Andes',
    'showClinicaLosAndes',
  ),
  clinic(
    '77b0afde-0c52-4044-a418-1db4c7d1b6c7',
    'clinica-loscohiues',
    'Los Coihues',
    'showClinicaLosCoihues',
  ),
  clinic(
    '674262db-e253-4898-991f-7d27612bdd89',
    'clinica-maitenes',
    'Maitenes',
    'showClinicaMaitenes',
  ),
  clinic(
    '27a32861-a8d1-4ab9-88a6-0581dc7b3545',
    'clinica-portada',
    'Portada',
    'showClinicaPortada',
  ),
  clinic(
    'c9f8f7f9-40ec-4806-ab58-a6359d0162ee',
    'clinica-puertomontt',
    'Puerto Montt',
    'showClinicaPuertoMontt',
  ),
];

/**
 * The letters that start an organisation's case numbers (`CEM-2026-00001`): a number names its
 * organisation and is unique across the group (issue 11). Never change one once cases carry it.
 */
export const CASE_NUMBER_PREFIXES: Readonly<Record<OrganizationKey, string>> = {
  'head-office': 'MAS',
  cem: 'CEM',
  services: 'ASV',
  otec: 'OTEC',
  rcr: 'RCR',
  'clinica-atacama': 'CAT',
  'clinica-delsur': 'CDS',
  'clinica-lircay': 'CLI',
  'clinica-losandes': 'CLA',
  'clinica-loscohiues': 'CLC',
  'clinica-maitenes': 'CMA',
  'clinica-portada': 'CPO',
  'clinica-puertomontt': 'CPM',
};

/** A case number: the organisation's prefix, the year and a per-organisation, per-year sequence. */
export function formatCaseNumber(org: Pick<Organization, 'key'>, year: number, sequence: number) {
  return `${CASE_NUMBER_PREFIXES[org.key]}-${year}-${String(sequence).padStart(5, '0')}`;
}

const byId = new Map(ORGANIZATIONS.map((o) => [o.id, o]));
const bySegment = new Map(
  ORGANIZATIONS.filter((o) => o.segment !== null).map((o) => [o.segment as string, o]),
);
const byKey = new Map(ORGANIZATIONS.map((o) => [o.key, o]));

export const HEAD_OFFICE: Organization = byId.get(HEAD_OFFICE_ID) as Organization;

/** The organisation with this GUID (case-insensitive), or undefined. */
export function findOrganization(id: string): Organization | undefined {
  return byId.get(id.trim().toLowerCase());
}

/** The organisation with this GUID; an unknown id gives the head office (SPEC §3). */
export function organizationById(id: string | null | undefined): Organization {
  return (id ? findOrganization(id) : undefined) ?? HEAD_OFFICE;
}

export function organizationBySegment(segment: string): Organization | undefined {
  return bySegment.get(segment.trim().toLowerCase());
}

export function organizationByKey(key: OrganizationKey): Organization {
  return byKey.get(key) ?? HEAD_OFFICE;
}

/** The flags of SPEC §3 "Feature flags": one per organisation, only the given one true. */
export function featureFlags(org: Organization): Record<OrganizationFlagName, boolean> {
  return Object.fromEntries(ORGANIZATIONS.map((o) => [o.flagName, o.id === org.id])) as Record<
    OrganizationFlagName,
    boolean
  >;
}

export interface HostResolutionOptions {
  /** Fixed portal prefix of the hosts, e.g. 'canaldenuncias' for canaldenuncias-cem.example.cl. */
  portalPrefix: string;
  /** The page's query string (location.search); read only outside production. */
  search?: string;
  /** In production `?filial=` is ignored. Defaults to true (the safe side). */
  production?: boolean;
}

/** One parameter of a query string ('?a=1&b=2'), decoded; null when absent or malformed. */
function queryParameter(search: string, name: string): string | null {
  for (const pair of search.replace(/^\?/, '').split('&')) {
    const [key = '', value = ''] = pair.split('=');
    try {
      if (decodeURIComponent(key.replace(/\+/g, ' ')) === name) {
        return decodeURIComponent(value.replace(/\+/g, ' '));
      }
    } catch {
      return null;
    }
  }
  return null;
}

function hostname(host: string): string {
  const trimmed = host.trim().toLowerCase();
  if (trimmed.startsWith('[')) return trimmed; // IPv6 literal: never a brand host
  return trimmed.replace(/:\d*$/, '').replace(/\.$/, '');
}

/**
 * DESIGN §4.10: the organisation a page host selects. The first DNS label equal to
 * `{portalPrefix}-{segment}`, or the host `{segment}.localhost` (any port), selects that
 * organisation; outside production `?filial={segment}` also does, and wins over the host.
 * Anything else is the head office.
 */
export function organizationFromHost(host: string, options: HostResolutionOptions): Organization {
  const { portalPrefix, search, production = true } = options;
  if (!production && search) {
    const wanted = queryParameter(search, 'filial');
    const fromQuery = wanted ? organizationBySegment(wanted) : undefined;
    if (fromQuery) return fromQuery;
  }
  const name = hostname(host);
  const labels = name.split('.');
  if (labels.length === 2 && labels[1] === 'localhost') {
    const local = organizationBySegment(labels[0] ?? '');
    if (local) return local;
  }
  const prefix = `${portalPrefix.trim().toLowerCase()}-`;
  const first = labels[0] ?? '';
  if (portalPrefix.trim() !== '' && first.startsWith(prefix)) {
    const found = organizationBySegment(first.slice(prefix.length));
    if (found) return found;
  }
  return HEAD_OFFICE;
}

/**
 * DESIGN §4.10, the other direction: the portal address of an organisation, for links in mails,
 * and `path` on it (a page of `webPaths`, e.g. `/restablecer-contrasena/…`). `publicUrl` is the
 * head office's portal; a clinic gets `{portalPrefix}-{segment}` as its first label (or
 * `{segment}.localhost` locally), so that `organizationFromHost` reads it back. A public address of
 * another shape falls back to `?filial={segment}`, after the path: `https://host/path?filial=cem`.
 */
export function portalUrlOf(
  org: Organization,
  publicUrl: string,
  portalPrefix: string,
  path = '',
): string {
  const base = new URL(publicUrl);
  if (!org.segment) return `${base.origin}${path}`;
  const [first, ...rest] = base.hostname.split('.');
  if (base.hostname === 'localhost' || base.hostname === '127.0.0.1') {
    base.hostname = `${org.segment}.localhost`;
  } else if (first === portalPrefix) {
    base.hostname = [`${portalPrefix}-${org.segment}`, ...rest].join('.');
  } else {
    if (path) base.pathname = path;
    base.searchParams.set('filial', org.segment);
    return base.toString();
  }
  return `${base.origin}${path}`;
}
