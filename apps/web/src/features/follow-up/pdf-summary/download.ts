import type { ComplaintDetail, Organization } from '@canal/shared';
import type { DetailFile } from '../types';
import { buildSummaryPdf, summaryFileName } from './build-summary';
import { loadPdfLogo } from './logo';

/** Loaded on click only: jsPDF stays out of the first load (DESIGN §2, §7). */
export async function downloadSummaryPdf(
  detail: ComplaintDetail,
  files: DetailFile[],
  org: Organization,
  now: Date,
) {
  const logo = await loadPdfLogo(org);
  buildSummaryPdf(detail, files, org, now, logo).save(summaryFileName(detail.code));
}
