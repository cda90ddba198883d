import { createContext, useContext } from 'react';
import type { StaffUser } from '../api/types';

export const StaffUserContext = createContext<StaffUser | null>(null);

/** The signed-in staff member (inside the staff layout). */
export function useStaffUser(): StaffUser {
  const user = useContext(StaffUserContext);
  if (!user) throw new Error('useStaffUser fuera del diseño de gestión');
  return user;
}

export const isAdministrator = (u: StaffUser) => u.rol === 'administrador';
export const isAuditor = (u: StaffUser) => u.rol === 'auditor';
/** Auditors only read (the API answers 403 to them anyway). */
export const canChangeCases = (u: StaffUser) => u.rol !== 'auditor';
export const canReadAudit = (u: StaffUser) => u.rol === 'auditor' || u.rol === 'administrador';

export const ROLE_LABELS: Record<StaffUser['rol'], string> = {
  administrador: 'Administrador/a',
  investigador: 'Investigador/a',
  auditor: 'Auditor/a',
};
