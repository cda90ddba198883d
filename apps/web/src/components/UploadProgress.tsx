import { ProgressBar } from './ProgressBar';

/** While tus waits to try again after the connection was cut (decisions 0068 and 0074). */
export const RESUMING_MESSAGE = 'Reanudando…';

/** One file as shown (the shape `sendAllResumable`'s `onFiles` reports). */
export interface FileProgress {
  name: string;
  /** A fraction from 0 to 1 of this file's bytes. */
  fraction: number;
  done: boolean;
  resuming: boolean;
}

/** A file the server has whole. */
export const FILE_DONE_MESSAGE = 'Listo';

/**
 * The progress of resumable uploads (issue 21): each file with its name, its own bar (named
 * «Subiendo <name>»), «Listo» once sent and «Reanudando…» on the one waiting to resume. A screen
 * reader hears ONE polite status line instead of every bar: every tenth of all the bytes, and
 * «Reanudando…» when it starts. The filing form, the portal's detail page and the back office's
 * reply form show the same.
 */
export function UploadProgress({
  value,
  files,
  resuming,
  label = 'Subiendo archivos',
}: {
  /** A fraction from 0 to 1 of all the bytes (and what follows them, on the filing form). */
  value: number;
  files: readonly FileProgress[];
  resuming: boolean;
  label?: string;
}) {
  return (
    <div className="flex w-full max-w-md flex-col gap-3">
      <ul aria-label="Archivos" className="flex flex-col gap-3">
        {files.map((file, index) => (
          <li key={index} className="flex flex-col gap-1">
            <div className="flex items-start justify-between gap-2 text-sm">
              {/* A long name wraps: the whole of it stays readable at 375 px. */}
              <span className="min-w-0 break-all text-gray-900">{file.name}</span>
              {file.done ? (
                <span className="shrink-0 font-semibold text-green-800">{FILE_DONE_MESSAGE}</span>
              ) : file.resuming ? (
                <span className="shrink-0 font-semibold text-gray-900">{RESUMING_MESSAGE}</span>
              ) : null}
            </div>
            <ProgressBar value={file.fraction} label={`Subiendo ${file.name}`} />
          </li>
        ))}
      </ul>
      {/* Heard, not seen (each file shows its own); the line keeps a box of its own, so it is
          on the page, and hides its text in the span (the span scrolls nothing in the dialog). */}
      <p role="status" className="h-px">
        <span className="sr-only">
          {resuming ? RESUMING_MESSAGE : `${label}: ${Math.floor(value * 10) * 10} %`}
        </span>
      </p>
    </div>
  );
}
