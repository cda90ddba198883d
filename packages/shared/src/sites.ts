// Where the group can be reached (invented data; SPEC does not print it): one source for the
// portal's header and footer, the master data's places and the PDF summary, so that no two of
// them disagree on a city or a number. The phone lines are clinic-phones.ts (the header's, in the
// portal's first load); the cities and addresses are here.
import { CALL_CENTRE_NUMBER, CLINIC_PHONES, type ClinicPhones } from './clinic-phones';
import type { OrganizationKey } from './organizations';

export { CALL_CENTRE_NUMBER, CLINIC_PHONES, type ClinicPhones };

/** The eight regional clinics. */
export type ClinicKey = Extract<OrganizationKey, `clinica-${string}`>;

export interface ClinicSite extends ClinicPhones {
  city: string;
  /** The region's official number: the clinic's only zone in the master data. */
  region: number;
  address: string;
}

const CLINIC_PLACES: Readonly<Record<ClinicKey, Omit<ClinicSite, keyof ClinicPhones>>> = {
  'clinica-atacama': { city: 'Copiapó', region: 3, address: 'Av. Los Carrera 1450, Copiapó' },
  'clinica-delsur': { city: 'Temuco', region: 9, address: 'Av. Alemania 945, Temuco' },
  'clinica-lircay': { city: 'Talca', region: 7, address: 'Calle 2 Norte 960, Talca' },
  'clinica-losandes': {
    city: 'Los Ángeles',
    region: 8,
    address: 'Av. Ricardo Vicuña 420, Los Ángeles',
  },
  'clinica-loscohiues': { city: 'Osorno', region: 10, address: 'Av. Mackenna 1300, Osorno' },
  'clinica-maitenes': {
    city: 'Concepción',
    region: 8,
    address: 'Av. Pedro de Valdivia 880, Concepción',
  },
  'clinica-portada': { city: 'Antofagasta', region: 2, address: 'Av. Grecia 1750, Antofagasta' },
  'clinica-puertomontt': {
    city: 'Puerto Montt',
    region: 10,
    address: 'Av. Presidente Ibáñez 520, Puerto Montt',
  },
};

export const CLINIC_SITES: Readonly<Record<ClinicKey, ClinicSite>> = Object.fromEntries(
  (Object.keys(CLINIC_PLACES) as ClinicKey[]).map((key) => [
    key,
    { ...CLINIC_PLACES[key], ...CLINIC_PHONES[key] },
  ]),
) as Record<ClinicKey, ClinicSite>;
