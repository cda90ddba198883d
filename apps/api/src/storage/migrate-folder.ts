import { createReadStream } from 'node:fs';
import { readdir, stat } from 'node:fs/promises';
import path from 'node:path';
import type { ObjectStore } from './object-store';

export interface FolderMigration {
  /** Files copied (missing in the store, or there with another size). */
  copied: number;
  /** Files already in the store with the same size. */
  skipped: number;
  bytes: number;
}

/** Paths of the regular files below `root`, relative and with `/`, sorted. */
async function filesBelow(root: string, dir = ''): Promise<string[]> {
  const out: string[] = [];
  const entries = await readdir(path.join(root, dir), { withFileTypes: true });
  for (const entry of entries.sort((a, b) => a.name.localeCompare(b.name))) {
    const rel = dir ? `${dir}/${entry.name}` : entry.name;
    if (entry.isDirectory()) out.push(...(await filesBelow(root, rel)));
    else if (entry.isFile()) out.push(rel);
  }
  return out;
}

/**
 * Copies every file below `folder` (a data folder's `files/`) into `store` under the same key
 * (its relative path), one at a time and streamed. Idempotent: a key already stored with the
 * file's size is skipped, so an interrupted run is simply run again. Each copied object's size is
 * checked against the file's afterwards; a mismatch throws (nothing is deleted from the folder).
 */
export async function migrateFolder(
  folder: string,
  store: ObjectStore,
  onFile: (key: string, action: 'copied' | 'skipped') => void = () => {},
): Promise<FolderMigration> {
  const result: FolderMigration = { copied: 0, skipped: 0, bytes: 0 };
  for (const key of await filesBelow(folder)) {
    const file = path.join(folder, ...key.split('/'));
    const size = (await stat(file)).size;
    const existing = await store.head(key);
    if (existing && existing.bytes === size) {
      result.skipped += 1;
      onFile(key, 'skipped');
      continue;
    }
    await store.put(key, createReadStream(file));
    const stored = await store.head(key);
    if (!stored || stored.bytes !== size)
      throw new Error(
        `${key}: the store holds ${stored?.bytes ?? 'nothing'} bytes, the file ${size}`,
      );
    result.copied += 1;
    result.bytes += size;
    onFile(key, 'copied');
  }
  return result;
}
