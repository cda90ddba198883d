import type { Organization } from '@canal/shared';
import type { PdfLogo } from '@canal/shared/summary/fields';
import { pdfLogoPng } from '../../../lib/brand/assets';

/** The organisation's PDF logo, or null when it cannot be drawn (the name is printed instead). */
export async function loadPdfLogo(org: Organization): Promise<PdfLogo | null> {
  try {
    return await pdfLogoPng(org);
  } catch (error) {
    console.error('No se pudo cargar el logo del PDF', error);
    return null;
  }
}
