import { readdirSync } from 'node:fs';
import path from 'node:path';
import { ERASURE_STATE_KEY } from '../../src/core/retention/erasure-key-store';

/**
 * The complaint files a local store's folder holds, by their paths under it: every file but the
 * erasure ratchet's state (`retention/erasure-keys.json`, decision 0047), which the store keeps
 * beside them by design.
 */
export function complaintFilesOnDisk(root: string): string[] {
  return readdirSync(root, { recursive: true, withFileTypes: true })
    .filter((d) => d.isFile())
    .map((d) => path.relative(root, path.join(d.parentPath, d.name)))
    .filter((name) => name.split(path.sep).join('/') !== ERASURE_STATE_KEY);
}
