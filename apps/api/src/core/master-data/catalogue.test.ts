import { describe, expect, it } from 'vitest';
import type { Db, ListenHandlers } from '../../db/database';
import { MasterDataCatalogue } from './catalogue';

/**
 * A database holding no master data and a version that tests move: it counts the version reads
 * and the reloads, and lets a test hold a version read in flight.
 */
function fakeDb() {
  const state = {
    version: 1,
    versionReads: 0,
    reloads: 0,
    gate: null as Promise<void> | null,
    /** What the catalogue listens with (`follow`), once it does. */
    listener: null as ListenHandlers | null,
    closed: false,
  };
  const db = {
    kind: 'postgres',
    listen(_channel: string, handlers: ListenHandlers) {
      state.listener = handlers;
      return {
        pid: 1,
        close: async () => {
          state.closed = true;
        },
      };
    },
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

describe('MasterDataCatalogue.follow (PostgreSQL: edits arrive as notifications)', () => {
  /** A catalogue following edits, its LISTEN in place and caught up. */
  async function following() {
    const { db, state } = fakeDb();
    const catalogue = await MasterDataCatalogue.load(db);
    const stop = catalogue.follow(db);
    expect(catalogue.following).toBe(false);
    state.listener!.live();
    expect(catalogue.following).toBe(true);
    await catalogue.ensureFresh(db); // the catch-up check after the LISTEN
    return { db, state, catalogue, stop };
  }

  it('until the LISTEN is in place, checks the version on every request', async () => {
    const { db, state } = fakeDb();
    const catalogue = await MasterDataCatalogue.load(db);
    catalogue.follow(db);
    const reads = state.versionReads;
    await catalogue.ensureFresh(db);
    await catalogue.ensureFresh(db);
    expect(state.versionReads - reads).toBe(2);
    expect(catalogue.upToDate(db)).toBe(false);
  });

  it('while the LISTEN is live, reads no row per request; a notification reloads', async () => {
    const { db, state, catalogue } = await following();
    const reads = state.versionReads;
    expect(catalogue.upToDate(db)).toBe(true);
    await catalogue.ensureFresh(db);
    await catalogue.ensureFresh(db);
    expect(state.versionReads).toBe(reads);
    // An edit on another instance: the version moves and its notification arrives.
    state.version = 2;
    state.listener!.notify();
    expect(catalogue.upToDate(db)).toBe(false);
    await catalogue.ensureFresh(db);
    expect(catalogue.loadedVersion).toBe(2);
    expect(catalogue.upToDate(db)).toBe(true);
    const after = state.versionReads;
    await catalogue.ensureFresh(db);
    expect(state.versionReads).toBe(after);
  });

  it('catches up at the LISTEN edits made before it was in place', async () => {
    const { db, state } = fakeDb();
    const catalogue = await MasterDataCatalogue.load(db);
    catalogue.follow(db);
    state.version = 5; // edited on another instance before this one listened: no notification
    state.listener!.live();
    await catalogue.ensureFresh(db);
    expect(catalogue.loadedVersion).toBe(5);
  });

  it('when the LISTEN connection drops, checks the version on every request until it is back, then catches up', async () => {
    const { db, state, catalogue } = await following();
    state.listener!.lost();
    expect(catalogue.following).toBe(false);
    // Edited while the connection was down: the very next request sees it.
    state.version = 3;
    await catalogue.ensureFresh(db);
    expect(catalogue.loadedVersion).toBe(3);
    const reads = state.versionReads;
    await catalogue.ensureFresh(db);
    expect(state.versionReads - reads).toBe(1);
    // Edited just before the LISTEN is back: its notification went nowhere.
    state.version = 4;
    state.listener!.live();
    await catalogue.ensureFresh(db);
    expect(catalogue.loadedVersion).toBe(4);
    const back = state.versionReads;
    await catalogue.ensureFresh(db);
    expect(state.versionReads).toBe(back);
  });

  it('strict callers (the back office) check the version even while following', async () => {
    const { db, state, catalogue } = await following();
    state.version = 7; // committed; its notification not yet arrived
    await catalogue.ensureFresh(db, { strict: true });
    expect(catalogue.loadedVersion).toBe(7);
  });

  it('stops listening when stopped', async () => {
    const { db, state, catalogue, stop } = await following();
    await stop();
    expect(state.closed).toBe(true);
    expect(catalogue.following).toBe(false);
    expect(catalogue.upToDate(db)).toBe(false);
  });
});
