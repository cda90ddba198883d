import { createContext, useContext, type ReactNode } from 'react';
import type { StaffApi } from './call';

const StaffApiContext = createContext<StaffApi | null>(null);

/** The back-office client for the screens below; tests may pass their own. */
export function StaffApiProvider({ api, children }: { api: StaffApi; children: ReactNode }) {
  return <StaffApiContext.Provider value={api}>{children}</StaffApiContext.Provider>;
}

/** The staff client's `call`, for the endpoint modules' hooks. */
export function useStaffApi(): StaffApi {
  const api = useContext(StaffApiContext);
  if (!api) throw new Error('useStaffApi fuera de StaffApiProvider');
  return api;
}
