import { createContext, useContext } from 'react';
import { ORGANIZATIONS, ROLE_RULES } from '@canal/shared';
import { readsAudit } from '../api/audit';
import type { StaffUser } from '../api/users';

export const StaffUserContext = createContext<StaffUser | null>(null);

/** The signed-in staff member (inside the staff layout). */
export function useStaffUser(): StaffUser {
  const user = useContext(StaffUserContext);
  if (!user) throw new Error('useStaffUser fuera del diseño de gestión');
  return user;
}

// The role rules are the shared ones (ROLE_RULES, as the API applies them) and the contract's.
export const isAdministrator = (u: StaffUser) => ROLE_RULES.isAdministrator(u.role);
/** An administrator who names no organisation works on all of them (decision 0033). */
export const worksOnEveryOrganization = (u: Pick<StaffUser, 'role' | 'organizations'>) =>
  ROLE_RULES.worksOnEveryOrganization(u.role, u.organizations);
/** Whether the person works on the cases of `organizationId`. */
export const worksOn = (u: Pick<StaffUser, 'role' | 'organizations'>, organizationId: string) =>
  ROLE_RULES.worksOn(u.role, u.organizations, organizationId);
/** The organisations whose cases the person works on. */
export const organizationsOf = (u: StaffUser) => ORGANIZATIONS.filter((o) => worksOn(u, o.id));
/** Auditors only read (the API answers 403 to them anyway). */
export const canChangeCases = (u: Pick<StaffUser, 'role'>) => ROLE_RULES.canChangeCases(u.role);
export const canReadAudit = (u: StaffUser) => readsAudit(u.role);
