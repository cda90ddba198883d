import type { FolderMigration } from './migrate-folder';
import type { ObjectStore } from './object-store';

/**
 * Copies the objects `keys` from one store to another, one at a time and streamed, under the same
 * keys (a backup of a bucket into a folder laid out like `DATA_DIR/files`). Idempotent like
 * `migrateFolder`: a key already in the target with the source's size is skipped; each copy's size
 * is checked afterwards, and a missing source object or a mismatch throws.
 */
export async function copyObjects(
  keys: string[],
  from: ObjectStore,
  to: ObjectStore,
  onObject: (key: string, action: 'copied' | 'skipped') => void = () => {},
): Promise<FolderMigration> {
  const result: FolderMigration = { copied: 0, skipped: 0, bytes: 0 };
  for (const key of keys) {
    const source = await from.head(key);
    if (!source) throw new Error(`${key}: no está en el almacenamiento de origen`);
    const existing = await to.head(key);
    if (existing && existing.bytes === source.bytes) {
      result.skipped += 1;
      onObject(key, 'skipped');
      continue;
    }
    await to.put(key, await from.get(key));
    const stored = await to.head(key);
    if (!stored || stored.bytes !== source.bytes)
      throw new Error(
        `${key}: la copia tiene ${stored?.bytes ?? 0} bytes, el original ${source.bytes}`,
      );
    result.copied += 1;
    result.bytes += source.bytes;
    onObject(key, 'copied');
  }
  return result;
}
