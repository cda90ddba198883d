import { useCallback, useId } from 'react';
import { useDropzone, type FileRejection } from 'react-dropzone';
import {
  ACCEPT_MAP,
  ALLOWED_EXTENSIONS,
  MAX_FILE_BYTES,
  MAX_FILES_PER_REQUEST,
  formatFileSize,
} from '@canal/shared';
import { Button } from '../../components/Button';
import { mergeFiles, namesOfRejections, removeFile } from './upload-rules';
import type { FileDropzoneProps } from './FileDropzone';

const ALLOWED_TEXT = ALLOWED_EXTENSIONS.map((ext) => ext.toUpperCase()).join(', ');

/**
 * The react-dropzone part of FileDropzone, in its own chunk. The drop area takes drags; the visible
 * button opens the browser's file picker, so the whole control works with the keyboard.
 */
export default function DropzoneArea({
  files,
  onChange,
  onRejected,
  disabled = false,
  label = 'Adjuntar archivos',
}: FileDropzoneProps) {
  const labelId = useId();
  const hintId = useId();

  const onDrop = useCallback(
    (accepted: File[], rejections: FileRejection[]) => {
      const result = mergeFiles(files, accepted, namesOfRejections(rejections));
      // Accepted files first, so the caller clears its message before a mixed drop sets it again.
      if (accepted.length > 0) onChange(result.files);
      if (result.rejectedNames.length > 0) onRejected(result.rejectedNames);
    },
    [files, onChange, onRejected],
  );

  const { getRootProps, getInputProps, isDragActive, open } = useDropzone({
    accept: ACCEPT_MAP,
    maxSize: MAX_FILE_BYTES,
    multiple: true,
    disabled,
    // The visible button opens the picker; a click anywhere in the area would surprise.
    noClick: true,
    noKeyboard: true,
    onDrop,
  });

  return (
    <div>
      <p id={labelId} className="mb-2 font-semibold">
        {label}
      </p>
      <div
        {...getRootProps({ role: 'group', 'aria-labelledby': labelId, 'aria-describedby': hintId })}
        className={`flex flex-col items-center gap-3 rounded-md border-2 border-dashed p-5 text-center transition-colors ${
          disabled
            ? 'border-gray-300 bg-gray-100 text-gray-600'
            : isDragActive
              ? 'border-primary bg-light'
              : 'border-gray-400 bg-white'
        }`}
      >
        <input {...getInputProps({ 'aria-label': label })} data-testid="file-input" />
        <p aria-hidden="true" className="hidden sm:block">
          {isDragActive ? 'Suelte los archivos aquí' : 'Arrastre sus archivos aquí o'}
        </p>
        <Button variant="secondary" onClick={open} disabled={disabled}>
          Seleccionar archivos
        </Button>
        <p id={hintId} className="text-sm text-gray-700">
          Formatos permitidos: {ALLOWED_TEXT}. Máximo 120 MB por archivo y {MAX_FILES_PER_REQUEST}{' '}
          archivos por envío.
        </p>
      </div>
      {files.length > 0 && (
        <ul
          aria-label="Archivos seleccionados"
          className="mt-3 divide-y divide-gray-200 rounded-md border border-gray-200"
        >
          {files.map((file) => (
            <li key={file.name} className="flex items-center justify-between gap-3 px-3 py-2">
              <span className="min-w-0 flex-1 break-all">{file.name}</span>
              <span className="shrink-0 text-sm text-gray-700">{formatFileSize(file.size)}</span>
              <button
                type="button"
                disabled={disabled}
                onClick={() => onChange(removeFile(files, file.name))}
                aria-label={`Quitar ${file.name}`}
                className="-m-1 shrink-0 rounded p-2 text-sm font-semibold text-red-700 hover:underline disabled:text-gray-400"
              >
                Quitar
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
