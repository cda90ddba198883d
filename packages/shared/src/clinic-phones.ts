// The group's phone lines, in a module of their own: the portal's header (its first load) prints
// them for every organisation, while the clinics' cities and addresses (sites.ts) load with the
// footer. sites.ts joins both into CLINIC_SITES, the one source of each clinic's data.
import type { ClinicKey } from './sites';

/** The group's call centre, in every corporate and clinic header and in the PDF footer. */
export const CALL_CENTRE_NUMBER = '600 000 2400';

/** A clinic's two lines: appointments and its central desk. */
export interface ClinicPhones {
  appointments: string;
  centralDesk: string;
}

export const CLINIC_PHONES: Readonly<Record<ClinicKey, ClinicPhones>> = {
  'clinica-atacama': { appointments: '+56 52 200 0100', centralDesk: '+56 52 200 0101' },
  'clinica-delsur': { appointments: '+56 45 200 0100', centralDesk: '+56 45 200 0101' },
  'clinica-lircay': { appointments: '+56 71 200 0100', centralDesk: '+56 71 200 0101' },
  'clinica-losandes': { appointments: '+56 43 200 0100', centralDesk: '+56 43 200 0101' },
  'clinica-loscohiues': { appointments: '+56 64 200 0100', centralDesk: '+56 64 200 0101' },
  'clinica-maitenes': { appointments: '+56 41 200 0100', centralDesk: '+56 41 200 0101' },
  'clinica-portada': { appointments: '+56 55 200 0100', centralDesk: '+56 55 200 0101' },
  'clinica-puertomontt': { appointments: '+56 65 200 0100', centralDesk: '+56 65 200 0101' },
};
