import { createContext, useContext, useLayoutEffect, useState, type ReactNode } from 'react';
import { organizationFromHost, themeCssVariables, type Organization } from '@canal/shared';
import { readRuntimeConfig } from '../../app/runtime-config';
import { Spinner } from '../../components/Spinner';

export interface Brand {
  organization: Organization;
}

const BrandContext = createContext<Brand | null>(null);

/** SPEC §4: the organisation is chosen once, from the host, before anything else renders. */
export function resolveOrganization(location: Pick<Location, 'host' | 'search'> = window.location): Organization {
  const { portalPrefix, production } = readRuntimeConfig();
  return organizationFromHost(location.host, { portalPrefix, search: location.search, production });
}

export function applyTheme(org: Organization, root: HTMLElement = document.documentElement): void {
  for (const [name, value] of Object.entries(themeCssVariables(org.theme))) {
    root.style.setProperty(name.replace('--color-', '--brand-'), value);
  }
}

export function BrandProvider({ organization, children }: { organization?: Organization; children: ReactNode }) {
  const [org] = useState(() => organization ?? resolveOrganization());
  const [themed, setThemed] = useState(false);
  useLayoutEffect(() => {
    applyTheme(org);
    setThemed(true);
  }, [org]);
  // A spinner until the theme is applied (SPEC §2 "Shared frame").
  if (!themed) return <Spinner label="Cargando" />;
  return <BrandContext.Provider value={{ organization: org }}>{children}</BrandContext.Provider>;
}

export function useBrand(): Brand {
  const brand = useContext(BrandContext);
  if (!brand) throw new Error('useBrand fuera de BrandProvider');
  return brand;
}
