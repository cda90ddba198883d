// A signed record as the channel issues it (decision 0050): the record's canonical JSON exactly as
// signed, the Ed25519 signature over its UTF-8 bytes, and the id of the key that signed it.
import { z } from 'zod';

export const SIGNATURE_ALGORITHM = 'Ed25519';

export const signedRecordSchema = z.object({
  /** The record's canonical JSON (`canonicalJson`): these exact bytes are what was signed. */
  registro: z.string().min(2),
  /** Ed25519 signature of `registro`'s UTF-8 bytes, base64. */
  firma: z.string().regex(/^[A-Za-z0-9+/]{86}==$/, 'firma inválida'),
  /** The signing key's id (`GET /v1/claves-publicas`). */
  clave: z.string().regex(/^[0-9a-f]{16}$/, 'id de clave inválido'),
});
export type SignedRecord = z.infer<typeof signedRecordSchema>;

/** One key the channel signs or signed with, as `GET /v1/claves-publicas` lists it. */
export const publicKeySchema = z.object({
  id: z.string(),
  algoritmo: z.literal(SIGNATURE_ALGORITHM),
  /** The raw 32-byte public key, base64. */
  clave: z.string(),
  /** The same key as a PEM SubjectPublicKeyInfo (for `openssl pkeyutl -verify`). */
  pem: z.string(),
  /** ISO instant from which it signs. */
  valida_desde: z.string(),
  /** ISO instant a newer key replaced it; null while it is the current one. */
  valida_hasta: z.string().nullable(),
  /** ISO instant it was revoked (what it signed is no longer taken as authentic); null if never. */
  revocada_en: z.string().nullable(),
});
export type PublicKeyWire = z.infer<typeof publicKeySchema>;

export const publicKeysSchema = z.object({ claves: z.array(publicKeySchema) });
export type PublicKeysWire = z.infer<typeof publicKeysSchema>;

/** The key id: the first 16 hex digits of the SHA-256 of the raw public key. */
export async function keyIdOf(rawPublicKey: Uint8Array): Promise<string> {
  return hex(await sha256(rawPublicKey)).slice(0, 16);
}

export async function sha256(data: Uint8Array | string): Promise<Uint8Array> {
  const bytes = typeof data === 'string' ? new TextEncoder().encode(data) : data;
  return new Uint8Array(await crypto.subtle.digest('SHA-256', new Uint8Array(bytes)));
}

/**
 * Whether `signature` is `rawPublicKey`'s Ed25519 signature of `message` (WebCrypto, in Node and
 * the browser alike); false for a key or signature that is not one, rather than an error.
 */
export async function verifyEd25519(
  rawPublicKey: Uint8Array,
  signature: Uint8Array,
  message: string,
): Promise<boolean> {
  try {
    const key = await crypto.subtle.importKey(
      'raw',
      new Uint8Array(rawPublicKey),
      { name: SIGNATURE_ALGORITHM },
      false,
      ['verify'],
    );
    return await crypto.subtle.verify(
      { name: SIGNATURE_ALGORITHM },
      key,
      new Uint8Array(signature),
      new Uint8Array(new TextEncoder().encode(message)),
    );
  } catch {
    return false;
  }
}

export const hex = (bytes: Uint8Array) =>
  Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');

export function base64ToBytes(text: string): Uint8Array {
  const binary = atob(text);
  return Uint8Array.from(binary, (c) => c.charCodeAt(0));
}

export function bytesToBase64(bytes: Uint8Array): string {
  let binary = '';
  for (const b of bytes) binary += String.fromCharCode(b);
  return btoa(binary);
}

const CROCKFORD = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

/**
 * The short code printed on a document: 60 bits of the SHA-256 of the signature, in Crockford
 * base32, three groups of four ("7K3F-9QXM-2HTA").
 */
export async function verificationCode(signatureBase64: string): Promise<string> {
  const digest = await sha256(base64ToBytes(signatureBase64));
  let bits = 0n;
  for (const b of digest.slice(0, 8)) bits = (bits << 8n) | BigInt(b);
  bits >>= 4n;
  let code = '';
  for (let i = 11; i >= 0; i -= 1) code += CROCKFORD[Number((bits >> BigInt(i * 5)) & 31n)];
  return `${code.slice(0, 4)}-${code.slice(4, 8)}-${code.slice(8)}`;
}
