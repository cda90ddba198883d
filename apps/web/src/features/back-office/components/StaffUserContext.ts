import { createContext, useContext } from 'react';
import type { StaffUser } from '../api/mappers';

export const StaffUserContext = createContext<StaffUser | null>(null);

/** The signed-in staff member (inside the staff layout). */
export function useStaffUser(): StaffUser {
  const user = useContext(StaffUserContext);
  if (!user) throw new Error('useStaffUser fuera del diseño de gestión');
  return user;
}

export const isAdministrator = (u: StaffUser) => u.role === 'administrador';
export const isAuditor = (u: StaffUser) => u.role === 'auditor';
/** Auditors only read (the API answers 403 to them anyway). */
export const canChangeCases = (u: StaffUser) => u.role !== 'auditor';
export const canReadAudit = (u: StaffUser) => u.role === 'auditor' || u.role === 'administrador';
