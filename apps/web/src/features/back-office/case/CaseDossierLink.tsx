import { caseDossierUrl } from '../api/cases/case';

/**
 * The case dossier for the Dirección del Trabajo or a court: one ZIP with the case's PDF (data,
 * logs, legal milestones, audit trail) and its files. Anyone who sees the case may take it; the
 * download is audited.
 */
export function CaseDossierLink({ caseId, number }: { caseId: number; number: string }) {
  return (
    <p className="text-sm">
      <a
        href={caseDossierUrl(caseId)}
        download={`expediente-${number}.zip`}
        className="font-semibold text-primary underline"
      >
        Descargar expediente (ZIP)
      </a>{' '}
      <span className="text-gray-700">
        PDF del caso con bitácoras, plazos legales y auditoría, más sus archivos. La descarga queda
        registrada.
      </span>
    </p>
  );
}
