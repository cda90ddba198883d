import type { Db } from '../../db/database';
import type { ComplaintRow } from '../../core/complaints/repository';
import { complaintsRepository } from '../../core/complaints/repository';
import { scope } from '../cases/repository';
import type { StaffUser } from '../staff/roles';

/** The cases of a data-protection request as the register needs them. SQL only. */
export const dataRequestCasesRepository = {
  /** Which of `ids` the user may see (the inbox's scope); the rest answer as missing. */
  async inScope(db: Db, user: StaffUser, ids: number[]): Promise<number[]> {
    if (ids.length === 0) return [];
    const { sql, params } = scope(user);
    const rows = await db.query<{ id: number }>(
      `SELECT c.id FROM complaints c WHERE c.id = ANY($${params.push(ids)}::bigint[]) AND ${sql}`,
      params,
    );
    return rows.map((r) => Number(r.id));
  },

  /**
   * The complaint rows of the request's cases, sealed fields still sealed; an erased case is a
   * tombstone with nothing left to read or reveal, and is left out.
   */
  async complaints(db: Db, ids: number[]): Promise<ComplaintRow[]> {
    const rows = await Promise.all(ids.map((id) => complaintsRepository.findById(db, id)));
    return rows.filter((r): r is ComplaintRow => r !== null && r.erased_at === null);
  },
};
