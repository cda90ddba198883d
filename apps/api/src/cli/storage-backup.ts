import { rm } from 'node:fs/promises';
import path from 'node:path';
import { loadConfig } from '../config';
import { fileKeysStore } from '../maintenance/file-keys-store';
import { openConfiguredDatabase } from '../runtime';
import { createObjectStore, LocalObjectStore } from '../storage';
import { copyObjects } from '../storage/copy-objects';
import { reportCopy } from './copy-report';

/**
 * `npm run storage:backup -- --to <folder>`: copies every file the database names (committed
 * attachments) from the configured store (STORAGE=s3: the bucket; else DATA_DIR/files) into
 * `<folder>`, laid out like `DATA_DIR/files`, so that `npm run storage:migrate -- --from <folder>`
 * restores it into a bucket (or it is copied back into a data folder). Run it after `pg_dump`: the
 * files are then a superset of those in the dump. Idempotent; the files stay encrypted (the key is
 * not needed and never copied).
 */
const at = process.argv.indexOf('--to');
if (at < 0 || !process.argv[at + 1]) {
  console.error('Uso: npm run storage:backup -- --to <carpeta>');
  process.exit(1);
}
const to = path.resolve(process.argv[at + 1]!);
const config = loadConfig();
const db = await openConfiguredDatabase(config);
const from = await createObjectStore(config);
// Partial writes beside the folder (same file system, outside it), removed at the end.
const partial = path.join(path.dirname(to), `.${path.basename(to)}.parcial`);
const target = new LocalObjectStore({ root: to, tempDir: partial });
try {
  await reportCopy(async (onFile) => {
    await target.init();
    return copyObjects(await fileKeysStore.all(db), from, target, onFile);
  });
} finally {
  await from.close();
  await db.close();
  await rm(partial, { recursive: true, force: true });
}
