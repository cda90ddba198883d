import type { OrganizationKey } from '@canal/shared';

/**
 * Every outbound address the frame links to, in one object, so a deployment changes its group
 * sites here and nowhere else. The values are placeholders under the reserved `.example` domain:
 * no real third-party site or trademark is linked.
 */
export const OUTBOUND_URLS = {
  /** The group's corporate site (head office). */
  group: 'https://www.mutual-andina.example',
  /** Virtual portal ("sucursal virtual") for workers and for companies. */
  virtualPortalWorkers: 'https://sucursal.mutual-andina.example/trabajadores',
  virtualPortalCompanies: 'https://sucursal.mutual-andina.example/empresas',
  /** The management site offered in the "INGRESA" dropdown and in the footer. */
  management: 'https://gestion.mutual-andina.example',
  /** Public site of each organisation, where its own menus and footer links point. */
  sites: {
    'head-office': 'https://www.mutual-andina.example',
    cem: 'https://www.centro-medico-andino.example',
    services: 'https://www.andina-servicios.example',
    otec: 'https://www.andina-capacitacion.example',
    rcr: 'https://www.red-clinicas-regionales.example',
    'clinica-atacama': 'https://www.clinica-atacama.example',
    'clinica-delsur': 'https://www.clinica-delsur.example',
    'clinica-lircay': 'https://www.clinica-lircay.example',
    'clinica-losandes': 'https://www.clinica-losandes.example',
    'clinica-loscohiues': 'https://www.clinica-loscoihues.example',
    'clinica-maitenes': 'https://www.clinica-maitenes.example',
    'clinica-portada': 'https://www.clinica-portada.example',
    'clinica-puertomontt': 'https://www.clinica-puertomontt.example',
  } satisfies Record<OrganizationKey, string>,
  /** Social profiles live on a placeholder host too: `{social}/{network}/{handle}`. */
  social: 'https://social.example',
  /** Map search used for the clinics' "Ubicación" link. */
  maps: 'https://mapas.example/buscar',
} as const;
