import type { Db } from '../../db/database';

/** The master-data tables (zones, agencies, categories, types, option lists): SQL only. */
export const masterDataRepository = {
  /** Every row of every list, in display order, for all organisations. */
  async readAll(db: Db) {
    const [zones, agencies, categories, types, options] = await Promise.all([
      db.query<{ organization_id: string; id: number; nombre: string }>(
        'SELECT organization_id, id, nombre FROM master_zones ORDER BY position, id',
      ),
      db.query<{ organization_id: string; id: number; zone_id: number; nombre: string }>(
        'SELECT organization_id, id, zone_id, nombre FROM master_agencies ORDER BY position, id',
      ),
      db.query<{ organization_id: string; id: number; nombre: string }>(
        'SELECT organization_id, id, nombre FROM master_categories ORDER BY position, id',
      ),
      db.query<{
        organization_id: string;
        id: number;
        category_id: number;
        nombre: string;
        descripcion: string;
        grupo: string | null;
      }>(
        'SELECT organization_id, id, category_id, nombre, descripcion, grupo FROM master_types ORDER BY position, id',
      ),
      db.query<{ organization_id: string; list: string; id: number; descripcion: string }>(
        'SELECT organization_id, list, id, descripcion FROM master_options ORDER BY position, id',
      ),
    ]);
    return { zones, agencies, categories, types, options };
  },

  async hasAny(tx: Db, organizationId: string): Promise<boolean> {
    const rows = await tx.query('SELECT 1 FROM master_zones WHERE organization_id = $1 LIMIT 1', [
      organizationId,
    ]);
    return rows.length > 0;
  },

  /** A zone or a category: both are an id and a name in their organisation's order. */
  async insertNamed(
    tx: Db,
    table: 'master_zones' | 'master_categories',
    org: string,
    id: number,
    nombre: string,
    position: number,
  ) {
    await tx.query(
      `INSERT INTO ${table} (organization_id, id, nombre, position) VALUES ($1,$2,$3,$4)`,
      [org, id, nombre, position],
    );
  },

  async insertAgency(
    tx: Db,
    org: string,
    id: number,
    zoneId: number,
    nombre: string,
    position: number,
  ) {
    await tx.query(
      'INSERT INTO master_agencies (organization_id, id, zone_id, nombre, position) VALUES ($1,$2,$3,$4,$5)',
      [org, id, zoneId, nombre, position],
    );
  },

  async insertType(
    tx: Db,
    org: string,
    t: {
      id: number;
      categoryId: number;
      nombre: string;
      descripcion: string;
      grupo: string | null;
    },
    position: number,
  ) {
    await tx.query(
      `INSERT INTO master_types (organization_id, id, category_id, nombre, descripcion, grupo, position)
       VALUES ($1,$2,$3,$4,$5,$6,$7)`,
      [org, t.id, t.categoryId, t.nombre, t.descripcion, t.grupo, position],
    );
  },

  async insertOption(
    tx: Db,
    org: string,
    list: string,
    id: number,
    descripcion: string,
    position: number,
  ) {
    await tx.query(
      'INSERT INTO master_options (organization_id, list, id, descripcion, position) VALUES ($1,$2,$3,$4,$5)',
      [org, list, id, descripcion, position],
    );
  },
};
