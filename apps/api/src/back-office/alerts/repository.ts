import type { Db } from '../../db/database';

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

/** The routing rules of new-complaint alerts: SQL only. */
export const alertRulesRepository = {
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
