import type { Db } from '../../db/database';
import type { MilestoneKey } from '../deadlines';

/** A person who may open cases of the organisation: active, activated, with access to it. */
const CAN_OPEN = `u.active AND u.password_hash IS NOT NULL
  AND (u.role = 'administrador'
       OR EXISTS (SELECT 1 FROM staff_organizations o WHERE o.user_id = u.id AND o.organization_id = $2))
  AND NOT EXISTS (SELECT 1 FROM case_exclusions e WHERE e.complaint_id = $1 AND e.user_id = u.id)`;

/** What a new complaint's alert needs: who is told, who takes the case. SQL only. */
export const alertsRepository = {
  /**
   * The receivers of a new complaint: the organisation's administrators (those who name it, or no
   * organisation at all: they work on every one) and investigators, and whoever a routing rule of
   * the organisation and category names; each only if active, activated, able to open the case
   * and not excluded from it.
   */
  async receivers(
    tx: Db,
    c: { id: number; organization_id: string; category_id: number },
  ): Promise<{ id: number; email: string }[]> {
    return tx.query<{ id: number; email: string }>(
      `SELECT u.id, u.email FROM staff_users u
        WHERE ${CAN_OPEN}
          AND ((u.role = 'administrador'
                AND (NOT EXISTS (SELECT 1 FROM staff_organizations o WHERE o.user_id = u.id)
                     OR EXISTS (SELECT 1 FROM staff_organizations o
                                 WHERE o.user_id = u.id AND o.organization_id = $2)))
               OR (u.role = 'investigador'
                   AND EXISTS (SELECT 1 FROM staff_organizations o
                                WHERE o.user_id = u.id AND o.organization_id = $2))
               OR EXISTS (SELECT 1 FROM alert_rules r
                           WHERE r.user_id = u.id AND r.organization_id = $2
                             AND (r.category_id IS NULL OR r.category_id = $3)))
        ORDER BY u.id`,
      [c.id, c.organization_id, c.category_id],
    );
  },

  /**
   * The administrators who may open the case (those who name its organisation, or none), except
   * `exceptUserId`: who a complainant's request to replace the investigator is about.
   */
  async administrators(
    tx: Db,
    c: { id: number; organization_id: string },
    exceptUserId: number | null,
  ): Promise<{ id: number; email: string }[]> {
    return tx.query<{ id: number; email: string }>(
      `SELECT u.id, u.email FROM staff_users u
        WHERE u.role = 'administrador' AND u.active AND u.password_hash IS NOT NULL
          AND (NOT EXISTS (SELECT 1 FROM staff_organizations o WHERE o.user_id = u.id)
               OR EXISTS (SELECT 1 FROM staff_organizations o
                           WHERE o.user_id = u.id AND o.organization_id = $2))
          AND NOT EXISTS (SELECT 1 FROM case_exclusions e WHERE e.complaint_id = $1 AND e.user_id = u.id)
          AND u.id IS DISTINCT FROM $3
        ORDER BY u.id`,
      [c.id, c.organization_id, exceptUserId],
    );
  },

  /**
   * The person a rule assigns the case to, if they can take it now (not an auditor, able to open
   * it): the rule of the case's category before the rule of every category; or null.
   */
  async ruleAssignee(
    tx: Db,
    c: { id: number; organization_id: string; category_id: number },
  ): Promise<{ rule_id: number; user_id: number; name: string } | null> {
    const [row] = await tx.query<{ rule_id: number; user_id: number; name: string }>(
      `SELECT r.id AS rule_id, u.id AS user_id, u.name FROM alert_rules r
         JOIN staff_users u ON u.id = r.user_id
        WHERE r.assigns AND r.organization_id = $2 AND (r.category_id IS NULL OR r.category_id = $3)
          AND u.role <> 'auditor' AND ${CAN_OPEN}
        ORDER BY r.category_id IS NULL, r.id LIMIT 1`,
      [c.id, c.organization_id, c.category_id],
    );
    return row ?? null;
  },

  /** Assigns a case nobody handles yet; false when someone already does (left as it is). */
  async assignIfUnassigned(tx: Db, complaintId: number, userId: number): Promise<boolean> {
    const rows = await tx.query(
      `UPDATE complaints SET assignee_id = $2, updated_at = now()
        WHERE id = $1 AND assignee_id IS NULL RETURNING id`,
      [complaintId, userId],
    );
    return rows.length > 0;
  },

  /** A milestone recorded by the system itself (no staff author), on `date` ('yyyy-mm-dd'). */
  async recordSystemMilestone(
    tx: Db,
    complaintId: number,
    key: MilestoneKey,
    date: string,
  ): Promise<void> {
    await tx.query(
      `INSERT INTO case_milestones (complaint_id, milestone, completed_on, recorded_by)
       VALUES ($1, $2, $3::date, NULL) ON CONFLICT (complaint_id, milestone) DO NOTHING`,
      [complaintId, key, date],
    );
  },
};
