import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { openDatabase } from '../../src/db/database';
import { migrate } from '../../src/db/migrate';
import { seedMasterData } from '../../src/maintenance/master-data-seed';
import { PGLITE_TEMPLATE_ENV } from '@canal/test-support/app';

/**
 * The API project's global setup: on PGlite (no DATABASE_URL), one database migrated and seeded
 * as `prepareDatabase` does before any key is involved, dumped to a file that every test file's
 * database starts from. Each file then skips PGlite's initdb and the migrations (seconds of WASM
 * work each, on every one of a hundred files) and still gets a database of its own.
 */
export default async function setup(): Promise<(() => void) | undefined> {
  if (process.env.DATABASE_URL) return undefined;
  const db = await openDatabase({});
  try {
    await migrate(db);
    await seedMasterData(db);
    const dump = await db.snapshot!();
    const folder = mkdtempSync(path.join(tmpdir(), 'canal-pglite-template-'));
    const file = path.join(folder, 'migrated.tar');
    writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
    process.env[PGLITE_TEMPLATE_ENV] = file;
    return () => rmSync(folder, { recursive: true, force: true });
  } finally {
    await db.close();
  }
}
