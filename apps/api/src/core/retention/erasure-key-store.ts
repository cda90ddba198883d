import { Readable } from 'node:stream';
import { ErasureKeys } from '../../crypto/erasure-keys';
import type { Db } from '../../db/database';
import { ObjectNotFoundError, type ObjectStore } from '../../storage';

/**
 * Where the erasure ratchet's state lives (decision 0047): one small object in the object store,
 * which `scripts/backup.sh` never copies (it copies the files the database names), so no backup
 * holds it. Replaced (never versioned) each time the ratchet moves.
 */
export const ERASURE_STATE_KEY = 'retention/erasure-keys.json';

// Any constant other than the migration's and the sweep's locks.
const CREATE_LOCK = 72_164_303;

/** The database has data keys sealed until an erasure day, but the store has no ratchet. */
export class MissingErasureStateError extends Error {
  constructor() {
    super(
      `Falta el estado de las claves de eliminación (${ERASURE_STATE_KEY}) en el almacenamiento de ` +
        'archivos, y la base de datos tiene claves selladas con él: los casos cerrados no se podrían ' +
        'leer. Restaure el almacenamiento en uso (docs/operations.md, "Respaldo y restauración").',
    );
    this.name = 'MissingErasureStateError';
  }
}

async function read(store: ObjectStore): Promise<ErasureKeys | null> {
  try {
    const chunks: Buffer[] = [];
    for await (const c of await store.get(ERASURE_STATE_KEY)) chunks.push(c as Buffer);
    return ErasureKeys.parse(Buffer.concat(chunks).toString('utf8'));
  } catch (error) {
    if (error instanceof ObjectNotFoundError) return null;
    throw error;
  }
}

/** The process's erasure ratchet, kept in step with the stored state. */
export class ErasureKeyStore {
  private constructor(
    readonly keys: ErasureKeys,
    private readonly store: ObjectStore,
  ) {}

  /**
   * Reads the stored state; on a first start (no state, no sealed key in the database) creates
   * one starting `today`, once across processes (an advisory lock on PostgreSQL). Refuses
   * (MissingErasureStateError) a database with sealed keys and no state.
   */
  static async open(db: Db, store: ObjectStore, today: string): Promise<ErasureKeyStore> {
    const existing = await read(store);
    if (existing) return new ErasureKeyStore(existing, store);
    const keys = await db.transaction(async (tx) => {
      if (tx.kind === 'postgres') await tx.query('SELECT pg_advisory_xact_lock($1)', [CREATE_LOCK]);
      const again = await read(store);
      if (again) return again;
      const [sealed] = await tx.query(
        "SELECT 1 FROM complaints WHERE data_key LIKE 'e1:%' LIMIT 1",
      );
      if (sealed) throw new MissingErasureStateError();
      const fresh = ErasureKeys.fresh(today);
      await store.put(ERASURE_STATE_KEY, Readable.from([Buffer.from(fresh.serialize())]));
      return fresh;
    });
    return new ErasureKeyStore(keys, store);
  }

  /** Takes a newer state another instance stored (each instance, every hour). */
  async refresh(): Promise<void> {
    const stored = await read(this.store);
    if (stored) this.keys.adopt(stored);
  }

  /** Moves the ratchet to `day` and stores it: the keys of the days before are gone. */
  async advanceTo(day: string): Promise<boolean> {
    await this.refresh();
    if (!this.keys.advanceTo(day)) return false;
    await this.store.put(ERASURE_STATE_KEY, Readable.from([Buffer.from(this.keys.serialize())]));
    return true;
  }
}
