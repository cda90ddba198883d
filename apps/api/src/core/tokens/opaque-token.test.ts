import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { newOpaqueToken, tokenDigest } from './opaque-token';

describe('opaque tokens', () => {
  it('are 256 random bits in base64url, each different', () => {
    const a = newOpaqueToken();
    const b = newOpaqueToken();
    expect(a.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(Buffer.from(a.token, 'base64url')).toHaveLength(32);
    expect(a.token).not.toBe(b.token);
  });

  it('store the SHA-256 digest of the token, never the token', () => {
    const { token, digest } = newOpaqueToken();
    expect(digest).toBe(createHash('sha256').update(token).digest('base64url'));
    expect(digest).not.toBe(token);
    expect(tokenDigest(token)).toBe(digest);
  });
});
