import { ORGANIZATIONS } from '@canal/shared';
import type { Db } from '../../db/database';
import { MASTER_DATA } from '../../db/seed/master-data';

/**
 * Writes the seed master data of every organisation that has none yet. Idempotent: a deployment
 * that edited its lists keeps them.
 */
export async function seedMasterData(db: Db): Promise<number> {
  let seeded = 0;
  for (const org of ORGANIZATIONS) {
    const data = MASTER_DATA[org.key];
    await db.transaction(async (tx) => {
      const existing = await tx.query('SELECT 1 FROM master_zones WHERE organization_id = $1 LIMIT 1', [org.id]);
      if (existing.length > 0) return;
      for (const [zi, zone] of data.zonas.entries()) {
        await tx.query('INSERT INTO master_zones (organization_id, id, nombre, position) VALUES ($1,$2,$3,$4)', [
          org.id,
          zone.id,
          zone.nombre,
          zi,
        ]);
        for (const [ai, agency] of zone.agencias.entries()) {
          await tx.query(
            'INSERT INTO master_agencies (organization_id, id, zone_id, nombre, position) VALUES ($1,$2,$3,$4,$5)',
            [org.id, agency.id, zone.id, agency.nombre, ai],
          );
        }
      }
      for (const [ci, category] of data.categorias.entries()) {
        await tx.query('INSERT INTO master_categories (organization_id, id, nombre, position) VALUES ($1,$2,$3,$4)', [
          org.id,
          category.id,
          category.nombre,
          ci,
        ]);
        for (const [ti, type] of category.tipos.entries()) {
          await tx.query(
            `INSERT INTO master_types (organization_id, id, category_id, nombre, descripcion, grupo, position)
             VALUES ($1,$2,$3,$4,$5,$6,$7)`,
            [org.id, type.id, category.id, type.nombre, type.descripcion, type.grupo, ti],
          );
        }
      }
      const lists = [
        ['relacion', data.relaciones],
        ['reconoce', data.reconoceInvolucrados],
      ] as const;
      for (const [list, options] of lists) {
        for (const [oi, option] of options.entries()) {
          await tx.query(
            'INSERT INTO master_options (organization_id, list, id, descripcion, position) VALUES ($1,$2,$3,$4,$5)',
            [org.id, list, option.id, option.descripcion, oi],
          );
        }
      }
      seeded += 1;
    });
  }
  return seeded;
}
