import { PDFDocument, StandardFonts, rgb, type PDFFont, type PDFPage } from 'pdf-lib';

/**
 * A plain A4 document of headings, label–value rows and paragraphs, laid out with pdf-lib's
 * standard Helvetica fonts (no font file to ship). Those fonts encode WinAnsi: Spanish accents,
 * ñ, ¿, ¡, «», “” and — are all there; any other character (an emoji in a complainant's text)
 * prints as "?" rather than failing the document.
 */
export type PdfBlock =
  | { kind: 'title'; text: string }
  | { kind: 'heading'; text: string }
  | { kind: 'field'; label: string; value: string }
  | { kind: 'paragraph'; text: string; muted?: boolean }
  | { kind: 'entry'; title: string; meta: string; text?: string | null };

const A4: [number, number] = [595.28, 841.89];
const MARGIN_X = 56;
const MARGIN_TOP = 60;
const MARGIN_BOTTOM = 60;
const WIDTH = A4[0] - 2 * MARGIN_X;
const LABEL_WIDTH = 150;
const INK = rgb(0.13, 0.16, 0.2);
const MUTED = rgb(0.38, 0.42, 0.47);

interface Fonts {
  regular: PDFFont;
  bold: PDFFont;
}

/** `text` with every character the standard fonts cannot encode as "?", tabs as spaces. */
function encodable(text: string, font: PDFFont): string {
  const supported = new Set(font.getCharacterSet());
  let out = '';
  for (const ch of text.normalize('NFC').replace(/\t/g, '    ')) {
    const cp = ch.codePointAt(0)!;
    out += supported.has(cp) ? ch : '?';
  }
  return out;
}

/** Lines of at most `width` points: words kept whole unless one alone is wider. */
function wrap(text: string, font: PDFFont, size: number, width: number): string[] {
  const lines: string[] = [];
  for (const paragraph of encodable(text, font).split(/\r?\n/)) {
    let line = '';
    for (const word of paragraph.split(' ')) {
      const candidate = line ? `${line} ${word}` : word;
      if (font.widthOfTextAtSize(candidate, size) <= width) {
        line = candidate;
        continue;
      }
      if (line) lines.push(line);
      let rest = word;
      while (font.widthOfTextAtSize(rest, size) > width) {
        let cut = rest.length - 1;
        while (cut > 1 && font.widthOfTextAtSize(rest.slice(0, cut), size) > width) cut -= 1;
        lines.push(rest.slice(0, cut));
        rest = rest.slice(cut);
      }
      line = rest;
    }
    lines.push(line);
  }
  return lines;
}

class Writer {
  private page!: PDFPage;
  private y = 0;
  constructor(
    private readonly doc: PDFDocument,
    private readonly fonts: Fonts,
    private readonly footer: string,
  ) {
    this.newPage();
  }

  private newPage() {
    this.page = this.doc.addPage(A4);
    this.y = A4[1] - MARGIN_TOP;
  }

  private room(height: number) {
    if (this.y - height < MARGIN_BOTTOM) this.newPage();
  }

  lines(
    text: string,
    o: { font?: PDFFont; size?: number; x?: number; width?: number; color?: typeof INK } = {},
  ) {
    const font = o.font ?? this.fonts.regular;
    const size = o.size ?? 10;
    const leading = size * 1.4;
    for (const line of wrap(text, font, size, o.width ?? WIDTH)) {
      this.room(leading);
      this.y -= leading;
      this.page.drawText(line, {
        x: MARGIN_X + (o.x ?? 0),
        y: this.y,
        size,
        font,
        color: o.color ?? INK,
      });
    }
  }

  gap(points: number) {
    this.y -= points;
  }

  field(label: string, value: string) {
    const size = 10;
    const labels = wrap(label, this.fonts.bold, size, LABEL_WIDTH - 8);
    const values = wrap(value || '—', this.fonts.regular, size, WIDTH - LABEL_WIDTH);
    const leading = size * 1.4;
    for (let i = 0; i < Math.max(labels.length, values.length); i += 1) {
      this.room(leading);
      this.y -= leading;
      if (labels[i])
        this.page.drawText(labels[i]!, {
          x: MARGIN_X,
          y: this.y,
          size,
          font: this.fonts.bold,
          color: INK,
        });
      if (values[i])
        this.page.drawText(values[i]!, {
          x: MARGIN_X + LABEL_WIDTH,
          y: this.y,
          size,
          font: this.fonts.regular,
          color: INK,
        });
    }
  }

  /** Page numbers and the footer on every page, once everything is laid out. */
  finish() {
    const pages = this.doc.getPages();
    pages.forEach((page, i) => {
      const text = encodable(
        `${this.footer} · Página ${i + 1} de ${pages.length}`,
        this.fonts.regular,
      );
      page.drawText(text, { x: MARGIN_X, y: 30, size: 8, font: this.fonts.regular, color: MUTED });
    });
  }
}

/** The PDF bytes of `blocks`. */
export async function pdfDocument(
  meta: { title: string; footer: string },
  blocks: readonly PdfBlock[],
  now = new Date(),
): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  doc.setTitle(meta.title);
  doc.setProducer('Canal de denuncias');
  doc.setCreator('Canal de denuncias');
  doc.setCreationDate(now);
  doc.setModificationDate(now);
  const fonts = {
    regular: await doc.embedFont(StandardFonts.Helvetica),
    bold: await doc.embedFont(StandardFonts.HelveticaBold),
  };
  const w = new Writer(doc, fonts, meta.footer);
  for (const b of blocks) {
    if (b.kind === 'title') {
      w.lines(b.text, { font: fonts.bold, size: 16 });
      w.gap(6);
    } else if (b.kind === 'heading') {
      w.gap(12);
      w.lines(b.text, { font: fonts.bold, size: 12.5 });
      w.gap(4);
    } else if (b.kind === 'field') {
      w.field(b.label, b.value);
    } else if (b.kind === 'paragraph') {
      w.lines(b.text, b.muted ? { color: MUTED } : {});
      w.gap(4);
    } else {
      w.gap(4);
      w.lines(b.title, { font: fonts.bold });
      w.lines(b.meta, { size: 9, color: MUTED });
      if (b.text) w.lines(b.text, { x: 10, width: WIDTH - 10 });
    }
  }
  w.finish();
  return doc.save({ useObjectStreams: false });
}
