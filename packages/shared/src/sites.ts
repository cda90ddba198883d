// Where the group can be reached (invented data; SPEC does not print it): one source for the
// portal's header and footer, the master data's places and the PDF summary, so that no two of
// them disagree on a city or a number.
import type { OrganizationKey } from './organizations';

/** The group's call centre, in every corporate and clinic header and in the PDF footer. */
export const CALL_CENTRE_NUMBER = '600 000 2400';

/** The eight regional clinics. */
export type ClinicKey = Extract<OrganizationKey, `clinica-${string}`>;

export interface ClinicSite {
  city: string;
  /** The region's official number: the clinic's only zone in the master data. */
  region: number;
  address: string;
  appointments: string;
  centralDesk: string;
}

export const CLINIC_SITES: Readonly<Record<ClinicKey, ClinicSite>> = {
  'clinica-atacama': {
    city: 'Copiapó',
    region: 3,
    address: 'Av. Los Carrera 1450, Copiapó',
    appointments: '+56 52 200 0100',
    centralDesk: '+56 52 200 0101',
  },
  'clinica-delsur': {
    city: 'Temuco',
    region: 9,
    address: 'Av. Alemania 945, Temuco',
    appointments: '+56 45 200 0100',
    centralDesk: '+56 45 200 0101',
  },
  'clinica-lircay': {
    city: 'Talca',
    region: 7,
    address: 'Calle 2 Norte 960, Talca',
    appointments: '+56 71 200 0100',
    centralDesk: '+56 71 200 0101',
  },
  'clinica-losandes': {
    city: 'Los Ángeles',
    region: 8,
    address: 'Av. Ricardo Vicuña 420, Los Ángeles',
    appointments: '+56 43 200 0100',
    centralDesk: '+56 43 200 0101',
  },
  'clinica-loscohiues': {
    city: 'Osorno',
    region: 10,
    address: 'Av. Mackenna 1300, Osorno',
    appointments: '+56 64 200 0100',
    centralDesk: '+56 64 200 0101',
  },
  'clinica-maitenes': {
    city: 'Concepción',
    region: 8,
    address: 'Av. Pedro de Valdivia 880, Concepción',
    appointments: '+56 41 200 0100',
    centralDesk: '+56 41 200 0101',
  },
  'clinica-portada': {
    city: 'Antofagasta',
    region: 2,
    address: 'Av. Grecia 1750, Antofagasta',
    appointments: '+56 55 200 0100',
    centralDesk: '+56 55 200 0101',
  },
  'clinica-puertomontt': {
    city: 'Puerto Montt',
    region: 10,
    address: 'Av. Presidente Ibáñez 520, Puerto Montt',
    appointments: '+56 65 200 0100',
    centralDesk: '+56 65 200 0101',
  },
};
