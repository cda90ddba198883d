import { ORGANIZATIONS } from '@canal/shared';
import type { SqlParam } from '../../db/database';
import type { StaffUser } from '../staff/roles';
import { scope } from '../cases/repository';

const UUID = `'^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$'`;

/** A staff member's organisations now, as a text[] expression. */
const organizationsOf = (userId: string) =>
  `ARRAY(SELECT so.organization_id::text FROM staff_organizations so WHERE so.user_id = ${userId})`;

/**
 * The organisations an entry that is not about a case names, as a text[] over `d` (its detail as
 * jsonb) and `a`: the one its detail names (master data, a routing rule, a filtered export); else,
 * for an entry about a person (an invitation, a change), that person's organisations now and those
 * the entry gave them; else those of the person who acted (a sign-in, a search, an export, a
 * verification).
 */
const NAMED_ORGANIZATIONS = `CASE
    WHEN d ? 'organizacion' THEN ARRAY[d->>'organizacion']
    WHEN d->>'usuario_id' ~ '^[0-9]{1,15}$' THEN
      ${organizationsOf(`(d->>'usuario_id')::bigint`)} ||
      ARRAY(SELECT jsonb_array_elements_text(CASE WHEN jsonb_typeof(d->'organizaciones') = 'array'
                                                  THEN d->'organizaciones' ELSE '[]'::jsonb END))
    WHEN a.actor_id IS NOT NULL THEN ${organizationsOf('a.actor_id')}
    ELSE '{}'::text[] END`;

/**
 * The audit entries a staff member may read, as SQL over `audit_log a LEFT JOIN complaints c` and
 * its first parameters (callers push theirs after). An entry about a case: only if the person may
 * see that case (`scope`: organisations and exclusions), so an excluded auditor reads neither the
 * case's trail nor their own exclusion. Any other entry: if the person may see one of the
 * organisations it names — decided by the same `scope`, applied to a case of that organisation
 * that nobody is excluded from, so one rule says who sees which organisation. An entry that names
 * none (the chain's own discrepancy, a person of no organisation such as an administrator of
 * every one) concerns them all. Checking the chain stays global (`verifyAuditChain`).
 */
export function auditScope(user: StaffUser): { sql: string; params: SqlParam[] } {
  const { sql: caseScope, params } = scope(user);
  const all = `$${params.push(ORGANIZATIONS.map((o) => o.id))}::uuid[]`;
  return {
    sql: `(CASE WHEN a.complaint_id IS NOT NULL THEN COALESCE(${caseScope}, false)
      ELSE EXISTS (
        SELECT 1
          FROM (SELECT a.detail::jsonb AS d) j
          CROSS JOIN LATERAL (
            SELECT ARRAY(SELECT x::uuid FROM unnest(${NAMED_ORGANIZATIONS}) x WHERE x ~ ${UUID}) AS named) n
          CROSS JOIN LATERAL (
            SELECT unnest(CASE WHEN cardinality(n.named) > 0 THEN n.named ELSE ${all} END) AS organization_id,
                   NULL::bigint AS id) c
         WHERE ${caseScope})
      END)`,
    params,
  };
}
