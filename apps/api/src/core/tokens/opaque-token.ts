import { createHash, randomBytes } from 'node:crypto';

/**
 * Opaque tokens (complainant and staff sessions, invitations, password resets): 256 random bits
 * handed out once, base64url; only their SHA-256 digest is stored, so a copy of the database opens
 * nothing.
 */
export const tokenDigest = (token: string): string =>
  createHash('sha256').update(token).digest('base64url');

/** A fresh token and the digest to store for it. */
export function newOpaqueToken(): { token: string; digest: string } {
  const token = randomBytes(32).toString('base64url');
  return { token, digest: tokenDigest(token) };
}
