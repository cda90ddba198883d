import type { ComplaintDetail } from '@canal/shared';
import { useState } from 'react';
import { Button } from '../../../components/Button';
import { useApi } from '../../../lib/api/ApiProvider';
import { useBrand } from '../../../lib/brand/BrandProvider';
import type { DetailFile } from '../types';

export const PDF_FAILED_MESSAGE = 'No fue posible generar el PDF. Intente nuevamente.';

/** "Descargar pdf": the summary is built in the browser when asked for (SPEC §2), sealed by the
 * server (decision 0051). */
export function DownloadSummaryButton({
  detail,
  files,
}: {
  detail: ComplaintDetail;
  files: DetailFile[];
}) {
  const { organization } = useBrand();
  const api = useApi();
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState(false);

  async function download() {
    setBusy(true);
    setFailed(false);
    try {
      const { downloadSummaryPdf } = await import('./download');
      await downloadSummaryPdf(api, detail, files, organization);
    } catch (error) {
      console.error('No se pudo generar el PDF', error);
      setFailed(true);
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="flex flex-col items-end gap-1">
      <Button variant="secondary" onClick={() => void download()} disabled={busy} aria-busy={busy}>
        {busy ? 'Generando pdf...' : 'Descargar pdf'}
      </Button>
      {failed && (
        <p role="alert" className="text-sm text-red-700">
          {PDF_FAILED_MESSAGE}
        </p>
      )}
    </div>
  );
}
