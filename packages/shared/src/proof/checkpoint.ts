// Signed checkpoints of the audit log and inclusion proofs (decision 0066), checked with WebCrypto:
// the same code in the API's verification command and in the back office's browser.
import { base64ToBytes, sha256, verifyEd25519 } from './envelope';

/** A C2SP checkpoint in a signed note, as read (its signatures not yet checked). */
export interface CheckpointNote {
  origin: string;
  size: number;
  root: Uint8Array;
  issuedAt: Date;
  /** The signed body: the first lines, each with its newline. */
  body: string;
  signatures: { name: string; keyHash: Uint8Array; signature: Uint8Array }[];
}

/** Why a note cannot be read, in Spanish. */
export class CheckpointFormatError extends Error {}

const encoder = new TextEncoder();
const equal = (a: Uint8Array, b: Uint8Array) =>
  a.length === b.length && a.every((x, i) => x === b[i]);

/** Reads a checkpoint note; `checkCheckpointSignature` checks it. */
export function parseCheckpoint(text: string): CheckpointNote {
  const normalised = text.replace(/\r\n/g, '\n');
  const cut = normalised.indexOf('\n\n');
  if (cut < 0) throw new CheckpointFormatError('no tiene la línea en blanco antes de la firma');
  const body = normalised.slice(0, cut + 1);
  const [origin, sizeText, rootText, ...extensions] = body.slice(0, -1).split('\n');
  if (!origin || !sizeText || !/^\d{1,15}$/.test(sizeText) || !rootText)
    throw new CheckpointFormatError('sus tres primeras líneas no son origen, tamaño y raíz');
  let root: Uint8Array;
  try {
    root = base64ToBytes(rootText);
  } catch {
    throw new CheckpointFormatError('la raíz no es un hash SHA-256 en base64');
  }
  if (root.length !== 32)
    throw new CheckpointFormatError('la raíz no es un hash SHA-256 en base64');
  const time = extensions.find((l) => l.startsWith('time '));
  const issuedAt = new Date(time ? time.slice(5) : NaN);
  if (Number.isNaN(issuedAt.getTime()))
    throw new CheckpointFormatError('no indica la hora de emisión (línea «time …»)');
  const signatures = normalised
    .slice(cut + 2)
    .split('\n')
    .filter((l) => l.length > 0)
    .map((line) => {
      const match = /^\u2014 (\S+) ([A-Za-z0-9+/=]+)$/.exec(line);
      if (!match) throw new CheckpointFormatError('una línea de firma no es válida');
      const raw = base64ToBytes(match[2]!);
      if (raw.length !== 68) throw new CheckpointFormatError('una firma no es Ed25519');
      return { name: match[1]!, keyHash: raw.subarray(0, 4), signature: raw.subarray(4) };
    });
  if (signatures.length === 0) throw new CheckpointFormatError('no trae firma');
  return { origin, size: Number(sizeText), root, issuedAt, body, signatures };
}

/** The signed-note key hash of an Ed25519 key: SHA-256(name ‖ 0x0A ‖ 0x01 ‖ key), 4 bytes. */
export async function noteKeyHash(name: string, publicKey: Uint8Array): Promise<Uint8Array> {
  const nameBytes = encoder.encode(name);
  const input = new Uint8Array(nameBytes.length + 2 + publicKey.length);
  input.set(nameBytes);
  input.set([0x0a, 0x01], nameBytes.length);
  input.set(publicKey, nameBytes.length + 2);
  return (await sha256(input)).subarray(0, 4);
}

/** A published key, as `GET /v1/claves-publicas` lists it. */
export interface CheckpointKey {
  id: string;
  /** Raw 32-byte Ed25519 key, base64. */
  clave: string;
  revocada_en: string | null;
}

export type CheckpointSignatureCheck =
  | { ok: true; keyId: string }
  | { ok: false; reason: 'clave-desconocida' | 'clave-revocada' | 'firma-invalida' };

/**
 * Whether a signature under the origin's name by one of `keys` is on the note: the key is found
 * by its note key hash; a revoked key's signature does not count.
 */
export async function checkCheckpointSignature(
  note: CheckpointNote,
  keys: readonly CheckpointKey[],
): Promise<CheckpointSignatureCheck> {
  let revoked = false;
  let matched = false;
  for (const s of note.signatures.filter((x) => x.name === note.origin))
    for (const key of keys) {
      const raw = base64ToBytes(key.clave);
      if (!equal(await noteKeyHash(note.origin, raw), s.keyHash)) continue;
      matched = true;
      if (!(await verifyEd25519(raw, s.signature, note.body))) continue;
      if (key.revocada_en !== null) {
        revoked = true;
        continue;
      }
      return { ok: true, keyId: key.id };
    }
  return {
    ok: false,
    reason: revoked ? 'clave-revocada' : matched ? 'firma-invalida' : 'clave-desconocida',
  };
}

const prefixed = async (prefix: number, ...parts: Uint8Array[]) => {
  const input = new Uint8Array(1 + parts.reduce((n, p) => n + p.length, 0));
  input[0] = prefix;
  let at = 1;
  for (const p of parts) {
    input.set(p, at);
    at += p.length;
  }
  return sha256(input);
};

/** SHA-256(0x00 ‖ entry bytes). */
export const merkleLeafHash = (entry: Uint8Array) => prefixed(0x00, entry);

/** RFC 9162 §2.1.3.2: the root `proof` leads to from `leaf` at `index` of a tree of `size`. */
export async function rootFromInclusion(
  index: number,
  size: number,
  leaf: Uint8Array,
  proof: readonly Uint8Array[],
): Promise<Uint8Array | null> {
  if (index < 0 || index >= size) return null;
  let fn = index;
  let sn = size - 1;
  let r = leaf;
  for (const p of proof) {
    if (sn === 0) return null;
    if (fn % 2 === 1 || fn === sn) {
      r = await prefixed(0x01, p, r);
      while (fn % 2 === 0 && fn !== 0) {
        fn = Math.floor(fn / 2);
        sn = Math.floor(sn / 2);
      }
    } else r = await prefixed(0x01, r, p);
    fn = Math.floor(fn / 2);
    sn = Math.floor(sn / 2);
  }
  return sn === 0 ? r : null;
}

/** An inclusion proof as the API gives it (`GET /v1/gestion/auditoria/:id/prueba`). */
export interface InclusionProofInput {
  indice: number;
  tamano: number;
  hoja: string;
  entrada: string;
  ruta: string[];
}

export type InclusionCheck =
  { ok: true; size: number; issuedAt: Date; keyId: string } | { ok: false; reason: string };

/**
 * Checks in the browser that an entry is in the log a signed checkpoint describes: the leaf is
 * the hash of the entry's bytes, the path leads to the checkpoint's root at its size, and the
 * checkpoint is signed by a published, unrevoked key.
 */
export async function checkEntryInclusion(
  proof: InclusionProofInput,
  checkpointText: string,
  keys: readonly CheckpointKey[],
): Promise<InclusionCheck> {
  let note: CheckpointNote;
  try {
    note = parseCheckpoint(checkpointText);
  } catch (error) {
    if (error instanceof CheckpointFormatError)
      return { ok: false, reason: `El punto de control no es válido: ${error.message}.` };
    throw error;
  }
  const signature = await checkCheckpointSignature(note, keys);
  if (!signature.ok)
    return {
      ok: false,
      reason:
        signature.reason === 'clave-revocada'
          ? 'El punto de control está firmado con una clave revocada.'
          : signature.reason === 'clave-desconocida'
            ? 'El punto de control está firmado con una clave que el canal no publica.'
            : 'La firma del punto de control no es válida.',
    };
  const leaf = await merkleLeafHash(encoder.encode(proof.entrada));
  if (!equal(leaf, base64ToBytes(proof.hoja)))
    return { ok: false, reason: 'La hoja no corresponde al contenido de la entrada.' };
  if (proof.tamano !== note.size)
    return { ok: false, reason: 'La prueba no es del tamaño del punto de control.' };
  const root = await rootFromInclusion(
    proof.indice,
    proof.tamano,
    leaf,
    proof.ruta.map(base64ToBytes),
  );
  if (!root || !equal(root, note.root))
    return {
      ok: false,
      reason: 'La ruta no lleva a la raíz firmada: la entrada no está en el registro firmado.',
    };
  return { ok: true, size: note.size, issuedAt: note.issuedAt, keyId: signature.keyId };
}
