import type { Db } from '../../db/database';

/**
 * Conflicts of interest (`case_exclusions`): the people who may not see a case. The scope of
 * every read of cases (`scope` in repository.ts) leaves them out.
 */
export const caseExclusionsStore = {
  async exclusions(db: Db, complaintId: number) {
    return db.query<{ user_id: number; name: string }>(
      `SELECT e.user_id, u.name FROM case_exclusions e JOIN staff_users u ON u.id = e.user_id
        WHERE e.complaint_id = $1 ORDER BY u.name`,
      [complaintId],
    );
  },

  async isExcluded(db: Db, complaintId: number, userId: number): Promise<boolean> {
    return (
      (
        await db.query('SELECT 1 FROM case_exclusions WHERE complaint_id = $1 AND user_id = $2', [
          complaintId,
          userId,
        ])
      ).length > 0
    );
  },

  async add(tx: Db, complaintId: number, userId: number): Promise<void> {
    await tx.query(
      'INSERT INTO case_exclusions (complaint_id, user_id) VALUES ($1, $2) ON CONFLICT DO NOTHING',
      [complaintId, userId],
    );
  },

  async remove(tx: Db, complaintId: number, userId: number): Promise<void> {
    await tx.query('DELETE FROM case_exclusions WHERE complaint_id = $1 AND user_id = $2', [
      complaintId,
      userId,
    ]);
  },
};
