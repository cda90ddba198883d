import type { Db } from '../../db/database';
import { nodeHash, type NodeSource } from './merkle';

const asBuffer = (value: Uint8Array) => Buffer.from(value);

/**
 * The audit log's Merkle tree (table `audit_tree`, migration 044): every perfect subtree's hash,
 * level 0 the leaves with their entry. Written only under the audit chain's advisory lock (the
 * append, the checkpoint), so leaf indexes follow the entries' order.
 */
export const auditTreeStore = {
  /** How many leaves the tree has, and the entry of the last one. */
  async head(db: Db): Promise<{ size: number; lastEntryId: number | null }> {
    const [row] = await db.query<{ idx: number | string; entry_id: number | string }>(
      'SELECT idx, entry_id FROM audit_tree WHERE level = 0 ORDER BY idx DESC LIMIT 1',
    );
    return row
      ? { size: Number(row.idx) + 1, lastEntryId: Number(row.entry_id) }
      : { size: 0, lastEntryId: null };
  },

  /**
   * Adds one leaf at index `size` and every perfect subtree it completes (on average one more
   * row per leaf).
   */
  async appendLeaf(db: Db, size: number, entryId: number, leaf: Buffer): Promise<void> {
    await db.query('INSERT INTO audit_tree (level, idx, hash, entry_id) VALUES (0, $1, $2, $3)', [
      size,
      leaf,
      entryId,
    ]);
    let level = 0;
    let index = size;
    let hash = leaf;
    while (index % 2 === 1) {
      const [left] = await db.query<{ hash: Uint8Array }>(
        'SELECT hash FROM audit_tree WHERE level = $1 AND idx = $2',
        [level, index - 1],
      );
      if (!left) throw new Error(`audit_tree: falta el nodo ${level}/${index - 1}`);
      hash = nodeHash(asBuffer(left.hash), hash);
      level += 1;
      index = (index - 1) / 2;
      await db.query('INSERT INTO audit_tree (level, idx, hash) VALUES ($1, $2, $3)', [
        level,
        index,
        hash,
      ]);
    }
  },

  /**
   * The nodes `compute` reads, fetched in one query: it runs once with placeholder hashes to learn
   * which (the shape of a proof does not depend on the hashes), then with the stored ones.
   */
  async withNodes<T>(db: Db, compute: (get: NodeSource) => T): Promise<T> {
    const wanted = new Map<string, [number, number]>();
    compute((level, index) => {
      wanted.set(`${level}/${index}`, [level, index]);
      return Buffer.alloc(32);
    });
    if (wanted.size === 0) return compute(() => Buffer.alloc(32));
    const pairs = [...wanted.values()];
    const rows = await db.query<{ level: number; idx: number | string; hash: Uint8Array }>(
      `SELECT t.level, t.idx, t.hash FROM audit_tree t
         JOIN unnest($1::int[], $2::bigint[]) AS w(level, idx) ON t.level = w.level AND t.idx = w.idx`,
      [pairs.map(([l]) => l), pairs.map(([, i]) => i)],
    );
    const found = new Map(rows.map((r) => [`${r.level}/${Number(r.idx)}`, asBuffer(r.hash)]));
    return compute((level, index) => {
      const hash = found.get(`${level}/${index}`);
      if (!hash) throw new Error(`audit_tree: falta el nodo ${level}/${index}`);
      return hash;
    });
  },

  /** The leaf index of an entry, or null when it is not (yet) in the tree. */
  async indexOf(db: Db, entryId: number): Promise<number | null> {
    const [row] = await db.query<{ idx: number | string }>(
      'SELECT idx FROM audit_tree WHERE level = 0 AND entry_id = $1',
      [entryId],
    );
    return row ? Number(row.idx) : null;
  },

  /** Leaves in index order from `from`, for comparing the stored tree with the recomputed one. */
  async leaves(
    db: Db,
    from: number,
    count: number,
  ): Promise<{ idx: number; entryId: number; hash: Buffer }[]> {
    const rows = await db.query<{
      idx: number | string;
      entry_id: number | string;
      hash: Uint8Array;
    }>(
      `SELECT idx, entry_id, hash FROM audit_tree WHERE level = 0 AND idx >= $1 ORDER BY idx LIMIT $2`,
      [from, count],
    );
    return rows.map((r) => ({
      idx: Number(r.idx),
      entryId: Number(r.entry_id),
      hash: asBuffer(r.hash),
    }));
  },
};
