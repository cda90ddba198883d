import { createHash, createPrivateKey, createPublicKey, randomBytes, sign } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { parseKey } from './keys';

export const SIGNING_KEY_FILE = 'signing.key';

/** PKCS#8 DER of an Ed25519 private key before its 32-byte seed (RFC 8410). */
const PKCS8_ED25519 = Buffer.from('302e020100300506032b657004220420', 'hex');

/**
 * The key documents are signed with (decision 0050): Ed25519, from a 32-byte seed. Its public half
 * is published (`GET /v1/claves-publicas`) so anyone can check what the channel issues.
 */
export interface Signer {
  /** First 16 hex digits of the SHA-256 of the raw public key. */
  readonly keyId: string;
  /** The raw 32-byte public key. */
  readonly publicKey: Buffer;
  /** The public key as PEM (SubjectPublicKeyInfo). */
  readonly publicPem: string;
  /** Ed25519 signature of `data`. */
  sign(data: Uint8Array | string): Buffer;
}

export function createSigner(seed: Buffer): Signer {
  if (seed.length !== 32) throw new Error('La clave de firma debe tener 32 bytes.');
  const privateKey = createPrivateKey({
    key: Buffer.concat([PKCS8_ED25519, seed]),
    format: 'der',
    type: 'pkcs8',
  });
  const publicObject = createPublicKey(privateKey);
  const jwk = publicObject.export({ format: 'jwk' });
  const publicKey = Buffer.from(jwk.x!, 'base64url');
  return {
    keyId: createHash('sha256').update(publicKey).digest('hex').slice(0, 16),
    publicKey,
    publicPem: publicObject.export({ format: 'pem', type: 'spki' }).toString(),
    sign: (data) =>
      sign(null, typeof data === 'string' ? Buffer.from(data, 'utf8') : data, privateKey),
  };
}

/**
 * The signing key from SIGNING_KEY, or (outside production) one generated into the data folder on
 * first start, said in `warn` like the master key. Every instance of a deployment is given the same
 * SIGNING_KEY; a new one rotates it (the old public key stays published, decision 0050).
 */
export function loadSigningKey(
  configured: string | undefined,
  dataDir: string,
  warn: (msg: string) => void,
): Signer {
  if (configured) return createSigner(parseKey(configured));
  const file = path.join(dataDir, SIGNING_KEY_FILE);
  if (!existsSync(file)) {
    mkdirSync(dataDir, { recursive: true });
    writeFileSync(file, randomBytes(32).toString('hex'), { mode: 0o600 });
  }
  warn(
    `SIGNING_KEY no está definida: se firma con la clave generada en ${file}. ` +
      'Guárdela de forma segura y publique su clave pública. En producción es obligatoria.',
  );
  return createSigner(parseKey(readFileSync(file, 'utf8').trim()));
}
