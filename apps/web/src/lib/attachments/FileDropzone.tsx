import { lazy, Suspense } from 'react';

export interface FileDropzoneProps {
  /** The files selected so far (the caller owns them). */
  files: File[];
  /**
   * The new selection: after a drop or pick with at least one accepted file (names already selected
   * are not added twice), or after a file is removed. A caller clears its rejection message here.
   */
  onChange(files: File[]): void;
  /**
   * Names refused by a drop or pick (type, more than 120 MB, too many files); called only when
   * something was refused, after onChange. Show MESSAGES.uploadRejected(names).
   */
  onRejected(names: string[]): void;
  disabled?: boolean;
  /** Visible heading of the area; "Adjuntar archivos" by default. */
  label?: string;
}

// react-dropzone is loaded on demand (DESIGN §7): its chunk is requested the first time an area shows.
const DropzoneArea = lazy(() => import('./DropzoneArea'));

function DropzoneFallback({ label = 'Adjuntar archivos' }: { label?: string }) {
  return (
    <div>
      <p className="mb-2 font-semibold">{label}</p>
      <div
        role="status"
        className="rounded-md border-2 border-dashed border-gray-300 p-5 text-center text-gray-600"
      >
        Cargando área de archivos…
      </div>
    </div>
  );
}

/**
 * File picker with drag and drop (SPEC §5 upload rules): allowed types, 120 MB per file, no name
 * twice, a list with sizes and a remove button, a visible "Seleccionar archivos" button. The
 * react-dropzone code arrives in its own chunk; a placeholder shows meanwhile.
 */
export function FileDropzone(props: FileDropzoneProps) {
  return (
    <Suspense fallback={<DropzoneFallback label={props.label} />}>
      <DropzoneArea {...props} />
    </Suspense>
  );
}

/** The same component under the name that says it is lazy-loaded. */
export const LazyFileDropzone = FileDropzone;
