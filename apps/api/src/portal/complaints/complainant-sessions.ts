import type { Db } from '../../db/database';
import { newOpaqueToken, tokenDigest } from '../../core/tokens/opaque-token';
import {
  SESSION_ABSOLUTE_HOURS,
  SESSION_IDLE_MINUTES,
  sessionStore as store,
} from '../../core/auth/session-store';

/** Complainant sessions: an opaque token handed out once; only its digest is stored. */
export class ComplainantSessions {
  constructor(private readonly db: Db) {}

  async open(complaintId: number): Promise<string> {
    const { token, digest } = newOpaqueToken();
    await store.insertComplainantSession(this.db, digest, complaintId);
    return token;
  }

  /** The complaint a live token opens (and touches its idle clock), or null. */
  resolve(token: string): Promise<number | null> {
    return store.touchComplainantSession(
      this.db,
      tokenDigest(token),
      SESSION_IDLE_MINUTES,
      SESSION_ABSOLUTE_HOURS,
    );
  }

  /** Signs a token out: it dies server-side; an unknown or expired token is simply gone already. */
  close(token: string): Promise<void> {
    return store.deleteComplainantSession(this.db, tokenDigest(token));
  }

  closeAll(db: Db, complaintId: number): Promise<void> {
    return store.deleteComplainantSessionsOf(db, complaintId);
  }
}
