import { ProgressBar } from './ProgressBar';

/** While tus waits to try again after the connection was cut (decisions 0068 and 0074). */
export const RESUMING_MESSAGE = 'Reanudando…';

/**
 * The progress of resumable uploads: the bar (the bytes of all files, as `aria-valuenow`) and a
 * status line a screen reader hears every tenth, and «Reanudando…» when it starts; the bar shows
 * both to the eye. The portal's detail page and the back office's reply form show the same.
 */
export function UploadProgress({
  value,
  resuming,
  label = 'Subiendo archivos',
}: {
  /** A fraction from 0 to 1. */
  value: number;
  resuming: boolean;
  label?: string;
}) {
  return (
    <div className="flex w-full max-w-md flex-col gap-2">
      <ProgressBar value={value} label={label} />
      <p role="status" className="min-h-6 text-center font-semibold text-gray-900">
        {resuming ? (
          RESUMING_MESSAGE
        ) : (
          <span className="sr-only">{`${label}: ${Math.floor(value * 10) * 10} %`}</span>
        )}
      </p>
    </div>
  );
}
