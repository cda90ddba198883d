import type { Db } from '../../db/database';

/** Daily jobs done (`job_runs`): one row per job and civil day, claimed by whoever runs it first. */
export const jobRunsStore = {
  /** Claims `job` for `day` in the caller's transaction; false when it was claimed already. */
  async claimDay(db: Db, job: string, day: string): Promise<boolean> {
    const rows = await db.query(
      'INSERT INTO job_runs (job, day) VALUES ($1, $2::date) ON CONFLICT DO NOTHING RETURNING job',
      [job, day],
    );
    return rows.length > 0;
  },
};
