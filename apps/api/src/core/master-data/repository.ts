import type { Db, SqlParam } from '../../db/database';

/** The master-data tables (zones, agencies, categories, types, option lists): SQL only. */
type MasterTable =
  'master_zones' | 'master_agencies' | 'master_categories' | 'master_types' | 'master_options';

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
};
