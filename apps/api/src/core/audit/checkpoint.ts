import { createHash } from 'node:crypto';
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

// Reading a note and checking its signature: the shared code the browser runs too.
export {
  CheckpointFormatError,
  checkCheckpointSignature,
  parseCheckpoint,
  type CheckpointKey as PublishedKey,
  type CheckpointNote,
} from '@canal/shared/proof';
