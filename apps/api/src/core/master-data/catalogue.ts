import { createHash } from 'node:crypto';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import {
  ORGANIZATIONS,
  filterRelationOptions,
  isLegalType,
  placesForZone,
  KNOWLEDGE_SOURCES,
  type Organization,
  type Zona,
  type CategoriaDelitos,
  type OpcionSimple,
} from '@canal/shared';
import type { MasterDataAdminWire } from '@canal/shared/contract';
import type { Db, Listening } from '../../db/database';
import { MASTER_DATA_CHANNEL, masterDataRepository as repo } from './repository';

/**
 * A JSON answer computed once, with its ETag and its brotli and gzip encodings (lists compress 3:1).
 * Each is bytes: a string body would be encoded to UTF-8 again on every send (the lists carry
 * accents), which was a third of the CPU of a master-data read (decision 0025).
 */
export interface CachedAnswer {
  body: Buffer;
  br: Buffer;
  gzip: Buffer;
  etag: string;
}

/** The lists of one organisation: every row (to show what a case holds), or the offered ones. */
interface Lists {
  zones: Zona[];
  categories: CategoriaDelitos[];
  relations: OpcionSimple[];
  recognitions: OpcionSimple[];
  /** type id → category of that type */
  typeToCategory: Map<number, CategoriaDelitos>;
}

interface OrganizationCatalogue {
  /** Every row, retired ones included: what existing cases show. */
  all: Lists;
  /** What the portal offers and a new complaint may choose (active rows under active parents). */
  offered: Lists;
  /** The administrators' view of the lists. */
  admin: MasterDataAdminWire;
  answers: {
    zonas: CachedAnswer;
    lugares: CachedAnswer;
    delitos: CachedAnswer;
    relaciones: CachedAnswer;
    reconoce: CachedAnswer;
    agenciasByZone: Map<number, CachedAnswer>;
  };
}

const cache = (value: unknown): CachedAnswer => {
  const body = Buffer.from(JSON.stringify(value));
  return {
    body,
    br: brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 9 } }),
    gzip: gzipSync(body, { level: constants.Z_BEST_COMPRESSION }),
    etag: `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`,
  };
};

type AllRows = Awaited<ReturnType<typeof repo.readAll>>;

function listsOf(org: Organization, rows: AllRows, onlyActive: boolean): Lists {
  const keep = (r: { organization_id: string; active: boolean }) =>
    r.organization_id === org.id && (!onlyActive || r.active);
  const zones: Zona[] = rows.zones.filter(keep).map((z) => ({
    id: z.id,
    nombre: z.nombre,
    agencias: rows.agencies
      .filter((a) => keep(a) && a.zone_id === z.id)
      .map((a) => ({ id: a.id, nombre: a.nombre })),
  }));
  const categories: CategoriaDelitos[] = rows.categories.filter(keep).map((c) => ({
    categoria: { id: c.id, nombre: c.nombre },
    delito_tipos: rows.types
      .filter((t) => keep(t) && t.category_id === c.id)
      .map((t) => ({ id: t.id, nombre: t.nombre, descripcion: t.descripcion, grupo: t.grupo })),
  }));
  const list = (name: string) =>
    rows.options
      .filter((o) => keep(o) && o.list === name)
      .map((o) => ({ id: o.id, descripcion: o.descripcion }));
  const typeToCategory = new Map<number, CategoriaDelitos>();
  for (const c of categories) for (const t of c.delito_tipos) typeToCategory.set(t.id, c);
  return {
    zones,
    categories,
    // The portal never offers "Colaborador de empresa adherida" where the spec says not to.
    relations: onlyActive ? filterRelationOptions(org, list('relacion')) : list('relacion'),
    recognitions: list('reconoce'),
    typeToCategory,
  };
}

function adminViewOf(org: Organization, rows: AllRows): MasterDataAdminWire {
  const mine = <T extends { organization_id: string }>(r: T) => r.organization_id === org.id;
  const types = rows.types.filter(mine);
  const option = (list: string) =>
    rows.options
      .filter((o) => mine(o) && o.list === list)
      .map((o) => ({ id: o.id, nombre: o.descripcion, activo: o.active }));
  return {
    organizacion: org.id,
    zonas: rows.zones.filter(mine).map((z) => ({ id: z.id, nombre: z.nombre, activo: z.active })),
    lugares: rows.agencies
      .filter(mine)
      .map((a) => ({ id: a.id, nombre: a.nombre, activo: a.active, zona_id: a.zone_id })),
    categorias: rows.categories.filter(mine).map((c) => ({
      id: c.id,
      nombre: c.nombre,
      activo: c.active,
      legal: types.some((t) => t.category_id === c.id && isLegalType(t.id)),
    })),
    tipos: types.map((t) => ({
      id: t.id,
      nombre: t.nombre,
      activo: t.active,
      categoria_id: t.category_id,
      descripcion: t.descripcion,
      grupo: t.grupo,
      legal: isLegalType(t.id),
    })),
    relaciones: option('relacion'),
    reconoce: option('reconoce'),
  };
}

/**
 * Edits committed through each embedded (PGlite) database by this process. PGlite is opened by
 * one process only (its folder is locked), so for it this count is the whole truth and the version
 * row need not be read; the in-process instances of a test share the count through their `Db`.
 */
const embeddedEdits = new WeakMap<Db, number>();

/**
 * Master data held in memory, per organisation: the API answers reads from here (with ETags) and
 * validates complaint ids against it. Loaded on start; an edit bumps a version row in the
 * database, and `ensureFresh` (before every request that reads the catalogue) reloads when that
 * version moved, whichever instance made the edit (decision 0020).
 *
 * On PostgreSQL a server instance `follow`s the edits (decision 0025): the edit's transaction
 * notifies, and while the LISTEN connection is live a request reads no row; a notification makes
 * the next request check the version (and reload). While that connection is down, every request
 * checks the version as before, and once it is back one check catches up on what was missed.
 * `strict` callers (the back office) check the version on every request regardless.
 */
export class MasterDataCatalogue {
  private byOrg = new Map<string, OrganizationCatalogue>();
  private version = -1;
  private running: Promise<void> | null = null;
  private queued: Promise<void> | null = null;
  private embeddedEditsSeen = 0;
  /** The LISTEN connection, while following edits. */
  private listening: Listening | null = null;
  /** The LISTEN is in place: an edit on any instance arrives as a notification. */
  private live = false;
  /** Notifications (and reconnections) heard, and how many of them the last check covered. */
  private heard = 0;
  private checked = 0;

  static async load(db: Db): Promise<MasterDataCatalogue> {
    const catalogue = new MasterDataCatalogue();
    catalogue.embeddedEditsSeen = embeddedEdits.get(db) ?? 0;
    await catalogue.reload(db);
    return catalogue;
  }

  /** The version this instance holds (tests, metrics). */
  get loadedVersion(): number {
    return this.version;
  }

  /** True while edits arrive as notifications (requests then read no version row). */
  get following(): boolean {
    return this.live;
  }

  /** The LISTEN connection's backend pid while following (operations, tests). */
  get listenerPid(): number | null {
    return this.listening?.pid ?? null;
  }

  /**
   * Starts following edits made anywhere (PostgreSQL; on PGlite this process sees every edit
   * already). Returns the stop. Until the LISTEN is in place, requests check the version.
   */
  follow(db: Db): () => Promise<void> {
    if (!db.listen || this.listening) return async () => {};
    const listening = db.listen(MASTER_DATA_CHANNEL, {
      notify: () => {
        this.heard += 1;
        // Reload now rather than on the next request (a failed read: that request retries).
        this.ensureFresh(db).catch(() => {});
      },
      live: () => {
        // Edits made before the LISTEN (or while it was down) sent nothing this instance heard.
        this.heard += 1;
        this.live = true;
        this.ensureFresh(db).catch(() => {});
      },
      lost: () => {
        this.live = false;
      },
    });
    this.listening = listening;
    return async () => {
      this.live = false;
      this.listening = null;
      await listening.close();
    };
  }

  /**
   * Whether the lists held answer for the database as it is without reading anything: on PGlite,
   * no edit since the last reload; on PostgreSQL, the LISTEN live and every notification checked.
   */
  upToDate(db: Db): boolean {
    if (db.kind === 'pglite') return (embeddedEdits.get(db) ?? 0) === this.embeddedEditsSeen;
    return this.live && this.checked === this.heard;
  }

  async reload(db: Db): Promise<void> {
    // The version first: an edit committed while the rows are read makes the next check reload.
    const version = await repo.version(db);
    const rows = await repo.readAll(db);
    const next = new Map<string, OrganizationCatalogue>();
    for (const org of ORGANIZATIONS) {
      const offered = listsOf(org, rows, true);
      next.set(org.id, {
        all: listsOf(org, rows, false),
        offered,
        admin: adminViewOf(org, rows),
        answers: {
          zonas: cache(offered.zones),
          lugares: cache(
            offered.zones.map((z) => ({ id: z.id, nombre: z.nombre, lugares: placesForZone(z) })),
          ),
          delitos: cache(offered.categories),
          relaciones: cache(offered.relations),
          reconoce: cache(offered.recognitions),
          agenciasByZone: new Map(offered.zones.map((z) => [z.id, cache(z.agencias)])),
        },
      });
    }
    this.byOrg = next;
    this.version = version;
  }

  /**
   * Reloads if another instance (or this one) edited the master data since it was read: nothing
   * to do when `upToDate` (unless `strict`); else one read of the version row at a time: callers
   * arriving while one runs share the next one, which starts after it ends — so a caller never
   * trusts a read that began before it arrived.
   */
  ensureFresh(db: Db, options: { strict?: boolean } = {}): Promise<void> {
    if (!options.strict && this.upToDate(db)) return Promise.resolve();
    if (this.queued) return this.queued;
    if (!this.running) {
      this.running = this.check(db).finally(() => {
        this.running = null;
      });
      return this.running;
    }
    const queued = this.running
      .catch(() => undefined)
      .then(() => {
        this.queued = null;
        return this.ensureFresh(db, { strict: true });
      });
    this.queued = queued;
    return queued;
  }

  /** After an edit committed: this instance reloads now; the others on their next check. */
  async edited(db: Db): Promise<void> {
    if (db.kind === 'pglite') embeddedEdits.set(db, (embeddedEdits.get(db) ?? 0) + 1);
    await this.reload(db);
  }

  private async check(db: Db): Promise<void> {
    if (db.kind === 'pglite') {
      const edits = embeddedEdits.get(db) ?? 0;
      if (edits === this.embeddedEditsSeen) return;
      this.embeddedEditsSeen = edits;
      return this.reload(db);
    }
    // Notifications heard before the read are covered by it: they were sent at commit.
    const heard = this.heard;
    if ((await repo.version(db)) !== this.version) await this.reload(db);
    this.checked = Math.max(this.checked, heard);
  }

  private of(org: Organization): OrganizationCatalogue {
    const found = this.byOrg.get(org.id);
    if (!found) throw new Error(`Sin datos maestros para ${org.key}`);
    return found;
  }

  answers(org: Organization) {
    return this.of(org).answers;
  }

  /** Every list of the organisation, retired elements included, for its administrators. */
  adminView(org: Organization): MasterDataAdminWire {
    return this.of(org).admin;
  }

  /** What a new complaint may choose: only offered (active) elements. */
  offered(org: Organization) {
    const lists = this.of(org).offered;
    return {
      zone: (id: number) => lists.zones.find((z) => z.id === id),
      hasType: (id: number) => lists.typeToCategory.has(id),
      relation: (id: number) => lists.relations.find((o) => o.id === id),
      recognition: (id: number) => lists.recognitions.find((o) => o.id === id),
    };
  }

  // What a case shows: every element, retired ones too.

  zone(org: Organization, zoneId: number): Zona | undefined {
    return this.of(org).all.zones.find((z) => z.id === zoneId);
  }

  category(org: Organization, typeId: number): CategoriaDelitos | undefined {
    return this.of(org).all.typeToCategory.get(typeId);
  }

  /** The organisation's complaint categories (id and name), in their order. */
  categories(org: Organization): { id: number; nombre: string }[] {
    return this.of(org).all.categories.map((c) => c.categoria);
  }

  typeName(org: Organization, typeId: number): string | undefined {
    return this.category(org, typeId)?.delito_tipos.find((t) => t.id === typeId)?.nombre;
  }

  relation(org: Organization, id: number): OpcionSimple | undefined {
    return this.of(org).all.relations.find((o) => o.id === id);
  }

  recognition(org: Organization, id: number): OpcionSimple | undefined {
    return this.of(org).all.recognitions.find((o) => o.id === id);
  }

  knowledge(id: number): OpcionSimple | undefined {
    return KNOWLEDGE_SOURCES.find((k) => k.id === id);
  }
}

/** The administrators' view of one organisation read now (inside an edit's transaction). */
export async function readAdminView(db: Db, org: Organization): Promise<MasterDataAdminWire> {
  return adminViewOf(org, await repo.readAll(db));
}
