import type { Db } from '../../db/database';

/** One organisation's own text of one kind of notice (migration 047). */
export interface NoticeTemplateRow {
  organization_id: string;
  kind: string;
  body: string;
  updated_at: Date;
}

/** The organisations' own notice templates (decision 0070); the defaults live in `@canal/shared`. */
export const templatesStore = {
  async all(db: Db): Promise<NoticeTemplateRow[]> {
    return db.query<NoticeTemplateRow>(
      `SELECT organization_id::text AS organization_id, kind, body, updated_at FROM notice_templates`,
    );
  },

  /** The saved text of one kind, locked until the transaction ends (a change is audited once). */
  async lock(tx: Db, organizationId: string, kind: string): Promise<NoticeTemplateRow | null> {
    const [row] = await tx.query<NoticeTemplateRow>(
      `SELECT organization_id::text AS organization_id, kind, body, updated_at
         FROM notice_templates WHERE organization_id = $1 AND kind = $2 FOR UPDATE`,
      [organizationId, kind],
    );
    return row ?? null;
  },

  async save(
    tx: Db,
    organizationId: string,
    kind: string,
    body: string,
    actorId: number,
  ): Promise<NoticeTemplateRow> {
    const [row] = await tx.query<NoticeTemplateRow>(
      `INSERT INTO notice_templates (organization_id, kind, body, updated_by)
       VALUES ($1, $2, $3, $4)
       ON CONFLICT (organization_id, kind) DO UPDATE
          SET body = EXCLUDED.body, updated_by = EXCLUDED.updated_by, updated_at = now()
       RETURNING organization_id::text AS organization_id, kind, body, updated_at`,
      [organizationId, kind, body, actorId],
    );
    return row!;
  },
};
