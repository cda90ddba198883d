import { ORGANIZATIONS } from '@canal/shared';
import type { Db } from '../../db/database';
import { takeMigrationLock } from '../../db/migrate';
import { MASTER_DATA } from '../../db/seed/master-data';
import { masterDataRepository as repo } from './repository';

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
      for (const [zi, zone] of data.zonas.entries()) {
        await repo.insertNamed(tx, 'master_zones', org.id, zone.id, zone.nombre, zi);
        for (const [ai, agency] of zone.agencias.entries()) {
          await repo.insertAgency(tx, org.id, agency.id, zone.id, agency.nombre, ai);
        }
      }
      for (const [ci, category] of data.categorias.entries()) {
        await repo.insertNamed(tx, 'master_categories', org.id, category.id, category.nombre, ci);
        for (const [ti, type] of category.tipos.entries()) {
          await repo.insertType(tx, org.id, { ...type, categoryId: category.id }, ti);
        }
      }
      const lists = [
        ['relacion', data.relaciones],
        ['reconoce', data.reconoceInvolucrados],
      ] as const;
      for (const [list, options] of lists) {
        for (const [oi, option] of options.entries()) {
          await repo.insertOption(tx, org.id, list, option.id, option.descripcion, oi);
        }
      }
      seeded += 1;
    });
  }
  return seeded;
}
