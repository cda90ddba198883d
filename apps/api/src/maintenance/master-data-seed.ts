import { ORGANIZATIONS } from '@canal/shared';
import type { Db, SqlParam } from '../db/database';
import { takeMigrationLock } from '../db/migrate';
import { MASTER_DATA } from '../db/seed/master-data';
import { masterDataRepository as repo } from '../core/master-data/repository';

/**
 * Writes the seed master data of every organisation that has none yet. Idempotent: a deployment
 * that edited its lists keeps them. Each organisation is checked and written under the migration
 * lock, so processes starting together on an empty database take turns instead of colliding.
 */
export async function seedMasterData(db: Db): Promise<number> {
  let seeded = 0;
  for (const org of ORGANIZATIONS) {
    const data = MASTER_DATA[org.key];
    await db.transaction(async (tx) => {
      await takeMigrationLock(tx);
      if (await repo.hasAny(tx, org.id)) return;
      const insert = (table: Parameters<typeof repo.insertRow>[1], row: Record<string, SqlParam>) =>
        repo.insertRow(tx, table, { organization_id: org.id, ...row });
      for (const [zi, zone] of data.zonas.entries()) {
        await insert('master_zones', { id: zone.id, nombre: zone.nombre, position: zi });
        for (const [ai, agency] of zone.agencias.entries()) {
          await insert('master_agencies', {
            id: agency.id,
            zone_id: zone.id,
            nombre: agency.nombre,
            position: ai,
          });
        }
      }
      for (const [ci, category] of data.categorias.entries()) {
        await insert('master_categories', {
          id: category.id,
          nombre: category.nombre,
          position: ci,
        });
        for (const [ti, type] of category.tipos.entries()) {
          await insert('master_types', {
            id: type.id,
            category_id: category.id,
            nombre: type.nombre,
            descripcion: type.descripcion,
            grupo: type.grupo,
            position: ti,
          });
        }
      }
      const lists = [
        ['relacion', data.relaciones],
        ['reconoce', data.reconoceInvolucrados],
      ] as const;
      for (const [list, options] of lists) {
        for (const [oi, option] of options.entries()) {
          await insert('master_options', {
            list,
            id: option.id,
            descripcion: option.descripcion,
            position: oi,
          });
        }
      }
      await repo.bumpVersion(tx);
      seeded += 1;
    });
  }
  return seeded;
}
