/**
 * The complainant's session token (SPEC §4 "Session"): kept for the tab only, so closing it signs
 * out, and tied to the complaint it opens.
 */
const KEY = 'canal.sesion';

export interface Session {
  ticket: number;
  token: string;
}

export const sessionStore = {
  get(): Session | null {
    try {
      const raw = sessionStorage.getItem(KEY);
      return raw ? (JSON.parse(raw) as Session) : null;
    } catch {
      return null;
    }
  },
  set(session: Session): void {
    sessionStorage.setItem(KEY, JSON.stringify(session));
  },
  clear(): void {
    sessionStorage.removeItem(KEY);
  },
};
