import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Db } from '../../db/database';
import { newOpaqueToken, tokenDigest } from '../../core/tokens/opaque-token';
import {
  SESSION_ABSOLUTE_HOURS,
  SESSION_IDLE_MINUTES,
  sessionStore as store,
  type StaffSessionOpening,
  type StaffSignInMethod,
} from '../../core/auth/session-store';

/**
 * Staff sessions: an opaque token in an httpOnly cookie, only their hash stored; 30 minutes idle,
 * 8 hours at most (the same clock as complainant sessions). The CSRF token is an HMAC of the
 * session token, so a cookie planted from elsewhere cannot be paired with a header that matches.
 */
export class StaffSessions {
  static readonly maxAgeSeconds = SESSION_ABSOLUTE_HOURS * 3600;

  constructor(
    private readonly db: Db,
    private readonly csrfSecret: Buffer,
  ) {}

  async open(
    userId: number,
    opened: StaffSessionOpening,
    db: Db = this.db,
  ): Promise<{ token: string; csrf: string }> {
    const { token, digest } = newOpaqueToken();
    await store.insertStaffSession(db, digest, userId, opened);
    return { token, csrf: this.csrfFor(token) };
  }

  /** A person's live sessions, `current` marking the one of `token`. */
  async list(userId: number, token: string) {
    const current = tokenDigest(token);
    const rows = await store.listStaffSessions(
      this.db,
      userId,
      SESSION_IDLE_MINUTES,
      SESSION_ABSOLUTE_HOURS,
    );
    return rows.map((row) => ({ ...row, current: row.token_hash === current }));
  }

  /** The user of a live session and how it was opened (touching its idle clock), or null. */
  resolve(token: string): Promise<{ userId: number; method: StaffSignInMethod } | null> {
    return store.touchStaffSession(
      this.db,
      tokenDigest(token),
      SESSION_IDLE_MINUTES,
      SESSION_ABSOLUTE_HOURS,
    );
  }

  close(token: string): Promise<void> {
    return store.deleteStaffSession(this.db, tokenDigest(token));
  }

  csrfFor(token: string): string {
    return createHmac('sha256', this.csrfSecret).update(token).digest('base64url');
  }

  /** The header and the cookie carry the same value, and it is the one of this session. */
  csrfMatches(token: string, header: string | undefined, cookie: string | undefined): boolean {
    if (!header || !cookie) return false;
    const expected = Buffer.from(this.csrfFor(token));
    const a = Buffer.from(header);
    const b = Buffer.from(cookie);
    return (
      a.length === expected.length &&
      b.length === expected.length &&
      timingSafeEqual(a, expected) &&
      timingSafeEqual(b, expected)
    );
  }
}
