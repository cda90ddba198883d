/** Back-office roles (DESIGN §8). Names are the wire values. */
import { ORGANIZATIONS, ROLE_RULES, type StaffRole } from '@canal/shared';

export { STAFF_ROLES, type StaffRole } from '@canal/shared';

/** The person behind a back-office request, as the session guard resolves them. */
export interface StaffUser {
  id: number;
  email: string;
  name: string;
  role: StaffRole;
  /** Organisations the person names; an administrator naming none works on all (decision 0033). */
  organizationIds: string[];
}

// The role rules are the shared ones (the back-office screens apply the same).
export const isAdministrator = (user: StaffUser) => ROLE_RULES.isAdministrator(user.role);
export const canChangeCases = (user: StaffUser) => ROLE_RULES.canChangeCases(user.role);
/** Every organisation's cases, alerts and digests: an administrator who names none. */
export const worksOnEveryOrganization = (user: StaffUser) =>
  ROLE_RULES.worksOnEveryOrganization(user.role, user.organizationIds);
/** Whether the person works on the cases of `organizationId`. */
export const worksOn = (user: StaffUser, organizationId: string) =>
  ROLE_RULES.worksOn(user.role, user.organizationIds, organizationId);
/** The organisations whose cases the person works on. */
export const organizationsOf = (user: StaffUser) =>
  ORGANIZATIONS.filter((o) => worksOn(user, o.id));
