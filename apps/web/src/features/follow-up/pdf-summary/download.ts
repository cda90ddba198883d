import type { ComplaintDetail, Organization } from '@canal/shared';
import type { DetailFile } from '../types';
import { buildSummaryPdf, summaryFileName } from './build-summary';
import { loadPdfLogo } from './logo';

/** Loaded on click only: the document writer stays out of the first load (DESIGN §2, §7). */
export async function downloadSummaryPdf(
  detail: ComplaintDetail,
  files: DetailFile[],
  org: Organization,
  now: Date,
) {
  const logo = await loadPdfLogo(org);
  const bytes = await buildSummaryPdf(detail, files, org, now, logo);
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
