// The audit log's entries as the chain and the Merkle tree hash them (decision 0066), and the check
// of the whole log against a signed checkpoint (decision 0073): the same code in the API (append,
// `audit:verify`, the bench) and in the back office's browser.
import {
  checkCheckpointSignature,
  CheckpointFormatError,
  merkleLeafHash,
  parseCheckpoint,
  type CheckpointKey,
  type CheckpointNote,
} from './checkpoint';
import { base64ToBytes, hex, sha256 } from './envelope';

/** An entry's own fields, as stored (`audit_log`): everything but the hashes. */
export interface AuditEntryContent {
  id: number;
  /** ISO 8601 UTC instant with milliseconds. */
  created_at: string;
  actor_id: number | null;
  action: string;
  complaint_id: number | null;
  /** The detail as stored: its canonical JSON text. */
  detail: string;
}

const json = (value: string | number | null) => JSON.stringify(value);

/**
 * The chain's hashed content of an entry: the canonical JSON (members sorted, no white space) of
 * its fields. Written member by member in their sorted order, which is what the general
 * `canonicalJson` produces for these fields, byte for byte (`audit-log.test.ts`), without sorting
 * or walking an object for each of a million entries.
 */
export const auditEntryContentJson = (e: AuditEntryContent): string =>
  `{"action":${json(e.action)},"actor_id":${json(e.actor_id)},"complaint_id":${json(e.complaint_id)},` +
  `"created_at":${json(e.created_at)},"detail":${json(e.detail)},"id":${json(e.id)}}`;

/**
 * An entry's bytes in the Merkle tree, as text (decision 0066): the canonical JSON of its fields
 * and its chain hash, so a checkpoint commits to the chain as well.
 */
export const auditLeafEntryJson = (e: AuditEntryContent & { hash: string }): string =>
  `{"action":${json(e.action)},"actor_id":${json(e.actor_id)},"complaint_id":${json(e.complaint_id)},` +
  `"created_at":${json(e.created_at)},"detail":${json(e.detail)},"hash":${json(e.hash)},"id":${json(e.id)}}`;

/** Where a chain starts: the first entry's previous hash. */
export const AUDIT_GENESIS_HASH = '0'.repeat(64);

const encoder = new TextEncoder();
const equal = (a: Uint8Array, b: Uint8Array) =>
  a.length === b.length && a.every((x, i) => x === b[i]);

const nodeHash = async (left: Uint8Array, right: Uint8Array) => {
  const input = new Uint8Array(1 + left.length + right.length);
  input[0] = 0x01;
  input.set(left, 1);
  input.set(right, 1 + left.length);
  return sha256(input);
};

/**
 * The root of an RFC 6962 tree built as leaves arrive, holding only the perfect subtrees not yet
 * joined: at level L, the one left node waiting for its right sibling, present exactly when bit L
 * of the size is set. A log of millions of entries in O(log n) memory. A batch is joined level by
 * level, each level's pairs hashed side by side (WebCrypto's calls overlap; one at a time, each
 * waits its turn on the crypto thread).
 */
export class StreamingMerkleRoot {
  private readonly waiting: (Uint8Array | undefined)[] = [];
  size = 0;

  push(leaf: Uint8Array): Promise<void> {
    return this.pushAll([leaf]);
  }

  async pushAll(leaves: readonly Uint8Array[]): Promise<void> {
    let nodes = leaves;
    // The index, at each level, of the batch's first node.
    let first = this.size;
    for (let level = 0; nodes.length > 0; level += 1) {
      let row = nodes;
      if (first % 2 === 1) {
        row = [this.waiting[level]!, ...nodes];
        this.waiting[level] = undefined;
        first -= 1;
      }
      const pairs = Math.floor(row.length / 2);
      if (row.length % 2 === 1) this.waiting[level] = row.at(-1);
      nodes = await Promise.all(
        Array.from({ length: pairs }, (_, i) => nodeHash(row[2 * i]!, row[2 * i + 1]!)),
      );
      first /= 2;
    }
    this.size += leaves.length;
  }

  /** MTH of the leaves pushed: the waiting subtrees joined from the smallest, as RFC 6962 splits. */
  async root(): Promise<Uint8Array> {
    let root: Uint8Array | null = null;
    for (const node of this.waiting) if (node) root = root ? await nodeHash(node, root) : node;
    return root ?? sha256(new Uint8Array(0));
  }
}

/**
 * One entry of the log as `GET /v1/gestion/auditoria/hojas` gives it (decision 0073), read as is
 * (like `checkEntryInclusion`'s proof).
 */
export interface LogEntryToVerify {
  id: number;
  hash: string;
  hash_anterior: string;
  /** 1: plain SHA-256 link anyone recomputes; 2: keyed link only the server recomputes. */
  version_cadena: number;
  /** The entry's fields; null when the reader may not see the entry. */
  contenido: {
    fecha: string;
    accion: string;
    usuario_id: number | null;
    caso_id: number | null;
    detalle: string;
  } | null;
  /** The leaf the server computed from the row (base64): only for an entry the reader may not see. */
  hoja: string | null;
  /** Its leaf in the tree the server keeps (base64), and where; null when it has none. */
  hoja_guardada: string | null;
  indice: number | null;
}

/** The fields of an entry as the chain and the tree hash them. */
const contentOf = (e: LogEntryToVerify): AuditEntryContent | null =>
  e.contenido && {
    id: e.id,
    created_at: e.contenido.fecha,
    actor_id: e.contenido.usuario_id,
    action: e.contenido.accion,
    complaint_id: e.contenido.caso_id,
    detail: e.contenido.detalle,
  };

const decode = (text: string): Uint8Array | null => {
  try {
    return base64ToBytes(text);
  } catch {
    return null;
  }
};

const leafOf = (e: LogEntryToVerify): Promise<Uint8Array> | Uint8Array | null => {
  const content = contentOf(e);
  if (content)
    return merkleLeafHash(encoder.encode(auditLeafEntryJson({ ...content, hash: e.hash })));
  return e.hoja === null ? null : decode(e.hoja);
};

export type LogFailureKind = 'firma' | 'alterada' | 'cadena' | 'faltan' | 'raiz';

export interface LogFailure {
  kind: LogFailureKind;
  /** Why, in Spanish, a sentence. */
  reason: string;
  /**
   * The first entry that fails, when one can be named; for the newest entries missing, the last
   * one left (`lastLeft`).
   */
  entry: {
    id: number;
    index: number;
    date: string | null;
    action: string | null;
    lastLeft?: true;
  } | null;
}

export type LogVerification =
  | {
      ok: true;
      /** The checkpoint's size: how many entries matched. */
      entries: number;
      /** Of them, those the reader may not see, taken by the leaf the server computed. */
      hidden: number;
      issuedAt: Date;
    }
  | { ok: false; failure: LogFailure; checked: number };

/**
 * A signed checkpoint read and its signature checked against the published keys; otherwise the
 * failure to report.
 */
export async function openSignedCheckpoint(
  text: string,
  keys: readonly CheckpointKey[],
): Promise<{ ok: true; note: CheckpointNote } | { ok: false; failure: LogFailure }> {
  const fail = (reason: string) =>
    ({ ok: false, failure: { kind: 'firma', reason, entry: null } }) as const;
  let note: CheckpointNote;
  try {
    note = parseCheckpoint(text);
  } catch (error) {
    if (error instanceof CheckpointFormatError)
      return fail(`El punto de control no es válido: ${error.message}.`);
    throw error;
  }
  const signature = await checkCheckpointSignature(note, keys);
  if (signature.ok) return { ok: true, note };
  return fail(
    signature.reason === 'clave-revocada'
      ? 'El punto de control está firmado con una clave revocada.'
      : signature.reason === 'clave-desconocida'
        ? 'El punto de control está firmado con una clave que el canal no publica.'
        : 'La firma del punto de control no es válida: fue alterado.',
  );
}

/**
 * The log checked entry by entry against a checkpoint whose signature was checked
 * (`openSignedCheckpoint`): each entry's leaf recomputed from its fields (and compared with the
 * stored one, which names an altered entry), the chain's links (and a version 1 link recomputed),
 * no entry missing, and the root of the first `size` leaves equal to the checkpoint's. Entries
 * are given in id order, page by page, and kept no longer than their page.
 */
export class AuditLogVerifier {
  private readonly tree = new StreamingMerkleRoot();
  private prevHash = AUDIT_GENESIS_HASH;
  private prevId = 0;
  private keyed = false;
  private hiddenCount = 0;
  private last: LogEntryToVerify | null = null;
  private failure: LogFailure | null = null;

  constructor(private readonly note: CheckpointNote) {}

  /** How many entries the checkpoint covers. */
  get size(): number {
    return this.note.size;
  }

  /** How many entries matched so far. */
  get checked(): number {
    return this.tree.size;
  }

  /** Whether every entry the checkpoint covers was given (or one already failed). */
  get done(): boolean {
    return this.failure !== null || this.tree.size >= this.note.size;
  }

  /** Checks the next entries in order (those past the checkpoint's size are left); the first failure. */
  async add(entries: readonly LogEntryToVerify[]): Promise<LogFailure | null> {
    if (this.failure) return this.failure;
    const taken = entries.slice(0, Math.max(0, this.note.size - this.tree.size));
    // WebCrypto hashes the page's leaves side by side, off the page's thread.
    const leaves = await Promise.all(taken.map(leafOf));
    const good: Uint8Array[] = [];
    for (const [i, entry] of taken.entries()) {
      const failure = await this.check(entry, this.tree.size + i, leaves[i] ?? null);
      if (failure) {
        this.failure = failure;
        break;
      }
      good.push(leaves[i]!);
      if (!entry.contenido) this.hiddenCount += 1;
      this.prevHash = entry.hash;
      this.prevId = entry.id;
      this.keyed ||= entry.version_cadena === 2;
      this.last = entry;
    }
    // The page's leaves join the tree together, each level's pairs side by side.
    await this.tree.pushAll(good);
    return this.failure;
  }

  private async check(
    entry: LogEntryToVerify,
    index: number,
    leaf: Uint8Array | null,
  ): Promise<LogFailure | null> {
    const fail = (kind: LogFailureKind, reason: string): LogFailure => ({
      kind,
      reason,
      entry: {
        id: entry.id,
        index,
        date: entry.contenido?.fecha ?? null,
        action: entry.contenido?.accion ?? null,
      },
    });
    if (entry.indice !== null && entry.indice !== index)
      return fail(
        'faltan',
        entry.indice > index
          ? `Faltan entradas antes de ésta: el árbol la tiene en la posición ${entry.indice + 1} y el registro en la ${index + 1}.`
          : `El árbol la tiene en la posición ${entry.indice + 1} y el registro en la ${index + 1}.`,
      );
    if (!leaf) return fail('alterada', 'El servidor no entregó su contenido ni su hoja.');
    const stored = entry.hoja_guardada === null ? null : decode(entry.hoja_guardada);
    if (stored && !equal(leaf, stored))
      return fail(
        'alterada',
        entry.contenido
          ? 'Su contenido no corresponde a la hoja que el árbol guardó al registrarla: la entrada fue alterada.'
          : 'Su hoja, calculada por el servidor desde la entrada, no es la que el árbol guardó al registrarla: la entrada fue alterada.',
      );
    const version = entry.version_cadena;
    if (version !== 1 && version !== 2)
      return fail('cadena', 'Su versión de cadena es desconocida.');
    if (version === 1 && this.keyed)
      return fail(
        'cadena',
        'Es una entrada sin clave después de la cadena con clave: es una falsificación.',
      );
    if (version === 1 && entry.id !== this.prevId + 1)
      return fail('cadena', `Falta la entrada N° ${this.prevId + 1} antes de ésta.`);
    if (entry.hash_anterior !== this.prevHash)
      return fail('cadena', 'No enlaza con la entrada anterior: la cadena está rota.');
    const content = contentOf(entry);
    if (version === 1 && content) {
      const link = hex(await sha256(this.prevHash + auditEntryContentJson(content)));
      if (link !== entry.hash)
        return fail('alterada', 'Su hash no corresponde a su contenido: la entrada fue alterada.');
    }
    return null;
  }

  /** The result once the pages ran out (or every entry the checkpoint covers was given). */
  async finish(): Promise<LogVerification> {
    const checked = this.tree.size;
    if (this.failure) return { ok: false, failure: this.failure, checked };
    if (checked < this.note.size)
      return {
        ok: false,
        checked,
        failure: {
          kind: 'faltan',
          reason:
            `El punto de control firmado cubre ${this.note.size} entradas y el registro entrega ${checked}: ` +
            'faltan las últimas entradas (se eliminaron o se restauró un respaldo anterior).',
          entry: this.last && {
            id: this.last.id,
            index: checked - 1,
            date: this.last.contenido?.fecha ?? null,
            action: this.last.contenido?.accion ?? null,
            lastLeft: true,
          },
        },
      };
    if (!equal(await this.tree.root(), this.note.root))
      return {
        ok: false,
        checked,
        failure: {
          kind: 'raiz',
          reason:
            'La raíz recalculada no es la del punto de control firmado: el registro no es el que se firmó ' +
            '(se reescribieron entradas junto con el árbol guardado).',
          entry: null,
        },
      };
    return { ok: true, entries: checked, hidden: this.hiddenCount, issuedAt: this.note.issuedAt };
  }
}

/** The log's entries after an id, in id order, a page at a time; an empty page at the end. */
export type LogPages = (afterId: number) => Promise<readonly LogEntryToVerify[]>;

/**
 * The whole log checked against the latest signed checkpoint: its signature, then every entry it
 * covers, fetched page by page (`pages`), with progress after each page; `signal` stops between
 * pages ('cancelada').
 */
export async function verifyAuditLog(options: {
  checkpoint: string;
  keys: readonly CheckpointKey[];
  pages: LogPages;
  onProgress?: (checked: number, size: number) => void;
  signal?: AbortSignal;
}): Promise<LogVerification | 'cancelada'> {
  const opened = await openSignedCheckpoint(options.checkpoint, options.keys);
  if (!opened.ok) return { ok: false, failure: opened.failure, checked: 0 };
  const verifier = new AuditLogVerifier(opened.note);
  let after = 0;
  options.onProgress?.(0, verifier.size);
  while (!verifier.done) {
    if (options.signal?.aborted) return 'cancelada';
    const page = await options.pages(after);
    if (options.signal?.aborted) return 'cancelada';
    if (page.length === 0) break;
    await verifier.add(page);
    after = page.at(-1)!.id;
    options.onProgress?.(verifier.checked, verifier.size);
  }
  return verifier.finish();
}
