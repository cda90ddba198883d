import path from 'node:path';
import { loadConfig } from '../config';
import { createObjectStore, LocalObjectStore } from '../storage';
import { migrateFolder } from '../storage/migrate-folder';
import { reportCopy } from './copy-report';

/**
 * `npm run storage:migrate [-- --from <folder>]`: copies a data folder's files (by default
 * `DATA_DIR/files`) into the store the settings choose (STORAGE=s3: the bucket), under the same
 * keys, checking each object's size. Idempotent: run it again after an interruption; objects
 * already there with the same size are skipped. The folder is left as it was.
 */
const config = loadConfig();
const at = process.argv.indexOf('--from');
const from = path.resolve(
  at > 0 && process.argv[at + 1] ? process.argv[at + 1]! : path.join(config.DATA_DIR, 'files'),
);
const store = await createObjectStore(config);
try {
  if (store instanceof LocalObjectStore && store.root === from) {
    console.log(`Nada que copiar: ${from} ya es el almacenamiento configurado.`);
  } else {
    await reportCopy((onFile) => migrateFolder(from, store, onFile));
  }
} finally {
  await store.close();
}
