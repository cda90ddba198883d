import { useState } from 'react';
import { formatFileSize, isViewableContentType } from '@canal/shared';
import { Modal } from '../../../components/Modal';
import { type CaseFile, caseFileViewUrl } from '../api/cases/case';
import { dateTime } from '../components/format';

/**
 * A file opened in the browser (decision 0019): an image in an `<img>`, a PDF in a frame whose
 * answer sandboxes itself (CSP `sandbox`: Chromium's PDF viewer refuses an `<iframe sandbox>`).
 * Both come from the sanitised copy; opening is audited like a download.
 */
export function FileViewer({
  caseId,
  file,
  onClose,
}: {
  caseId: number;
  file: CaseFile | null;
  onClose: () => void;
}) {
  const url = file ? caseFileViewUrl(caseId, file.id) : '';
  return (
    <Modal
      open={file !== null}
      onClose={onClose}
      size="lg"
      title={file?.name ?? ''}
      footer={
        file && (
          <a href={file.url} download={file.name} className="text-primary underline">
            Descargar
          </a>
        )
      }
    >
      {file &&
        (file.mimeType === 'application/pdf' ? (
          <iframe
            src={url}
            title={`Vista del archivo ${file.name}`}
            referrerPolicy="no-referrer"
            className="h-[70dvh] w-full rounded border border-gray-300"
          />
        ) : (
          <img
            src={url}
            alt={`Vista del archivo ${file.name}`}
            referrerPolicy="no-referrer"
            className="mx-auto max-h-[70dvh] max-w-full"
          />
        ))}
    </Modal>
  );
}

/** The case's files: each downloads (the sanitised copy); images and PDFs also open here. */
export function CaseFiles({ caseId, files }: { caseId: number; files: readonly CaseFile[] }) {
  const [open, setOpen] = useState<CaseFile | null>(null);
  return (
    <>
      {files.length === 0 ? (
        <p>La denuncia no tiene archivos.</p>
      ) : (
        <ul className="space-y-2">
          {files.map((f) => (
            <li key={f.id}>
              <a href={f.url} download={f.name} className="text-primary underline">
                {f.name}
              </a>{' '}
              <span className="text-sm text-gray-700">
                ({formatFileSize(f.size)}, {dateTime(f.date)}
                {f.fromTeam ? ', enviado por el equipo' : ''})
              </span>
              {isViewableContentType(f.mimeType) && (
                <>
                  {' '}
                  {/* A link (it opens the file in a tab without script): reading, not an action. */}
                  <a
                    href={caseFileViewUrl(caseId, f.id)}
                    target="_blank"
                    rel="noopener noreferrer"
                    className="text-primary underline"
                    aria-label={`Ver ${f.name}`}
                    onClick={(e) => {
                      e.preventDefault();
                      setOpen(f);
                    }}
                  >
                    Ver
                  </a>
                </>
              )}
            </li>
          ))}
        </ul>
      )}
      <p className="text-sm text-gray-700">
        Las imágenes y los documentos se entregan sin metadatos (ubicación, cámara, autor). Las
        imágenes y los PDF también se pueden ver aquí. Cada descarga y cada vista quedan
        registradas.
      </p>
      <FileViewer caseId={caseId} file={open} onClose={() => setOpen(null)} />
    </>
  );
}
