import type { Db } from '../../db/database';
import { ACTIVATED_SQL, worksOnSql } from '../../core/notifications/repository';

export interface AlertRuleRow {
  id: number;
  organization_id: string;
  category_id: number | null;
  user_id: number;
  user_name: string;
  assigns: boolean;
  created_at: Date;
}

export interface AlertRuleFields {
  organizationId: string;
  categoryId: number | null;
  userId: number;
  assigns: boolean;
}

const COLUMNS = `r.id, r.organization_id::text AS organization_id, r.category_id, r.user_id,
  u.name AS user_name, r.assigns, r.created_at`;

export interface CoverageRow {
  organization_id: string;
  id: number;
  name: string;
  every: boolean;
  by_role: boolean;
}

/** The routing rules of new-complaint alerts: SQL only. */
export const alertRulesRepository = {
  /**
   * Per organisation, who receives every one of its new complaints: the receivers `receivers`
   * (core/notifications) would pick for a case nobody is excluded from, save rules limited to a
   * category. `every`: an administrator who names none; `by_role`: an administrator or
   * investigator working on it (else a rule of every category brings them).
   */
  async coverage(db: Db, organizationIds: string[]): Promise<CoverageRow[]> {
    return db.query<CoverageRow>(
      `SELECT org.id::text AS organization_id, u.id, u.name,
              (u.role = 'administrador'
               AND NOT EXISTS (SELECT 1 FROM staff_organizations o WHERE o.user_id = u.id)) AS every,
              u.role IN ('administrador', 'investigador') AS by_role
         FROM unnest($1::uuid[]) AS org(id)
         JOIN staff_users u ON ${ACTIVATED_SQL('u')} AND ${worksOnSql('u', 'org.id')}
        WHERE u.role IN ('administrador', 'investigador')
           OR EXISTS (SELECT 1 FROM alert_rules r
                       WHERE r.user_id = u.id AND r.organization_id = org.id AND r.category_id IS NULL)
        ORDER BY org.id, u.id`,
      [organizationIds],
    );
  },

  async list(db: Db): Promise<AlertRuleRow[]> {
    return db.query<AlertRuleRow>(
      `SELECT ${COLUMNS} FROM alert_rules r JOIN staff_users u ON u.id = r.user_id
        ORDER BY r.organization_id, r.category_id NULLS FIRST, u.name, r.id`,
    );
  },

  async findById(db: Db, id: number): Promise<AlertRuleRow | null> {
    const [row] = await db.query<AlertRuleRow>(
      `SELECT ${COLUMNS} FROM alert_rules r JOIN staff_users u ON u.id = r.user_id WHERE r.id = $1`,
      [id],
    );
    return row ?? null;
  },

  async insert(tx: Db, f: AlertRuleFields): Promise<number> {
    const [row] = await tx.query<{ id: number }>(
      `INSERT INTO alert_rules (organization_id, category_id, user_id, assigns)
       VALUES ($1, $2, $3, $4) RETURNING id`,
      [f.organizationId, f.categoryId, f.userId, f.assigns],
    );
    return row!.id;
  },

  async update(tx: Db, id: number, f: AlertRuleFields): Promise<boolean> {
    const rows = await tx.query(
      `UPDATE alert_rules SET organization_id = $2, category_id = $3, user_id = $4, assigns = $5
        WHERE id = $1 RETURNING id`,
      [id, f.organizationId, f.categoryId, f.userId, f.assigns],
    );
    return rows.length > 0;
  },

  /** Deletes a rule; its organisation, or null when there was no such rule. */
  async remove(tx: Db, id: number): Promise<string | null> {
    const [row] = await tx.query<{ organization_id: string }>(
      'DELETE FROM alert_rules WHERE id = $1 RETURNING organization_id::text AS organization_id',
      [id],
    );
    return row?.organization_id ?? null;
  },
};
