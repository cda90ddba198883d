import { createHmac, timingSafeEqual } from 'node:crypto';

/** A plain link cannot carry the Bearer header, so file links are signed and short-lived (DESIGN §4.7). */
export const FILE_LINK_TTL_SECONDS = 5 * 60;

export function signFileLink(secret: Buffer, fileId: string, nowMs = Date.now()): string {
  const expires = Math.floor(nowMs / 1000) + FILE_LINK_TTL_SECONDS;
  return `/v1/archivos/${fileId}?e=${expires}&s=${signature(secret, fileId, expires)}`;
}

export function verifyFileLink(
  secret: Buffer,
  fileId: string,
  expires: number,
  sig: string,
  nowMs = Date.now(),
) {
  if (!Number.isInteger(expires) || expires * 1000 < nowMs) return false;
  const expected = Buffer.from(signature(secret, fileId, expires));
  const given = Buffer.from(sig);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

const signature = (secret: Buffer, fileId: string, expires: number) =>
  createHmac('sha256', secret).update(`${fileId}.${expires}`).digest('base64url');
