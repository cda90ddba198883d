// The filing form's pending filing (decision 0074): opened before its files are sent over tus,
// named by the filing. Its id and token live in this tab's sessionStorage with the upload
// addresses (decision 0068), so a reload resumes the files picked again; filing, signing out or
// closing the tab forgets it.
import { MESSAGES, type BorradorAbierto } from '@canal/shared';
import { HttpError } from './http';

const KEY = 'canal.borrador::';

export const pendingFilings = {
  /** The live pending filing this tab opened for `organizationId`, if any. */
  get(organizationId: string): BorradorAbierto | null {
    try {
      const raw = sessionStorage.getItem(KEY + organizationId);
      if (raw === null) return null;
      const kept = JSON.parse(raw) as BorradorAbierto;
      // A few minutes' margin: one about to expire is not worth sending into.
      if (Date.parse(kept.vence) - Date.now() > 5 * 60_000) return kept;
    } catch {
      // Unreadable: as if none.
    }
    sessionStorage.removeItem(KEY + organizationId);
    return null;
  },
  keep(organizationId: string, opened: BorradorAbierto): BorradorAbierto {
    sessionStorage.setItem(KEY + organizationId, JSON.stringify(opened));
    return opened;
  },
  /** Forgets this tab's pending filings (filed, signed out, or gone on the server). */
  forget(): void {
    for (let i = sessionStorage.length - 1; i >= 0; i--) {
      const key = sessionStorage.key(i);
      if (key?.startsWith(KEY)) sessionStorage.removeItem(key);
    }
  },
};

/**
 * The server no longer has the pending filing (it expired, or the tab kept one already filed):
 * a tus request with its token answers 404, a filing naming it 400 with its message. A new one is
 * then opened and the files sent again.
 */
export const pendingFilingGone = (error: unknown, sending: 'files' | 'filing') =>
  error instanceof HttpError &&
  error.kind === 'http' &&
  (sending === 'files'
    ? error.status === 404
    : error.status === 400 && error.serverMessage === MESSAGES.pendingFilingInvalid);
