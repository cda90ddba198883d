import { createHash, createPublicKey, verify } from 'node:crypto';
import type { Signer } from '../../crypto/signing';

/**
 * Signed checkpoints of the audit log (decision 0066), a C2SP checkpoint in a C2SP signed note:
 *
 *     <origin>\n<tree size, decimal>\n<root hash, base64>\ntime <ISO 8601 UTC instant>\n
 *     \n
 *     — <origin> <base64(key hash (4 bytes) ‖ Ed25519 signature (64 bytes))>\n
 *
 * The signature covers the body (the first four lines, each with its newline); the key hash is
 * the first 4 bytes of SHA-256(<origin> ‖ 0x0A ‖ 0x01 ‖ raw public key), as signed notes define
 * it, so any signed-note verifier checks it with the published key.
 */

export interface Checkpoint {
  origin: string;
  size: number;
  root: Buffer;
  issuedAt: Date;
}

export interface SignedCheckpoint extends Checkpoint {
  /** The whole note, as issued and kept. */
  text: string;
  /** The channel's key id (`GET /v1/claves-publicas`) that signed it. */
  keyId: string;
}

/** The log's origin line: the public address's host, then `/auditoria`. */
export const checkpointOrigin = (publicUrl: string) => `${new URL(publicUrl).host}/auditoria`;

const ED25519_ALGORITHM = 0x01;

/** The signed-note key hash of an Ed25519 key under `name`. */
export const noteKeyHash = (name: string, publicKey: Uint8Array): Buffer =>
  createHash('sha256')
    .update(name, 'utf8')
    .update(Buffer.from([0x0a, ED25519_ALGORITHM]))
    .update(publicKey)
    .digest()
    .subarray(0, 4);

/** The signed-note verifier key: `<name>+<key hash hex>+<base64(0x01 ‖ public key)>`. */
export const noteVerifierKey = (name: string, publicKey: Uint8Array) =>
  `${name}+${noteKeyHash(name, publicKey).toString('hex')}+${Buffer.concat([Buffer.from([ED25519_ALGORITHM]), publicKey]).toString('base64')}`;

export const checkpointBody = (c: Checkpoint) =>
  `${c.origin}\n${c.size}\n${c.root.toString('base64')}\ntime ${c.issuedAt.toISOString()}\n`;

export function signCheckpoint(signer: Signer, c: Checkpoint): SignedCheckpoint {
  const body = checkpointBody(c);
  const signature = Buffer.concat([noteKeyHash(c.origin, signer.publicKey), signer.sign(body)]);
  return {
    ...c,
    text: `${body}\n\u2014 ${c.origin} ${signature.toString('base64')}\n`,
    keyId: signer.keyId,
  };
}

export class CheckpointFormatError extends Error {}

/** Reads a checkpoint note (its signature is checked by `checkCheckpointSignature`). */
export function parseCheckpoint(text: string): Checkpoint & {
  body: string;
  signatures: { name: string; keyHash: Buffer; signature: Buffer }[];
} {
  const normalised = text.replace(/\r\n/g, '\n');
  const cut = normalised.indexOf('\n\n');
  if (cut < 0) throw new CheckpointFormatError('no tiene la línea en blanco antes de la firma');
  const body = normalised.slice(0, cut + 1);
  const lines = body.slice(0, -1).split('\n');
  const [origin, sizeText, rootText, ...extensions] = lines;
  if (!origin || !sizeText || !/^\d{1,15}$/.test(sizeText) || !rootText)
    throw new CheckpointFormatError('sus tres primeras líneas no son origen, tamaño y raíz');
  const root = Buffer.from(rootText, 'base64');
  if (root.length !== 32 || root.toString('base64') !== rootText)
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
      const raw = Buffer.from(match[2]!, 'base64');
      if (raw.length !== 68) throw new CheckpointFormatError('una firma no es Ed25519');
      return { name: match[1]!, keyHash: raw.subarray(0, 4), signature: raw.subarray(4) };
    });
  if (signatures.length === 0) throw new CheckpointFormatError('no trae firma');
  return { origin, size: Number(sizeText), root, issuedAt, body, signatures };
}

/** A published key, as `GET /v1/claves-publicas` lists it. */
export interface PublishedKey {
  id: string;
  /** Raw 32-byte Ed25519 key, base64. */
  clave: string;
  revocada_en: string | null;
}

export type SignatureCheck =
  | { ok: true; keyId: string }
  | { ok: false; reason: 'clave-desconocida' | 'clave-revocada' | 'firma-invalida' };

const ed25519Key = (raw: Buffer) =>
  createPublicKey({
    key: { kty: 'OKP', crv: 'Ed25519', x: raw.toString('base64url') },
    format: 'jwk',
  });

/**
 * Whether a signature of the origin's name by one of `keys` is on the note: the key is found by
 * its note key hash; a revoked key's signature does not count.
 */
export function checkCheckpointSignature(
  note: ReturnType<typeof parseCheckpoint>,
  keys: readonly PublishedKey[],
): SignatureCheck {
  let revoked = false;
  let matched = false;
  for (const s of note.signatures.filter((x) => x.name === note.origin))
    for (const key of keys) {
      const raw = Buffer.from(key.clave, 'base64');
      if (!noteKeyHash(note.origin, raw).equals(s.keyHash)) continue;
      matched = true;
      if (!verify(null, Buffer.from(note.body, 'utf8'), ed25519Key(raw), s.signature)) continue;
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
