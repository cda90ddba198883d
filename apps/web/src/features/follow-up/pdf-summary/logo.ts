import type { Organization } from '@canal/shared';
import { pdfLogoPng } from '../../../lib/brand/assets';

/** A PNG as a data URL with the size to draw it at (only its proportions are used). */
export interface PdfLogo {
  dataUrl: string;
  width: number;
  height: number;
}

/** The organisation's PDF logo, or null when it cannot be drawn (the name is printed instead). */
export async function loadPdfLogo(org: Organization): Promise<PdfLogo | null> {
  try {
    return await pdfLogoPng(org);
  } catch (error) {
    console.error('No se pudo cargar el logo del PDF', error);
    return null;
  }
}
