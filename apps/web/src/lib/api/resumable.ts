// The browser side of resumable uploads (tus 1.0, decisions 0055 and 0068): one file at a time
// through tus-js-client, which resends from what the server kept after a cut connection and, after
// a reload, from the address this tab remembered for the same file.
import type { DetailedError, PreviousUpload, UrlStorage } from 'tus-js-client';
import { HttpError } from './http';
import { portalHeaders, resumableEndpoint } from './request';

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

export interface ResumableCaller {
  organizationId: string;
  /** The complaint the file is for: the same file for another complaint is another upload. */
  ticket: number;
  /** The session's token at each request (a new sign-in mid-upload is used at once). */
  bearer(): string | undefined;
  /** A fresh bot-check token, for each creation request. */
  botToken(): Promise<string>;
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

/** tus-js-client's own rule for another try, with the hook told: not a refusal, and online. */
function recoverable(error: DetailedError): boolean {
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
  caller: ResumableCaller,
  hooks: ResumableHooks = {},
): Promise<FinishedUpload> {
  const { Upload } = await import('tus-js-client');
  const endpoint = resumableEndpoint();
  // The same file picked again (name, type, size, date) for the same complaint in this tab.
  const fingerprint = [
    'canal',
    caller.ticket,
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
        const creating = request.getMethod() === 'POST';
        const headers = portalHeaders({
          organizationId: caller.organizationId,
          bearer: caller.bearer(),
          botToken: creating ? await caller.botToken() : undefined,
        });
        for (const [name, value] of Object.entries(headers))
          if (value) request.setHeader(name, value);
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
        reject(asHttpError(error, endpoint));
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
