import type { Db } from '../../db/database';

/**
 * `ROLE_RULES.worksOn` in SQL: the staff member `u` works on the organisation `org` (an SQL
 * expression of type uuid) when they name it, or are an administrator who names none — who then
 * works on every organisation (decision 0033). Alerts, digests and the coverage "Avisos" shows all
 * read it from here, the case scope (`back-office/cases/repository.ts` `scope`) from the same rule.
 */
export const worksOnSql = (u: string, org: string) =>
  `((${u}.role = 'administrador'
     AND NOT EXISTS (SELECT 1 FROM staff_organizations wo WHERE wo.user_id = ${u}.id))
    OR EXISTS (SELECT 1 FROM staff_organizations wo
                WHERE wo.user_id = ${u}.id AND wo.organization_id = ${org}))`;

/** Someone who can receive mail about cases: active and activated (a password is set). */
export const ACTIVATED_SQL = (u: string) => `${u}.active AND ${u}.password_hash IS NOT NULL`;

/** A person who may open cases of the organisation: active, activated, working on it, not excluded. */
const CAN_OPEN = `${ACTIVATED_SQL('u')} AND ${worksOnSql('u', '$2')}
  AND NOT EXISTS (SELECT 1 FROM case_exclusions e WHERE e.complaint_id = $1 AND e.user_id = u.id)`;

/** What a new complaint's alert needs: who is told, who takes the case. Reads only. */
export const alertsRepository = {
  /**
   * The receivers of a new complaint: the administrators and investigators who work on its
   * organisation (`worksOnSql`), and whoever a routing rule of the organisation and category
   * names; each only if active, activated, able to open the case and not excluded from it.
   */
  async receivers(
    tx: Db,
    c: { id: number; organization_id: string; category_id: number },
  ): Promise<{ id: number; email: string }[]> {
    return tx.query<{ id: number; email: string }>(
      `SELECT u.id, u.email FROM staff_users u
        WHERE ${CAN_OPEN}
          AND (u.role IN ('administrador', 'investigador')
               OR EXISTS (SELECT 1 FROM alert_rules r
                           WHERE r.user_id = u.id AND r.organization_id = $2
                             AND (r.category_id IS NULL OR r.category_id = $3)))
        ORDER BY u.id`,
      [c.id, c.organization_id, c.category_id],
    );
  },

  /**
   * The administrators who may open the case (`worksOnSql`), except `exceptUserId`: who a
   * complainant's request to replace the investigator is about.
   */
  async administrators(
    tx: Db,
    c: { id: number; organization_id: string },
    exceptUserId: number | null,
  ): Promise<{ id: number; email: string }[]> {
    return tx.query<{ id: number; email: string }>(
      `SELECT u.id, u.email FROM staff_users u
        WHERE u.role = 'administrador' AND ${CAN_OPEN}
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
};
