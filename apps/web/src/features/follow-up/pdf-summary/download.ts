import type { ComplaintDetail, Organization } from '@canal/shared';
import { buildSummaryPdf, summaryFileName } from '@canal/shared/summary';
import type { ApiClient } from '../../../lib/api/client';
import { HttpError } from '../../../lib/api/http';
import type { DetailFile } from '../types';
import { loadPdfLogo } from './logo';

/**
 * Loaded on click only: the document writer stays out of the first load (DESIGN §2, §7). The
 * server seals the summary first (decision 0051) and answers what to build it from; a complaint
 * filed before receipts were signed (409) gets the summary without a seal, as before.
 */
export async function downloadSummaryPdf(
  api: Pick<ApiClient, 'summarySeal'>,
  detail: ComplaintDetail,
  files: DetailFile[],
  org: Organization,
) {
  const logo = await loadPdfLogo(org);
  let bytes: Uint8Array;
  try {
    const sealed = await api.summarySeal(detail.id, logo);
    bytes = await buildSummaryPdf(sealed.detail, sealed.files, org, sealed.issuedAt, logo, {
      code: sealed.code,
      address: sealed.address,
      seal: sealed.seal,
    });
  } catch (error) {
    if (!(error instanceof HttpError && error.status === 409)) throw error;
    bytes = await buildSummaryPdf(detail, files, org, new Date(), logo);
  }
  const url = URL.createObjectURL(new Blob([bytes as BlobPart], { type: 'application/pdf' }));
  try {
    const link = document.createElement('a');
    link.href = url;
    link.download = summaryFileName(detail.code);
    document.body.append(link);
    link.click();
    link.remove();
  } finally {
    // After the click has handed the file to the browser's download.
    setTimeout(() => URL.revokeObjectURL(url), 1000);
  }
}
