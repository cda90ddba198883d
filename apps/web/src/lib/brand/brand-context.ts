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

export function useBrand(): Brand {
  const brand = useContext(BrandContext);
  if (!brand) throw new Error('useBrand fuera de BrandProvider');
  return brand;
}
