import { createHash, randomUUID } from 'node:crypto';
import { PassThrough, Transform, Writable, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import {
  decryptingTransform,
  decryptingV1Transform,
  encryptingStream,
  HEADER_BYTES,
  isV2Header,
} from '../crypto/file-cipher';
import { storeKeyCheck } from '../crypto/key-check';
import type { Keyring } from '../crypto/keys';
import { openField, sealField, type SealedFieldName } from '../crypto/sealed-field';
import type { Db } from '../db/database';
import type { ObjectStore } from '../storage';
import { stagedStore } from '../core/files/staged-store';
import {
  COMPLAINT_SEALED,
  complaintStore,
  type ComplaintSealedColumn,
} from '../core/complaints/complaint-store';
import { MASTER_SEALED, reEncryptStore as store } from './re-encrypt-store';
import { pendingFilingStore } from '../core/files/pending-filing-store';

/** Rows per batch; each complaint's rewrite is one transaction, so a stop loses nothing. */
const BATCH = 100;

type Progress = (message: string) => void;

/**
 * `npm run reseal`: rewrites every version-1 sealed field (no additional data) as version 2
 * (bound to its complaint and field, with a key id), complaint by complaint, one transaction
 * each. Idempotent and resumable: only version-1 values are read, and each update applies only
 * if the value is still the one read. Returns the number of values rewritten.
 */
export async function resealFields(
  db: Db,
  keyring: Keyring,
  progress: Progress = () => {},
): Promise<number> {
  let rewritten = 0;
  for (let after = 0; ;) {
    const batch = await store.complaintsWithV1(db, after, BATCH);
    for (const row of batch) {
      const key = keyring.unwrapDataKey(row.data_key);
      const reseal = (value: string, field: SealedFieldName) => {
        const place = { complaintId: row.id, field };
        return sealField(key, openField(key, value, place), place);
      };
      const count = await db.transaction(async (tx) => {
        let n = 0;
        for (const [column, field] of Object.entries(COMPLAINT_SEALED) as [
          ComplaintSealedColumn,
          SealedFieldName,
        ][]) {
          const value = row[column];
          if (value === null || value.startsWith('v2:')) continue;
          await complaintStore.rewriteSealedColumn(tx, row.id, column, value, reseal(value, field));
          n++;
        }
        for (const c of await store.v1LogComments(tx, row.id)) {
          await complaintStore.rewriteLogComment(
            tx,
            c.id,
            c.value,
            reseal(c.value, 'complaint_log.comment'),
          );
          n++;
        }
        for (const f of await store.v1FileNames(tx, row.id)) {
          await complaintStore.rewriteFileName(
            tx,
            f.id,
            f.value,
            reseal(f.value, 'complaint_files.name'),
          );
          n++;
        }
        return n;
      });
      rewritten += count;
      progress(`caso ${row.id}: ${count} campos`);
      after = row.id;
    }
    if (batch.length < BATCH) return rewritten;
  }
}

export interface RewrapResult {
  dataKeys: number;
  sealed: number;
  root: boolean;
}

/**
 * `npm run keys:rewrap`: after a rotation (DATA_ENCRYPTION_KEY the new key,
 * DATA_ENCRYPTION_KEY_PREVIOUS the old ones), wraps every complaint's data key, the root key and
 * every master-sealed secret (staff TOTP secrets, pending mail, the local mailbox) under the
 * current key, then stores the current key's check: from then on the old key is neither needed
 * nor accepted. Idempotent and resumable (values already under the current key id are skipped;
 * each update applies only if the value is still the one read).
 */
export async function rewrapKeys(
  db: Db,
  keyring: Keyring,
  progress: Progress = () => {},
): Promise<RewrapResult> {
  const result: RewrapResult = { dataKeys: 0, sealed: 0, root: false };
  for (let after = 0; ;) {
    const batch = await store.dataKeysNotUnder(db, keyring.keyId, after, BATCH);
    for (const row of batch) {
      // Keeps a key's erasure day (decision 0047): no day key is needed to re-wrap it.
      const wrapped = keyring.rewrapDataKey(row.data_key);
      await complaintStore.rewrapDataKey(db, row.id, row.data_key, wrapped);
      result.dataKeys++;
      after = row.id;
    }
    if (batch.length < BATCH) break;
  }
  // Pending filings' keys (decision 0074; at most a day's worth, so in one pass): a filing
  // adopts its pending filing's key as it is then wrapped.
  for (const row of await pendingFilingStore.keysNotUnder(db, keyring.keyId)) {
    await pendingFilingStore.rewrap(db, row.id, row.data_key, keyring.rewrapDataKey(row.data_key));
    result.dataKeys++;
  }
  progress(`claves de datos: ${result.dataKeys}`);
  for (const table of MASTER_SEALED) {
    let n = 0;
    for (let after = ''; ;) {
      const batch = await store.masterSealedNotUnder(db, table, keyring.keyId, after, BATCH);
      for (const row of batch) {
        const value = keyring.sealWithMaster(keyring.openWithMaster(row.value));
        await store.setMasterSealed(db, table, row.id, row.value, value);
        n++;
        after = row.id;
      }
      if (batch.length < BATCH) break;
    }
    result.sealed += n;
    progress(`${table.table}.${table.column}: ${n}`);
  }
  const root = await store.root(db);
  if (root && keyring.wrappedKeyId(root) !== keyring.keyId) {
    await store.setRoot(db, root, keyring.wrapKey(keyring.unwrapDataKey(root)));
    result.root = true;
  }
  await storeKeyCheck(db, keyring);
  return result;
}

export interface FileMigrationResult {
  migrated: number;
  skipped: number;
  bytes: number;
}

/** A pass-through that hashes what crosses it (the plaintext). */
const hashing = () => {
  const hash = createHash('sha256');
  let bytes = 0;
  const stream = new Transform({
    transform(chunk: Buffer, _e, done) {
      hash.update(chunk);
      bytes += chunk.length;
      done(null, chunk);
    },
  });
  return { stream, digest: () => ({ hex: hash.digest('hex'), bytes }) };
};

const discard = () =>
  new Writable({
    write(_c, _e, done) {
      done();
    },
  });

/** Reads the first bytes of a stored object (then drops the stream). */
async function head(objects: ObjectStore, key: string): Promise<Buffer> {
  const source = await objects.get(key);
  const chunks: Buffer[] = [];
  let length = 0;
  try {
    for await (const chunk of source as AsyncIterable<Buffer>) {
      chunks.push(chunk);
      length += chunk.length;
      if (length >= HEADER_BYTES) break;
    }
  } finally {
    source.destroy();
  }
  return Buffer.concat(chunks);
}

/** Plaintext SHA-256 of a stored v2 object, checking every segment. */
async function v2Digest(objects: ObjectStore, key: string, dataKey: Buffer) {
  const { stream, digest } = hashing();
  await pipeline(await objects.get(key), decryptingTransform(dataKey), stream, discard());
  return digest();
}

/**
 * `npm run files:migrate`: re-encrypts every stored file still in format v1 (one GCM tag) as v2
 * (64 KiB authenticated segments), through the ObjectStore (local folder or S3), streaming:
 *
 * 1. the v1 object is decrypted (its tag checked at the end) and encrypted as v2 into a temporary
 *    key, recorded in `staged_files` (a crash leaves it to the sweep), hashing the plaintext;
 * 2. the temporary object is decrypted whole and its plaintext hash compared;
 * 3. it is copied over the original key (the store replaces an object atomically), checked
 *    again, and the temporary object deleted.
 *
 * Idempotent: objects already v2 are skipped. A file that fails (an altered v1 object) is
 * reported and left as it was; the others go on.
 */
export async function migrateFiles(
  db: Db,
  objects: ObjectStore,
  keyring: Keyring,
  progress: Progress = () => {},
): Promise<FileMigrationResult & { failed: string[] }> {
  const result = { migrated: 0, skipped: 0, bytes: 0, failed: [] as string[] };
  for (let after = ''; ;) {
    const batch = await store.files(db, after, BATCH);
    for (const row of batch) {
      after = row.id;
      try {
        if (isV2Header(await head(objects, row.storage_key))) {
          result.skipped++;
          continue;
        }
        const dataKey = keyring.unwrapDataKey(row.data_key);
        const temporary = `${randomUUID()}.bin`;
        await stagedStore.add(db, temporary);
        try {
          const { stream: plain, digest } = hashing();
          const out = new PassThrough();
          const encrypted = pipeline(
            await objects.get(row.storage_key),
            decryptingV1Transform(dataKey),
            plain,
            encryptingStream(dataKey),
            out,
          );
          await Promise.all([objects.put(temporary, out as Readable), encrypted]);
          const original = digest();
          const copy = await v2Digest(objects, temporary, dataKey);
          if (copy.hex !== original.hex || copy.bytes !== original.bytes)
            throw new Error('la copia v2 no coincide con el original');
          await objects.put(row.storage_key, await objects.get(temporary));
          const stored = await v2Digest(objects, row.storage_key, dataKey);
          if (stored.hex !== original.hex) throw new Error('el archivo reemplazado no coincide');
          result.migrated++;
          result.bytes += original.bytes;
          progress(`migrado ${row.storage_key} (${original.bytes} bytes)`);
        } finally {
          await objects.delete(temporary).catch(() => {});
          await stagedStore.remove(db, [temporary]);
        }
      } catch (error) {
        result.failed.push(row.storage_key);
        progress(
          `NO migrado ${row.storage_key}: ${error instanceof Error ? error.message : String(error)}`,
        );
      }
    }
    if (batch.length < BATCH) return result;
  }
}
