import { randomUUID } from 'node:crypto';
import { once } from 'node:events';
import { PassThrough, Readable } from 'node:stream';
import { DataStore, Upload } from '@tus/utils';
import {
  extensionOf,
  isAllowedFileName,
  MAX_FILE_BYTES,
  MAX_FILES_PER_REQUEST,
} from '@canal/shared';
import { newHeader, SegmentCodec } from '../../crypto/file-segments';
import type { Db } from '../../db/database';
import { AppError, ERRORS, type ErrorCode } from '../../errors';
import type { ObjectStore } from '../../storage';
import { contentMatchesExtension, headBytesNeeded } from './magic';
import { resumableStore, type ResumableRow } from './resumable-store';
import { SegmentSealer } from './segment-sealer';
import { stagedStore } from './staged-store';
import { pendingFilingStore } from './pending-filing-store';

/** How long an unfinished (or finished, never attached) resumable upload is kept: 24 hours. */
export const RESUMABLE_LIFETIME_MS = 24 * 60 * 60 * 1000;

/** How long one PATCH holds an upload before it renews the hold. */
const HOLD_MS = 15_000;
/** How long a HEAD or PATCH waits for another instance's PATCH to settle. */
const HOLD_WAIT_MS = 20_000;

/** A refusal in the form `@tus/server` answers: the status and the API's Spanish `{message}`. */
export const tusRefusal = (code: ErrorCode) => ({
  status_code: ERRORS[code].status,
  body: JSON.stringify({ message: ERRORS[code].message }),
});

/** A finished upload, ready to be attached by the call that commits it. */
/** tus answers in plain text: what a person's browser may show, in Spanish. */
const NOT_FOUND_BODY = 'No se encontró esta subida: seleccione el archivo nuevamente.\n';
const HELD_BODY = 'Otra parte de este archivo se está guardando: se reanudará en unos segundos.\n';

/**
 * Whose an upload is: a complaint's (its data key seals it) and either the complainant's
 * (`staffUserId` null) or one staff member's, for their reply (decision 0074); or, before the
 * complaint exists, a pending filing's (`complaintId` null, its pending key seals it; migration
 * 053). Only the owner resumes it or names it in their call.
 */
export interface UploadOwner {
  complaintId: number | null;
  staffUserId: number | null;
  pendingFilingId?: string | null;
}

export interface FinishedUpload {
  storageKey: string;
  size: number;
  name: string;
  extension: string;
}

/**
 * The tus data store of resumable uploads (issue 21, decision 0055). Every byte is sealed on
 * arrival into the v2 stored format (crypto/file-segments.ts) under the complaint's data key;
 * nothing is kept in clear, not even a partial segment: a PATCH that ends inside a segment keeps
 * the whole segments only and answers the offset of the last one, from which tus resumes. The
 * type is checked by its first bytes before any is kept. Each PATCH writes one object of sealed
 * segments; the row in PostgreSQL (`resumable_uploads`) lists them, so any instance resumes the
 * upload. When the last byte arrives the parts are joined, still sealed, into one staged object;
 * an upload one PATCH brought whole is that object already (its one part carries the header).
 */
export class SealedUploadStore extends DataStore {
  constructor(
    private readonly db: Db,
    private readonly store: ObjectStore,
    /** The data key of the complaint (or pending filing) an upload belongs to. */
    private readonly keyOf: (row: ResumableRow) => Promise<Buffer>,
  ) {
    super();
    this.extensions = ['creation', 'termination'];
  }

  /**
   * Creates the row; `upload.metadata` carries the file name, and the owner's `complaintId` and
   * `staffUserId` set by the route (`handToTus`), never the client's.
   */
  override async create(upload: Upload): Promise<Upload> {
    const name = String(upload.metadata?.filename ?? '').trim();
    if (name.length === 0 || name.length > 200) throw tusRefusal('FILE_NAME_TOO_LONG');
    if (!isAllowedFileName(name)) throw tusRefusal('FILE_TYPE_NOT_ALLOWED');
    if (upload.size === undefined) throw tusRefusal('VALIDATION');
    if (upload.size > MAX_FILE_BYTES) throw tusRefusal('FILE_TOO_LARGE');
    if (upload.size === 0) throw tusRefusal('EMPTY_FILE');
    const pending = upload.metadata?.pendingFilingId || null;
    // Storage before a complaint exists is bounded: a pending filing holds at most the filing's
    // own number of files (decision 0074).
    if (
      pending !== null &&
      (await pendingFilingStore.uploadCount(this.db, pending)) >= MAX_FILES_PER_REQUEST
    )
      throw tusRefusal('TOO_MANY_FILES');
    await resumableStore.add(
      this.db,
      {
        id: upload.id,
        complaint_id: pending === null ? Number(upload.metadata?.complaintId) : null,
        pending_filing_id: pending,
        staff_user_id: upload.metadata?.staffUserId ? Number(upload.metadata.staffUserId) : null,
        file_name: name,
        extension: extensionOf(name),
        size: upload.size,
        header: newHeader({}),
      },
      RESUMABLE_LIFETIME_MS,
    );
    return upload;
  }

  override async getUpload(id: string): Promise<Upload> {
    await this.settled(id);
    const row = await resumableStore.get(this.db, id);
    if (!row) throw { status_code: 404, body: NOT_FOUND_BODY };
    return toUpload(row);
  }

  /** The row of `id`, if it is `owner`'s (the route checks it on every call). */
  async rowFor(id: string, owner: UploadOwner): Promise<ResumableRow | null> {
    const row = await resumableStore.get(this.db, id);
    return row &&
      row.complaint_id === owner.complaintId &&
      row.staff_user_id === owner.staffUserId &&
      row.pending_filing_id === (owner.pendingFilingId ?? null)
      ? row
      : null;
  }

  /**
   * Waits (up to `HOLD_WAIT_MS`) while a PATCH on any instance holds `id`: a client that lost its
   * connection resumes from what that PATCH kept, not from before it.
   */
  private async settled(id: string): Promise<void> {
    const until = Date.now() + HOLD_WAIT_MS;
    while ((await resumableStore.held(this.db, id)) && Date.now() < until)
      await new Promise((resolve) => setTimeout(resolve, 100));
  }

  override async write(source: Readable, id: string, offset: number): Promise<number> {
    await this.settled(id);
    if (!(await resumableStore.hold(this.db, id, HOLD_MS)))
      throw { status_code: 423, body: HELD_BODY };
    const renew = setInterval(
      () => void resumableStore.renew(this.db, id, HOLD_MS).catch(() => undefined),
      HOLD_MS / 3,
    );
    try {
      return await this.writeHeld(source, id, offset);
    } finally {
      clearInterval(renew);
      await resumableStore.letGo(this.db, id);
    }
  }

  private async writeHeld(source: Readable, id: string, offset: number): Promise<number> {
    const row = await resumableStore.get(this.db, id);
    if (!row) throw { status_code: 404, body: NOT_FOUND_BODY };
    if (row.stored !== offset || row.storage_key) throw { status_code: 409, body: 'Conflicto.\n' };
    const codec = new SegmentCodec(await this.keyOf(row), row.header);
    // Before the first byte is kept, enough of the file to check its type (a .docx: 256 KiB).
    const checkBytes = offset === 0 ? Math.min(row.size, headBytesNeeded(row.extension)) : 0;

    const sealed = new PassThrough();
    // The first part starts with the file's header and is named as a stored file: when one PATCH
    // brings the whole file (a line that did not drop), it is the file, and nothing is copied.
    const first = offset === 0;
    const partKey = first ? `${randomUUID()}.bin` : `resumable/${id}/${offset}-${randomUUID()}`;
    let putting = null as Promise<unknown> | null;
    // The part is opened with its first whole segment: a PATCH that brings less stores nothing.
    const segments = new SegmentSealer(codec, row.size, offset, (b) => {
      if (!putting) {
        if (first) sealed.write(row.header);
        putting = this.store.put(partKey, sealed);
      }
      sealed.write(b);
    });
    // The first bytes, held until the type is checked; then every byte goes to `segments`.
    let head: Buffer[] | null = checkBytes > 0 ? [] : null;
    let received = offset;
    // Leaving the loop with a refusal must not destroy `source`: on Node 20 that destruction (an
    // AbortError) reaches tus's pipeline before the refusal does, and tus answers it as an
    // aborted request (400) instead of the refusal's 415 or 413. tus's pipeline then destroys
    // `source` itself, with the refusal.
    const chunks = source.iterator({ destroyOnReturn: false }) as AsyncIterable<Buffer>;
    try {
      for await (const chunk of chunks) {
        received += chunk.length;
        if (received > row.size) throw tusRefusal('FILE_TOO_LARGE');
        if (head) {
          head.push(chunk);
          if (received < checkBytes) continue;
          if (!contentMatchesExtension(row.extension, Buffer.concat(head)))
            throw tusRefusal('FILE_TYPE_NOT_ALLOWED');
        }
        for (const piece of head ?? [chunk]) segments.feed(piece);
        head = null;
        if (sealed.writableNeedDrain) await once(sealed, 'drain');
      }
    } catch (error) {
      if (!putting || (error as { status_code?: number }).status_code) {
        sealed.destroy();
        await putting?.catch(() => undefined);
        await this.store.delete(partKey).catch(() => undefined);
        if ((error as { status_code?: number }).status_code) {
          await this.remove(id);
          throw error;
        }
        return offset;
      }
      // The client went away: the whole segments sealed so far are kept; the rest is resent.
    }
    // Bytes of an unfinished segment are dropped, never stored: tus resends them.
    const kept = segments.kept;
    sealed.end();
    if (!putting) return offset;
    await putting;
    if (!(await resumableStore.advance(this.db, id, offset, kept, partKey))) {
      await this.store.delete(partKey);
      throw { status_code: 409, body: 'Conflicto.\n' };
    }
    if (kept === row.size && first) await resumableStore.finish(this.db, id, partKey);
    else if (kept === row.size) await this.join({ ...row, parts: [...row.parts, partKey] });
    return kept;
  }

  /** Joins the header and the sealed parts into one staged object and deletes the parts. */
  private async join(row: ResumableRow): Promise<void> {
    const storageKey = `${randomUUID()}.bin`;
    await stagedStore.add(this.db, storageKey);
    const store = this.store;
    // A first part written since it carries the header is named as a stored file (not
    // `resumable/…`); an older upload's first part does not carry it.
    const headed = !row.parts[0]!.startsWith('resumable/');
    async function* joined() {
      if (!headed) yield row.header;
      for (const part of row.parts) for await (const chunk of await store.get(part)) yield chunk;
    }
    await this.store.put(storageKey, Readable.from(joined()));
    await resumableStore.finish(this.db, row.id, storageKey);
    // From here the row owns the object (until it expires), not the hourly staging sweep.
    await stagedStore.remove(this.db, [storageKey]);
    await Promise.all(row.parts.map((p) => this.store.delete(p)));
  }

  override async remove(id: string): Promise<void> {
    const row = await resumableStore.get(this.db, id);
    if (!row) return;
    await resumableStore.remove(this.db, id);
    await this.dropObjects(row);
  }

  /**
   * The finished upload `id` of `owner`, or null. Staged again (a fresh row, which the hourly
   * sweep leaves alone) so that the call attaching it commits it like any received file.
   */
  async finished(id: string, owner: UploadOwner): Promise<FinishedUpload | null> {
    const row = await this.rowFor(id, owner);
    if (!row?.storage_key) return null;
    await stagedStore.add(this.db, row.storage_key);
    return {
      storageKey: row.storage_key,
      size: row.size,
      name: row.file_name,
      extension: row.extension,
    };
  }

  /**
   * The finished uploads a call names (`subidas`), each `owner`'s, or a 400 when one is not whole
   * (or not theirs): the call then attaches nothing.
   */
  async finishedAll(ids: readonly string[], owner: UploadOwner): Promise<FinishedUpload[]> {
    const finished: FinishedUpload[] = [];
    for (const id of ids) {
      const done = await this.finished(id, owner);
      if (!done) {
        // Back to the row's keeping: the staging sweep must not take an upload not attached.
        await stagedStore.remove(
          this.db,
          finished.map((f) => f.storageKey),
        );
        throw new AppError('VALIDATION', 'Un archivo aún no termina de subirse.');
      }
      finished.push(done);
    }
    return finished;
  }

  /** Forgets finished uploads once their call committed them (their objects stay: attached). */
  async attached(ids: string[]): Promise<void> {
    for (const id of ids) await resumableStore.remove(this.db, id);
  }

  /** Deletes the objects of uploads whose rows a call took and did not attach. */
  async dropTaken(rows: readonly ResumableRow[]): Promise<void> {
    for (const row of rows) await this.dropObjects(row);
  }

  private dropObjects(row: ResumableRow): Promise<void> {
    return dropObjects(this.db, this.store, row);
  }
}

/**
 * Deletes expired resumable uploads and their objects (the hourly sweep; `all`: every one, for
 * `sweep --all` with no instance running); how many.
 */
export async function sweepResumable(db: Db, store: ObjectStore, all = false): Promise<number> {
  let removed = 0;
  for (;;) {
    const rows = await resumableStore.claimExpired(db, 200, all);
    for (const row of rows) await dropObjects(db, store, row);
    removed += rows.length;
    if (rows.length < 200) return removed;
  }
}

async function dropObjects(db: Db, store: ObjectStore, row: ResumableRow): Promise<void> {
  await Promise.all(row.parts.map((p) => store.delete(p)));
  // The joined object, unless a comment committed it (it is then the case's file).
  if (row.storage_key && !(await resumableStore.isAttached(db, row.storage_key))) {
    await store.delete(row.storage_key);
    await stagedStore.remove(db, [row.storage_key]);
  }
}

function toUpload(row: ResumableRow): Upload {
  return new Upload({
    id: row.id,
    size: row.size,
    offset: row.stored,
    metadata: { filename: row.file_name },
    creation_date: row.created_at.toISOString(),
  });
}
