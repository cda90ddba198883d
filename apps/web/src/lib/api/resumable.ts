// The browser side of resumable uploads (tus 1.0, decisions 0055, 0068 and 0074): one file at a
// time through tus-js-client, which resends from what the server kept after a cut connection and,
// after a reload, from the address this tab remembered for the same file. The portal's detail page
// and the back office's reply form both send their files here, each with its own target.
import type { DetailedError, PreviousUpload, UrlStorage } from 'tus-js-client';
import { HttpError } from './http';

/**
 * The waits before each new try after a cut connection (tus-js-client's `retryDelays`): about a
 * minute and a half in all, long enough for a phone to come back from a tunnel or a lift.
 */
export const RESUME_DELAYS_MS = [1_000, 3_000, 5_000, 10_000, 20_000, 30_000, 30_000];

/** The prefix of this tab's upload addresses in sessionStorage. */
const PREFIX = 'canal.subida::';

/**
 * tus-js-client's URL storage over sessionStorage (its own is localStorage only): an upload's
 * address lives as long as the tab, so a shared or seized phone keeps none once the tab is
 * closed (decision 0068). The entries are the library's own shape.
 */
export const tabUrlStorage: UrlStorage = {
  findAllUploads: () => Promise.resolve(entries(PREFIX)),
  findUploadsByFingerprint: (fingerprint) => Promise.resolve(entries(`${PREFIX}${fingerprint}::`)),
  removeUpload(key) {
    sessionStorage.removeItem(key);
    return Promise.resolve();
  },
  addUpload(fingerprint, upload) {
    const key = `${PREFIX}${fingerprint}::${crypto.randomUUID()}`;
    sessionStorage.setItem(key, JSON.stringify(upload));
    return Promise.resolve(key);
  },
};

/** Forgets every upload address of this tab (signing out: a shared phone keeps none). */
export function forgetAllUploads(): void {
  for (const entry of entries(PREFIX)) sessionStorage.removeItem(entry.urlStorageKey);
}

function entries(prefix: string): PreviousUpload[] {
  const found: PreviousUpload[] = [];
  for (let i = 0; i < sessionStorage.length; i++) {
    const key = sessionStorage.key(i);
    if (!key?.startsWith(prefix)) continue;
    try {
      found.push({
        ...(JSON.parse(sessionStorage.getItem(key)!) as PreviousUpload),
        urlStorageKey: key,
      });
    } catch {
      sessionStorage.removeItem(key);
    }
  }
  return found;
}

/** Where and as whom a file is sent: the portal's complaint, or a case of the back office. */
export interface ResumableTarget {
  /** Where uploads are created: absolute, since tus-js-client resolves each `Location` against it. */
  endpoint: string;
  /** What the file is for (a complaint, a case): the same file for another is another upload. */
  scope: string;
  /**
   * The headers of each request (`undefined`: not sent), read at each request: a new sign-in
   * mid-upload is used at once; `creating` for a creation request (a bot-check token is spent once).
   */
  headers(creating: boolean): Promise<Record<string, string | undefined>>;
  /**
   * A request answered 401: the session lapsed (or was ended) mid-upload. Resolves true once the
   * person signed in again — the upload then continues from what the server kept, with the new
   * session's headers — or false: the upload fails with the 401 (decision 0080). Without it, the
   * upload fails with the 401 at once; either way its address is kept, so sending again resumes.
   */
  signInAgain?(): Promise<boolean>;
}

export interface ResumableHooks {
  /** Bytes of this file the server has been sent so far, of its size. */
  onProgress?(sent: number, total: number): void;
  /** True while tus waits to try again after a failure it can recover from; false once it moves on. */
  onResuming?(resuming: boolean): void;
}

/** A finished upload: its id for the attach call, and how to forget its address once attached. */
export interface FinishedUpload {
  id: string;
  forget(): Promise<void>;
}

/** The `message` of an API answer, or tus's own refusal: the store's Spanish text as it is. */
function serverMessage(body: string): string | null {
  try {
    return (JSON.parse(body) as { message?: string }).message ?? null;
  } catch {
    return body.trim() || null;
  }
}

/**
 * A request answered 401, raised from tus-js-client's `onAfterResponse` so that the library does
 * not act on the answer itself: on a HEAD's 4xx it would forget the upload's address and create
 * the upload anew, losing what the server kept. Carries the server's message.
 */
class SessionLapsed extends Error {
  constructor(readonly serverMessage: string | null) {
    super(serverMessage ?? 'La sesión expiró (401).');
  }
}

const lapseOf = (error: Error | DetailedError): SessionLapsed | null =>
  'causingError' in error && error.causingError instanceof SessionLapsed
    ? error.causingError
    : null;

/** tus-js-client's own rule for another try, with the hook told: not a refusal, and online. */
function recoverable(error: DetailedError): boolean {
  if (lapseOf(error)) return false;
  const status = error.originalResponse?.getStatus() ?? 0;
  const refused = status >= 400 && status < 500 && status !== 409 && status !== 423;
  return !refused && navigator.onLine !== false;
}

/**
 * A tus failure as the portal's other calls report theirs (`HttpError`); one that happened before
 * any request (the file could not be read) stays as it is.
 */
function asHttpError(error: Error | DetailedError, url: string): Error {
  if (!('originalRequest' in error) || !error.originalRequest) return error;
  const response = error.originalResponse;
  const status = response?.getStatus() ?? 0;
  if (!response || status === 0) return new HttpError('network', 502, url);
  const message = serverMessage(response.getBody() ?? '');
  return new HttpError('http', status, url, message);
}

/**
 * Sends `file` over tus, resuming an upload of the same file this tab started (after a reload,
 * the person picks it again) from the offset the server reports.
 */
export async function sendResumable(
  file: File,
  target: ResumableTarget,
  hooks: ResumableHooks = {},
): Promise<FinishedUpload> {
  const { Upload } = await import('tus-js-client');
  const { endpoint } = target;
  // The same file picked again (name, type, size, date) for the same complaint or case in this tab.
  const fingerprint = [
    'canal',
    target.scope,
    file.name,
    file.type,
    file.size,
    file.lastModified,
  ].join('-');
  let resuming = false;
  let highest = 0;
  const setResuming = (value: boolean) => {
    if (value === resuming) return;
    resuming = value;
    hooks.onResuming?.(value);
  };
  return new Promise<FinishedUpload>((resolve, reject) => {
    const upload = new Upload(file, {
      endpoint,
      metadata: { filename: file.name, filetype: file.type },
      retryDelays: RESUME_DELAYS_MS,
      urlStorage: tabUrlStorage,
      fingerprint: () => Promise.resolve(fingerprint),
      storeFingerprintForResuming: true,
      // Kept until the attach call has taken the upload: a failed attach resends nothing.
      removeFingerprintOnSuccess: false,
      async onBeforeRequest(request) {
        const headers = await target.headers(request.getMethod() === 'POST');
        for (const [name, value] of Object.entries(headers))
          if (value) request.setHeader(name, value);
      },
      onAfterResponse(_request, response) {
        if (response.getStatus() === 401)
          throw new SessionLapsed(serverMessage(response.getBody() ?? ''));
      },
      onShouldRetry(error) {
        const again = recoverable(error);
        if (again) setResuming(true);
        return again;
      },
      onProgress(sent, total) {
        // Past what had been sent before the cut: it goes on.
        if (sent > highest) {
          highest = sent;
          setResuming(false);
        }
        hooks.onProgress?.(sent, total);
      },
      onSuccess() {
        setResuming(false);
        const url = upload.url ?? '';
        resolve({
          id: url.split('/').at(-1) ?? '',
          forget: async () => {
            const stored = await tabUrlStorage.findUploadsByFingerprint(fingerprint);
            for (const entry of stored) await tabUrlStorage.removeUpload(entry.urlStorageKey);
          },
        });
      },
      onError(error) {
        setResuming(false);
        const lapse = lapseOf(error);
        if (!lapse) {
          reject(asHttpError(error, endpoint));
          return;
        }
        // Signed in again: on from the server's offset (HEAD), the address kept, the file not
        // picked again. Not signed in: the 401 as the other calls report it.
        void (target.signInAgain?.() ?? Promise.resolve(false)).then(
          (signedIn) =>
            signedIn
              ? upload.start()
              : reject(new HttpError('http', 401, endpoint, lapse.serverMessage)),
          reject,
        );
      },
    });
    void upload
      .findPreviousUploads()
      .then((previous) => {
        const last = previous.at(-1);
        if (last) upload.resumeFromPreviousUpload(last);
        upload.start();
      })
      .catch(reject);
  });
}

/**
 * A failure a new try may get past: no answer, or the service did not answer in time. After an
 * upload, pressing send again continues it from where it stopped (decisions 0068 and 0074).
 */
export const uploadWasCut = (error: unknown) =>
  error instanceof HttpError &&
  (error.kind !== 'http' || ([502, 503, 504].includes(error.status) && !error.serverMessage));

/** One file of a batch as the page shows it: its name, its share sent, and where it stands. */
export interface FileProgress {
  name: string;
  /** A fraction from 0 to 1 of this file's bytes. */
  fraction: number;
  /** Sent whole: the server has all of it. */
  done: boolean;
  /** Waiting for tus to try again after a cut (decision 0068). */
  resuming: boolean;
}

/** What `sendAllResumable` tells while it sends: the share of all files' bytes, each file, resuming. */
export interface ResumableBatchHooks {
  /** A fraction from 0 to 1 of the bytes of all the files. */
  onProgress?(fraction: number): void;
  onResuming?(resuming: boolean): void;
  /** Every file, in the order given, each time one of them changes (at once: all at 0). */
  onFiles?(files: readonly FileProgress[]): void;
}

/**
 * Sends `files` one after the other to `target` (each resumable), with one progress over all of
 * them and each file's own; the finished uploads are then named in the call that attaches them.
 */
export async function sendAllResumable(
  files: readonly File[],
  target: ResumableTarget,
  hooks: ResumableBatchHooks = {},
): Promise<FinishedUpload[]> {
  const total = files.reduce((sum, file) => sum + file.size, 0) || 1;
  let done = 0;
  let each: readonly FileProgress[] = files.map((file) => ({
    name: file.name,
    fraction: 0,
    done: false,
    resuming: false,
  }));
  const change = (index: number, next: Partial<FileProgress>) => {
    each = each.map((file, i) => (i === index ? { ...file, ...next } : file));
    hooks.onFiles?.(each);
  };
  hooks.onFiles?.(each);
  const finished: FinishedUpload[] = [];
  for (const [index, file] of files.entries()) {
    finished.push(
      await sendResumable(file, target, {
        onProgress: (sent, size) => {
          change(index, { fraction: size > 0 ? sent / size : 0 });
          hooks.onProgress?.((done + sent) / total);
        },
        onResuming: (resuming) => {
          change(index, { resuming });
          hooks.onResuming?.(resuming);
        },
      }),
    );
    change(index, { fraction: 1, done: true, resuming: false });
    done += file.size;
  }
  return finished;
}
