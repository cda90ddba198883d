import type { OutboundLink } from './assets';
import { OUTBOUND_URLS } from './outbound-urls';

/**
 * What the "INGRESA" dropdown's virtual-portal popup says (SPEC §2), the same for every organisation
 * that has the dropdown (its entry's title is the brand's: `IngresaMenu`). Read by the popup only,
 * so these texts load with it and not with the header (the first load of every page).
 */
export interface VirtualPortal {
  intro: string;
  workers: OutboundLink & { description: string };
  companies: OutboundLink & { description: string };
}

export const VIRTUAL_PORTAL: VirtualPortal = {
  intro:
    'En la Sucursal Virtual puede realizar trámites y consultas en línea, sin acudir a una sede. Elija el portal que corresponde a usted:',
  workers: {
    label: 'Portal trabajadores',
    url: OUTBOUND_URLS.virtualPortalWorkers,
    description:
      'Revise sus licencias médicas, atenciones, certificados y el estado de sus prestaciones.',
  },
  companies: {
    label: 'Portal empresas',
    url: OUTBOUND_URLS.virtualPortalCompanies,
    description:
      'Gestione denuncias de accidentes, nóminas, cotizaciones y certificados de su empresa.',
  },
};
