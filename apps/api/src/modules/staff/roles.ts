/** Back-office roles (DESIGN §8). Names are the wire values. */
import type { StaffRole } from '@canal/shared';

export { STAFF_ROLES, type StaffRole } from '@canal/shared';

/** The person behind a back-office request, as the session guard resolves them. */
export interface StaffUser {
  id: number;
  email: string;
  name: string;
  role: StaffRole;
  /** Organisations the person works on; administrators see every organisation whatever this says. */
  organizationIds: string[];
}

export const isAdministrator = (user: StaffUser) => user.role === 'administrador';
/** Auditors only read. */
export const canChangeCases = (user: StaffUser) => user.role !== 'auditor';
