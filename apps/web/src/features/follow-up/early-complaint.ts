import type { ApiClient } from '../../lib/api/client';
import type { Answer } from '../../lib/api/request';
import { parseComplaintId } from './complaint-id';

/**
 * The detail page's two reads started by its route's loader (app/router.tsx, issue 26): the
 * complaint, then its files once it has loaded (SPEC §2), leave while the page's code downloads and
 * the page the server wrote is hydrated, not after. The page's queries (queries.ts) take each answer
 * once; every later read asks the API (SPEC §7, nothing cached). An answer not taken within
 * FRESH_MS, or of another complaint, is dropped. In the first load: it holds no client code (the
 * calls load the client, lazy-client.ts). When the server's frame started them even earlier
 * (public/lectura-temprana.js, decision 0079), the calls take those answers instead of asking.
 */
type Complaint = ReturnType<ApiClient['complaint']>;
type Files = ReturnType<ApiClient['files']>;

interface Started {
  id: number;
  at: number;
  detail: Complaint | null;
  files: Files | null;
}

/** Long enough for the page's code to arrive on a slow phone; a later answer is not kept. */
const FRESH_MS = 20_000;

let started: Started | null = null;

/** What public/lectura-temprana.js started: each answer, or null when it sent no request. */
interface PageReads {
  id: number;
  bearer: string;
  at: number;
  detail: Promise<Answer | null>;
  files: Promise<Answer | null>;
}

declare global {
  interface Window {
    canalLecturaTemprana?: PageReads;
  }
}

/** The page's early reads of complaint `id` with session `bearer`, handed over once. */
function takePageReads(id: number, bearer: string): PageReads | null {
  const reads = window.canalLecturaTemprana;
  delete window.canalLecturaTemprana;
  if (!reads || reads.id !== id || reads.bearer !== bearer) return null;
  return Date.now() - reads.at > FRESH_MS ? null : reads;
}

/** Starts the complaint `rawId`'s reads when the tab has a session (else the page goes home). */
export function startComplaint(api: ApiClient, rawId: string | undefined): void {
  started = null;
  const id = parseComplaintId(rawId);
  const session = api.session();
  if (id === null || session === null) return;
  const page = takePageReads(id, session.token);
  const detail = api.complaint(id, page?.detail);
  const files = detail.then(() => api.files(id, page?.files));
  // A failure waits for the query that takes it (it words it as its own).
  detail.catch(() => undefined);
  files.catch(() => undefined);
  started = { id, at: Date.now(), detail, files };
}

/** The read `kind` of complaint `id` started early, handed over once; null when there is none. */
function take<K extends 'detail' | 'files'>(id: number, kind: K): Started[K] {
  const entry = started;
  if (!entry || entry.id !== id || Date.now() - entry.at > FRESH_MS) return null;
  const answer = entry[kind];
  entry[kind] = null;
  return answer;
}

export const takeEarlyComplaint = (id: number) => take(id, 'detail');
export const takeEarlyFiles = (id: number) => take(id, 'files');

/** Signing out drops what was started and not taken. */
export function forgetEarlyComplaint(): void {
  started = null;
}
