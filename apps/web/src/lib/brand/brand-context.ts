import { createContext, useContext } from 'react';
import type { Organization, OrganizationFlagName } from '@canal/shared';

export interface Brand {
  organization: Organization;
  /** SPEC §3 "Feature flags": one per organisation, exactly one true (the chosen organisation's). */
  featureFlags: Readonly<Record<OrganizationFlagName, boolean>>;
}

// In its own module so that the assets (which read the brand) and the provider (which reads the
// assets for the favicon) do not import each other.
export const BrandContext = createContext<Brand | null>(null);

/**
 * A portal page's tab title (issue 22): "{page} | {organisation}", the home page's "Canal de
 * denuncias | {organisation}". The one way to write it: applyBrand (the home page's), each page's
 * usePortalTabTitle, and the server's <title> (entry-server.tsx, decision 0078) use it.
 */
export const portalTabTitle = (org: Organization, page = 'Canal de denuncias') =>
  `${page} | ${org.shortName}`;

export function useBrand(): Brand {
  const brand = useContext(BrandContext);
  if (!brand) throw new Error('useBrand fuera de BrandProvider');
  return brand;
}
