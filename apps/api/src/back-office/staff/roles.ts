/** Back-office roles (DESIGN §8). Names are the wire values. */
import { ROLE_RULES, type StaffRole } from '@canal/shared';

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

// The role rules are the shared ones (the back-office screens apply the same).
export const isAdministrator = (user: StaffUser) => ROLE_RULES.isAdministrator(user.role);
export const canChangeCases = (user: StaffUser) => ROLE_RULES.canChangeCases(user.role);
