import type { Db } from '../../db/database';
import type { StaffUser } from '../staff/roles';
import { scope } from './repository';

/** Links between two cases (`case_links`): one is a duplicate of the other, or they are related. */
export const caseLinksStore = {
  /**
   * The links of a case to others within the user's scope, seen from it: `duplicado_de` (it is a
   * duplicate of the other), `tiene_duplicado` (the other is a duplicate of it), `relacionado`.
   */
  async links(db: Db, user: StaffUser, complaintId: number) {
    const { sql, params } = scope(user);
    const at = params.push(complaintId);
    return db.query<{ id: number; case_number: string; kind: string }>(
      `SELECT c.id, c.case_number,
              CASE WHEN l.kind = 'relacionado' THEN 'relacionado'
                   WHEN l.complaint_id = $${at} THEN 'duplicado_de' ELSE 'tiene_duplicado' END AS kind
         FROM case_links l
         JOIN complaints c ON c.id = CASE WHEN l.complaint_id = $${at} THEN l.linked_id ELSE l.complaint_id END
        WHERE (l.complaint_id = $${at} OR l.linked_id = $${at}) AND ${sql}
        ORDER BY c.case_number`,
      params,
    );
  },

  /** Links two cases, replacing any link the pair had (either way round). */
  async link(tx: Db, from: number, to: number, kind: 'duplicado' | 'relacionado', userId: number) {
    await tx.query(
      `DELETE FROM case_links WHERE (complaint_id = $1 AND linked_id = $2) OR (complaint_id = $2 AND linked_id = $1)`,
      [from, to],
    );
    await tx.query(
      'INSERT INTO case_links (complaint_id, linked_id, kind, created_by) VALUES ($1, $2, $3, $4)',
      [from, to, kind, userId],
    );
  },

  /** Removes the link of a pair, either way round; true when there was one. */
  async unlink(tx: Db, a: number, b: number): Promise<boolean> {
    const rows = await tx.query(
      `DELETE FROM case_links WHERE (complaint_id = $1 AND linked_id = $2) OR (complaint_id = $2 AND linked_id = $1)
       RETURNING complaint_id`,
      [a, b],
    );
    return rows.length > 0;
  },
};
