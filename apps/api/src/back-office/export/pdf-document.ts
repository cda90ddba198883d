import { deflateSync } from 'node:zlib';
import {
  rgb,
  writePdf,
  type Block,
  type DocumentStyle,
  type PdfLimits,
} from '@canal/shared/documents';

export { PdfTooLarge, type PdfLimits } from '@canal/shared/documents';

/**
 * The case dossier's blocks (decision 0041: the product's one document writer lays them out).
 * Layout is linear in the length of the text, so the longest text a field admits costs no more
 * than its length; the caller bounds the whole document with `limits` (pages, bytes) and runs it
 * off the event loop (`pdf-renderer.ts`).
 */
export type PdfBlock = Extract<
  Block,
  { kind: 'title' | 'heading' | 'field' | 'text' | 'paragraph' | 'entry' }
>;

const INK = rgb(0.13, 0.16, 0.2);
const MUTED = rgb(0.38, 0.42, 0.47);
/** Lines 1.4 times their size. */
const style = (font: 'regular' | 'bold', size: number, before = 0, after = 0, color = INK) => ({
  font,
  size,
  leading: size * 1.4,
  color,
  before,
  after,
});

/** A plain A4 document of headings, label–value rows and paragraphs. */
const DOSSIER: DocumentStyle = {
  page: { width: 595.28, height: 841.89, marginX: 56, marginTop: 60, marginBottom: 60 },
  title: style('bold', 16, 0, 6),
  heading: style('bold', 12.5, 12, 4),
  subheading: style('bold', 11, 8, 3),
  lead: style('regular', 10, 0, 4, MUTED),
  body: style('regular', 10, 0, 4),
  muted: style('regular', 10, 0, 4, MUTED),
  label: style('bold', 10, 4),
  value: style('regular', 10),
  meta: style('regular', 9, 0, 0, MUTED),
  item: style('regular', 10, 0, 2),
  labelWidth: 150,
  columnGap: 16,
  rule: { color: MUTED, thickness: 0.5 },
  list: { marker: 0, text: 14, after: 4 },
  entryIndent: 10,
};

/** The PDF bytes of `blocks`; `PdfTooLarge` past `limits`. */
export function pdfDocument(
  meta: { title: string; footer: string },
  blocks: readonly PdfBlock[],
  now = new Date(),
  limits: PdfLimits = { maxPages: Infinity, maxBytes: Infinity },
): Promise<Uint8Array> {
  return writePdf({
    style: DOSSIER,
    blocks,
    meta: {
      title: meta.title,
      date: now,
      producer: 'Canal de denuncias',
      creator: 'Canal de denuncias',
    },
    // Page numbers and the footer on every page, once everything is laid out.
    decorate: (page, i, pages) =>
      page.text(`${meta.footer} · Página ${i} de ${pages}`, DOSSIER.page.marginX, 30, {
        size: 8,
        color: MUTED,
      }),
    limits,
    // Node's zlib: native, several times faster than compressing in JavaScript.
    deflate: (data) => deflateSync(data),
  });
}
