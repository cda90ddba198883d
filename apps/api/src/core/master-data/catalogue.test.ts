import { describe, expect, it } from 'vitest';
import type { Db } from '../../db/database';
import { MasterDataCatalogue } from './catalogue';

/**
 * A database holding no master data and a version that tests move: it counts the version reads
 * and the reloads, and lets a test hold a version read in flight.
 */
function fakeDb() {
  const state = { version: 1, versionReads: 0, reloads: 0, gate: null as Promise<void> | null };
  const db = {
    kind: 'postgres',
    async query(text: string) {
      if (text.includes('master_data_version')) {
        state.versionReads += 1;
        const seen = state.version;
        if (state.gate) await state.gate;
        return [{ version: seen }];
      }
      if (text.includes('FROM master_zones')) state.reloads += 1;
      return [];
    },
  } as unknown as Db;
  return { db, state };
}

describe('MasterDataCatalogue.ensureFresh', () => {
  it('on an embedded database, follows the edits of this process without reading the version', async () => {
    const { db, state } = fakeDb();
    const embedded = Object.assign(Object.create(db) as Db, { kind: 'pglite' });
    const one = await MasterDataCatalogue.load(embedded);
    const other = await MasterDataCatalogue.load(embedded);
    const reads = state.versionReads;
    await other.ensureFresh(embedded);
    expect(state.reloads).toBe(2);
    await one.edited(embedded);
    await other.ensureFresh(embedded);
    expect(state.reloads).toBe(4); // the editor's reload and the other instance's
    await other.ensureFresh(embedded);
    expect(state.reloads).toBe(4);
    // Only the reloads read the version: no read per request.
    expect(state.versionReads - reads).toBe(2);
  });

  it('reloads only when the version moved', async () => {
    const { db, state } = fakeDb();
    const catalogue = await MasterDataCatalogue.load(db);
    expect(state.reloads).toBe(1);
    await catalogue.ensureFresh(db);
    expect(state.reloads).toBe(1);
    state.version = 2;
    await catalogue.ensureFresh(db);
    expect(state.reloads).toBe(2);
    expect(catalogue.loadedVersion).toBe(2);
  });

  it('makes callers that arrive during a read share the next one, which sees a later edit', async () => {
    const { db, state } = fakeDb();
    const catalogue = await MasterDataCatalogue.load(db);
    const reads = state.versionReads;
    let open!: () => void;
    state.gate = new Promise((resolve) => (open = resolve));
    const first = catalogue.ensureFresh(db); // reads version 1, held
    state.version = 2; // an edit commits while that read is in flight
    const later = [catalogue.ensureFresh(db), catalogue.ensureFresh(db), catalogue.ensureFresh(db)];
    state.gate = null;
    open();
    await Promise.all([first, ...later]);
    // The read in flight, one shared by the three later callers (not three), and the reload's.
    expect(state.versionReads - reads).toBe(3);
    expect(state.reloads).toBe(2);
    // The later callers did not trust the read that began before them.
    expect(catalogue.loadedVersion).toBe(2);
  });
});
