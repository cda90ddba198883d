import { documentsForSet, ZIP_BY_SET } from '../../../documents/catalog';
import { useBrand } from '../../lib/brand/BrandProvider';
import { DOCUMENT_SUMMARIES } from './document-summaries';

function PdfIcon() {
  return (
    <svg aria-hidden="true" width="40" height="48" viewBox="0 0 40 48" className="shrink-0">
      <path
        d="M4 2h22l10 10v32a2 2 0 0 1-2 2H4a2 2 0 0 1-2-2V4a2 2 0 0 1 2-2z"
        fill="var(--color-light)"
        stroke="var(--color-primary)"
        strokeWidth="2"
      />
      <path d="M26 2v10h10" fill="none" stroke="var(--color-primary)" strokeWidth="2" />
      <text
        x="19"
        y="36"
        textAnchor="middle"
        fontSize="11"
        fontWeight="700"
        fill="var(--color-secondary)"
      >
        PDF
      </text>
    </svg>
  );
}

function DownloadIcon() {
  return (
    <svg
      aria-hidden="true"
      width="18"
      height="18"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="2.5"
      strokeLinecap="round"
      strokeLinejoin="round"
    >
      <path d="M12 4v11M7 10l5 5 5-5M5 20h14" />
    </svg>
  );
}

/**
 * "¿Qué debo conocer antes de realizar una denuncia?" (SPEC §2): the organisation's documents,
 * static PDFs at the site root, one by one or all in one zip (DESIGN §4.9).
 */
export function DocumentsSection() {
  const { organization } = useBrand();
  const documents = documentsForSet(organization.documentSet);
  return (
    <section aria-labelledby="documentos" className="flex flex-col gap-5">
      <div className="flex flex-col gap-3 md:flex-row md:items-end md:justify-between">
        <div className="space-y-2">
          <h2 id="documentos" className="text-xl font-bold text-secondary md:text-2xl">
            ¿Qué debo conocer antes de realizar una denuncia?
          </h2>
          <p>Estos documentos le servirán de apoyo para realizar su denuncia.</p>
        </div>
        <a
          href={`/${ZIP_BY_SET[organization.documentSet]}`}
          download
          className="inline-flex min-h-11 items-center justify-center gap-2 self-start rounded-md border-2 border-primary bg-white px-5 py-2 font-semibold text-primary hover:bg-light md:self-auto"
        >
          <DownloadIcon />
          Descargar todo
        </a>
      </div>
      <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        {documents.map((doc) => (
          <li
            key={doc.file}
            className="flex flex-col gap-4 rounded-lg border border-gray-200 bg-white p-5 shadow-sm"
          >
            <div className="flex items-start gap-3">
              <PdfIcon />
              <div className="space-y-1">
                <h3 className="font-bold">{doc.title}</h3>
                {DOCUMENT_SUMMARIES[doc.file] && (
                  <p className="text-sm text-gray-700">{DOCUMENT_SUMMARIES[doc.file]}</p>
                )}
              </div>
            </div>
            <a
              href={`/${doc.file}`}
              download
              className="mt-auto inline-flex min-h-11 items-center gap-2 self-start font-semibold text-primary underline hover:no-underline"
            >
              <DownloadIcon />
              Descargar documento PDF<span className="sr-only">: {doc.title}</span>
            </a>
          </li>
        ))}
      </ul>
    </section>
  );
}
