import { move } from 'piscina';
import { pdfDocument, PdfTooLarge, type PdfBlock, type PdfLimits } from './pdf-document';

/** What the thread is asked to make (`pdf-renderer.ts`): plain data, copied across. */
export interface PdfTask {
  meta: { title: string; footer: string };
  blocks: PdfBlock[];
  /** The document's date, as epoch milliseconds. */
  now: number;
  limits: PdfLimits;
}

/** The PDF's bytes (moved, not copied), or the limit it went past. */
export type PdfOutcome = Uint8Array | { over: keyof PdfLimits };

/** Runs in a worker thread of the renderer's pool: lays out and serialises one document. */
export default async function makePdf(task: PdfTask): Promise<PdfOutcome> {
  try {
    const pdf = await pdfDocument(task.meta, task.blocks, new Date(task.now), task.limits);
    return move(pdf) as unknown as Uint8Array;
  } catch (error) {
    if (error instanceof PdfTooLarge) return { over: error.limit };
    throw error;
  }
}
