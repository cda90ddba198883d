import type { OidcProviderConfig } from '../../config';
import type { StaffRole } from '../staff/roles';

const ROLE_ORDER: readonly StaffRole[] = ['administrador', 'investigador', 'auditor'];

/** The groups a claim lists (an array, or one value). */
function groupsOf(claims: Record<string, unknown>, claim: string): string[] {
  const value = claims[claim];
  if (Array.isArray(value)) return value.filter((v): v is string => typeof v === 'string');
  return typeof value === 'string' ? [value] : [];
}

/**
 * The role and organisations a provider's claims give (issue 24), or null when its groups give no
 * role: that person has no access. Read at every sign-in and every re-check, so the provider's
 * groups decide, not an administrator's memory.
 */
export function accessFromClaims(
  provider: OidcProviderConfig,
  claims: Record<string, unknown>,
): { role: StaffRole; organizationIds: string[] } | null {
  const groups = new Set(groupsOf(claims, provider.groupsClaim));
  const role = ROLE_ORDER.find((r) => provider.roles[r].some((g) => groups.has(g)));
  if (!role) return null;
  const organizationIds = [
    ...new Set(
      Object.entries(provider.organizations)
        .filter(([group]) => groups.has(group))
        .flatMap(([, ids]) => ids),
    ),
  ].sort();
  return { role, organizationIds };
}
