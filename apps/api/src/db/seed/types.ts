// Shapes of the seeded master data (plain data, no database code).
// Field names are the wire names of SPEC §3 "Option lists" (nombre, descripcion, agencias, grupo).

/** The thirteen organisations of DESIGN §4.10, by the registry's stable key. */
export type { OrganizationKey } from '@canal/shared';

/** A site of the organisation (a "place of occurrence"); ids are unique across the whole dataset. */
export interface SeedAgency {
  id: number;
  nombre: string;
}

/** A Chilean region; the id is the region's official number, the same in every organisation. */
export interface SeedZone {
  id: number;
  nombre: string;
  agencias: SeedAgency[];
}

/** A complaint type; `grupo` is shown under "Grupo:" only when it is not null. */
export interface SeedCrimeType {
  id: number;
  nombre: string;
  descripcion: string;
  grupo: string | null;
}

export interface SeedCategory {
  id: number;
  nombre: string;
  tipos: SeedCrimeType[];
}

export interface SeedOption {
  id: number;
  descripcion: string;
}

export interface OrganizationMasterData {
  zonas: SeedZone[];
  categorias: SeedCategory[];
  relaciones: SeedOption[];
  reconoceInvolucrados: SeedOption[];
}
