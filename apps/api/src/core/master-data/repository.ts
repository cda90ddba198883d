import type { MasterList } from '@canal/shared';
import type { Db, SqlParam } from '../../db/database';

/** The master-data tables (zones, agencies, categories, types, option lists): SQL only. */
type MasterTable =
  'master_zones' | 'master_agencies' | 'master_categories' | 'master_types' | 'master_options';

/**
 * Where each administered list lives: its table, and for the two option lists the `list` value
 * that tells them apart. The name of an option is its `descripcion` column.
 */
const LISTS: Record<MasterList, { table: MasterTable; option?: 'relacion' | 'reconoce' }> = {
  zonas: { table: 'master_zones' },
  lugares: { table: 'master_agencies' },
  categorias: { table: 'master_categories' },
  tipos: { table: 'master_types' },
  relaciones: { table: 'master_options', option: 'relacion' },
  reconoce: { table: 'master_options', option: 'reconoce' },
};

/** `WHERE` of one list of one organisation, its parameters starting at $1. */
function scope(list: MasterList, organizationId: string) {
  const { table, option } = LISTS[list];
  return option
    ? { table, where: 'organization_id = $1 AND list = $2', params: [organizationId, option] }
    : { table, where: 'organization_id = $1', params: [organizationId] as SqlParam[] };
}

/** The columns an edit may set, per list (fixed names: never taken from a request). */
export interface MasterRowChange {
  name: string;
  zoneId?: number;
  categoryId?: number;
  description?: string;
  group?: string | null;
}

function columnsOf(list: MasterList, change: MasterRowChange): Record<string, SqlParam> {
  const nameColumn = LISTS[list].option ? 'descripcion' : 'nombre';
  const columns: Record<string, SqlParam> = { [nameColumn]: change.name };
  if (list === 'lugares' && change.zoneId !== undefined) columns.zone_id = change.zoneId;
  if (list === 'tipos') {
    if (change.categoryId !== undefined) columns.category_id = change.categoryId;
    if (change.description !== undefined) columns.descripcion = change.description;
    if (change.group !== undefined) columns.grupo = change.group;
  }
  return columns;
}

/**
 * The channel every edit notifies on PostgreSQL (scoped to the schema, as `Db.listen` expects) and
 * every server instance's catalogue listens on (decision 0025).
 */
export const MASTER_DATA_CHANNEL = 'canal_master_data';

export const masterDataRepository = {
  /** Every row of every list (retired ones too), in display order, for all organisations. */
  async readAll(db: Db) {
    const [zones, agencies, categories, types, options] = await Promise.all([
      db.query<{ organization_id: string; id: number; nombre: string; active: boolean }>(
        'SELECT organization_id, id, nombre, active FROM master_zones ORDER BY position, id',
      ),
      db.query<{
        organization_id: string;
        id: number;
        zone_id: number;
        nombre: string;
        active: boolean;
      }>(
        'SELECT organization_id, id, zone_id, nombre, active FROM master_agencies ORDER BY position, id',
      ),
      db.query<{ organization_id: string; id: number; nombre: string; active: boolean }>(
        'SELECT organization_id, id, nombre, active FROM master_categories ORDER BY position, id',
      ),
      db.query<{
        organization_id: string;
        id: number;
        category_id: number;
        nombre: string;
        descripcion: string;
        grupo: string | null;
        active: boolean;
      }>(
        'SELECT organization_id, id, category_id, nombre, descripcion, grupo, active FROM master_types ORDER BY position, id',
      ),
      db.query<{
        organization_id: string;
        list: string;
        id: number;
        descripcion: string;
        active: boolean;
      }>(
        'SELECT organization_id, list, id, descripcion, active FROM master_options ORDER BY position, id',
      ),
    ]);
    return { zones, agencies, categories, types, options };
  },

  /** The master data's version (one row, read by primary key). */
  async version(db: Db): Promise<number> {
    const [row] = await db.query<{ version: number }>(
      'SELECT version FROM master_data_version WHERE singleton',
    );
    return Number(row?.version ?? 0);
  },

  /**
   * Bumps the version: the first statement of every edit. Its row lock also queues concurrent
   * edits, so the next id and the duplicate-name checks of one edit see the previous one. On
   * PostgreSQL it also notifies the other instances (delivered when the transaction commits).
   */
  async bumpVersion(tx: Db): Promise<void> {
    await tx.query('UPDATE master_data_version SET version = version + 1 WHERE singleton');
    // Delivered at commit (never on rollback) to every instance listening (catalogue.follow).
    if (tx.kind === 'postgres')
      await tx.query(`SELECT pg_notify($1 || ':' || current_schema(), '')`, [MASTER_DATA_CHANNEL]);
  },

  async hasAny(tx: Db, organizationId: string): Promise<boolean> {
    const rows = await tx.query('SELECT 1 FROM master_zones WHERE organization_id = $1 LIMIT 1', [
      organizationId,
    ]);
    return rows.length > 0;
  },

  /**
   * One seed row of a master-data table (zones, agencies, categories, types, option lists) of
   * organisation `organization_id`: the row's keys are its columns (named here, in the seed).
   */
  async insertRow(tx: Db, table: MasterTable, row: Record<string, SqlParam>) {
    const columns = Object.keys(row);
    const values = columns.map((_, i) => `$${i + 1}`);
    await tx.query(
      `INSERT INTO ${table} (${columns.join(', ')}) VALUES (${values.join(', ')})`,
      Object.values(row),
    );
  },

  /**
   * Adds an element at the end of its list. Its id is the largest of that table in every
   * organisation plus one, so a new id never names two different things across organisations.
   */
  async insert(tx: Db, list: MasterList, organizationId: string, change: MasterRowChange) {
    const { table, option } = LISTS[list];
    const [next] = await tx.query<{ id: number; position: number }>(
      `SELECT (SELECT COALESCE(max(id), 0) + 1 FROM ${table}${option ? ' WHERE list = $2' : ''}) AS id,
              (SELECT COALESCE(max(position), -1) + 1 FROM ${table} WHERE organization_id = $1) AS position`,
      option ? [organizationId, option] : [organizationId],
    );
    await this.insertRow(tx, table, {
      organization_id: organizationId,
      ...(option ? { list: option } : {}),
      id: next!.id,
      position: next!.position,
      ...columnsOf(list, change),
    });
    return next!.id;
  },

  async update(
    tx: Db,
    list: MasterList,
    organizationId: string,
    id: number,
    change: MasterRowChange,
  ): Promise<boolean> {
    const { table, where, params } = scope(list, organizationId);
    const columns = columnsOf(list, change);
    const sets = Object.keys(columns).map((c, i) => `${c} = $${params.length + 2 + i}`);
    const rows = await tx.query(
      `UPDATE ${table} SET ${sets.join(', ')} WHERE ${where} AND id = $${params.length + 1} RETURNING id`,
      [...params, id, ...Object.values(columns)],
    );
    return rows.length > 0;
  },

  async setActive(
    tx: Db,
    list: MasterList,
    organizationId: string,
    id: number,
    active: boolean,
  ): Promise<boolean> {
    const { table, where, params } = scope(list, organizationId);
    const rows = await tx.query(
      `UPDATE ${table} SET active = $${params.length + 2} WHERE ${where} AND id = $${params.length + 1} RETURNING id`,
      [...params, id, active],
    );
    return rows.length > 0;
  },

  /** Gives `ids` the positions 0, 1, 2… in that order (ids of that list and organisation). */
  async setOrder(tx: Db, list: MasterList, organizationId: string, ids: number[]) {
    const { table, where, params } = scope(list, organizationId);
    await tx.query(
      `UPDATE ${table} t SET position = o.position - 1
         FROM unnest($${params.length + 1}::int[]) WITH ORDINALITY AS o(id, position)
        WHERE ${where.replace(/\b(organization_id|list)\b/g, 't.$1')} AND t.id = o.id`,
      [...params, ids],
    );
  },
};
