import { deflateSync } from 'node:zlib';
import { PDFDocument, StandardFonts, rgb, type PDFFont, type PDFName, type PDFPage } from 'pdf-lib';

/**
 * A plain A4 document of headings, label–value rows and paragraphs, laid out with pdf-lib's
 * standard Helvetica fonts (no font file to ship). Those fonts encode WinAnsi: Spanish accents,
 * ñ, ¿, ¡, «», “”, •, – and — are all there; common characters outside it are printed as their
 * nearest WinAnsi form (`printable`), anything else (an emoji in a complainant's text) as "?"
 * rather than failing the document. Line breaks, blank lines between paragraphs and the hanging
 * indent of list items are kept.
 *
 * Layout is linear in the length of the text (each character is measured once, from a cached
 * width table), so the longest text a field admits costs no more than its length; the caller
 * bounds the whole document with `limits` (pages, bytes) and runs it off the event loop
 * (`pdf-renderer.ts`).
 */
export type PdfBlock =
  | { kind: 'title'; text: string }
  | { kind: 'heading'; text: string }
  | { kind: 'field'; label: string; value: string }
  /** A label over a long text (the complaint's account), never left alone at a page's foot. */
  | { kind: 'text'; label: string; text: string }
  | { kind: 'paragraph'; text: string; muted?: boolean }
  | { kind: 'entry'; title: string; meta: string; text?: string | null };

/** Past one of these the document is not made (`PdfTooLarge`). */
export interface PdfLimits {
  maxPages: number;
  maxBytes: number;
}

/** The limit a document went past. */
export class PdfTooLarge extends Error {
  constructor(readonly limit: keyof PdfLimits) {
    super(`PDF document over its limit: ${limit}`);
  }
}

const A4: [number, number] = [595.28, 841.89];
const MARGIN_X = 56;
const MARGIN_TOP = 60;
const MARGIN_BOTTOM = 60;
const WIDTH = A4[0] - 2 * MARGIN_X;
const LABEL_WIDTH = 150;
const INK = rgb(0.13, 0.16, 0.2);
const MUTED = rgb(0.38, 0.42, 0.47);
type Color = typeof INK; // RGB: `red`, `green`, `blue` from 0 to 1

/**
 * Characters outside WinAnsi that people do type (pasted lists, Word's typography), as the
 * nearest thing the standard fonts have. Invisible ones map to nothing.
 */
const NEAREST: Record<string, string> = {
  '\u25E6': '•', // ◦ white bullet
  '\u25AA': '•', // ▪
  '\u25AB': '•', // ▫
  '\u25CF': '•', // ●
  '\u25CB': '•', // ○
  '\u25A0': '•', // ■
  '\u25A1': '•', // □
  '\u25FE': '•', // ◾
  '\u25FD': '•', // ◽
  '\u2023': '•', // ‣
  '\u2043': '•', // ⁃
  '\u2219': '•', // ∙
  '\u27A2': '•', // ➢
  '\u27A4': '•', // ➤
  '\u25BA': '•', // ►
  '\u25B6': '•', // ▶
  '\uF0B7': '•', // Word's Symbol-font bullet, pasted as private use
  '\u2010': '-', // ‐ hyphen
  '\u2011': '-', // ‑ non-breaking hyphen
  '\u2012': '–', // ‒ figure dash
  '\u2015': '—', // ― horizontal bar
  '\u2212': '-', // − minus
  '\u2032': "'", // ′
  '\u2033': '"', // ″
  '\u201F': '"', // ‟
  '\u201B': "'", // ‛
  '\u2192': '->',
  '\u2190': '<-',
  '\u21D2': '=>',
  '\u2264': '<=',
  '\u2265': '>=',
  '\u2260': '!=',
  '\u2713': 'v', // ✓
  '\u2714': 'v', // ✔
  '\u200B': '',
  '\u200C': '',
  '\u200D': '',
  '\u2060': '',
  '\uFEFF': '',
};
/** Spaces of other widths (en, em, thin, narrow no-break, ideographic…) print as a space. */
const OTHER_SPACE = /[\u2000-\u200A\u202F\u205F\u3000]/g;
/** Line breaks of every kind, as one. */
const LINE_BREAK = /\r\n|[\r\u2028\u2029\u0085\v\f]/g;

/** What the standard fonts can print, per font (pdf-lib builds this list on each call). */
const characterSets = new WeakMap<PDFFont, Set<number>>();

/** `text` as the standard fonts print it: line breaks kept as "\n", tabs as spaces. */
export function printable(text: string, font: PDFFont): string {
  let supported = characterSets.get(font);
  if (!supported) {
    supported = new Set(font.getCharacterSet());
    characterSets.set(font, supported);
  }
  const clean = text
    .normalize('NFC')
    .replace(LINE_BREAK, '\n')
    .replace(/\t/g, '    ')
    .replace(OTHER_SPACE, ' ');
  let out = '';
  let from = 0;
  let i = 0;
  // Runs of printable characters are copied as slices: one pass, no per-character string growth.
  for (const ch of clean) {
    const cp = ch.codePointAt(0)!;
    if (ch !== '\n' && !supported.has(cp)) {
      out += clean.slice(from, i) + (NEAREST[ch] ?? '?');
      from = i + ch.length;
    }
    i += ch.length;
  }
  return out + clean.slice(from);
}

/**
 * Widths of characters at size 1, one table per font. Characters are measured alone: pdf-lib
 * draws text without kerning, so the sum of the glyphs' widths is the width drawn.
 */
class Widths {
  private readonly table = new Map<string, number>();
  constructor(readonly font: PDFFont) {}

  of(ch: string): number {
    let w = this.table.get(ch);
    if (w === undefined) {
      w = this.font.widthOfTextAtSize(ch, 1);
      this.table.set(ch, w);
    }
    return w;
  }

  text(s: string): number {
    let w = 0;
    for (const ch of s) w += this.of(ch);
    return w;
  }
}

/** One line of a wrapped text: its characters and its indent from the column's left edge. */
interface Line {
  text: string;
  x: number;
}

/** A list item's marker: a bullet or dash, or "1." "2)" "a)" "(b)", then a space. */
const LIST_MARKER = /^(?:[•·\-*–—]|\d{1,3}[.)]|[a-zA-Z]\)|\([a-zA-Z0-9]{1,3}\))[ ]+/;

/**
 * Lines of at most `width` points (`size`-point text), in one pass over the text: words kept
 * whole unless one alone is wider than its line, then cut where it reaches the edge. Each
 * line of the text starts a line; a list item's continuation lines hang under its text.
 */
function wrap(text: string, widths: Widths, size: number, width: number): Line[] {
  const lines: Line[] = [];
  const space = widths.of(' ') * size;
  let blank = false;
  for (const paragraph of printable(text, widths.font).split('\n')) {
    const body = paragraph.trimStart();
    // Runs of blank lines count as one: a paragraph break, never a page of nothing.
    if (body.trimEnd() === '') {
      if (!blank && lines.length > 0) lines.push({ text: '', x: 0 });
      blank = true;
      continue;
    }
    blank = false;
    const lead = Math.min((paragraph.length - body.length) * space, width / 3);
    const marker = LIST_MARKER.exec(body)?.[0] ?? '';
    const hang = Math.min(lead + widths.text(marker) * size, width / 2);
    let x = lead;
    let line = '';
    let lineWidth = 0;
    const push = () => {
      lines.push({ text: line, x });
      x = hang;
      line = '';
      lineWidth = 0;
    };
    for (const word of body.split(' ')) {
      const wordWidth = widths.text(word) * size;
      if (line !== '' && lineWidth + space + wordWidth <= width - x) {
        line += ` ${word}`;
        lineWidth += space + wordWidth;
        continue;
      }
      if (line !== '') push();
      if (wordWidth <= width - x) {
        line = word;
        lineWidth = wordWidth;
        continue;
      }
      // A word wider than a line: cut it where it reaches the edge, character by character.
      let from = 0;
      let at = 0;
      let run = 0;
      for (const ch of word) {
        const w = widths.of(ch) * size;
        if (run + w > width - x && at > from) {
          line = word.slice(from, at);
          push();
          from = at;
          run = 0;
        }
        run += w;
        at += ch.length;
      }
      line = word.slice(from);
      lineWidth = run;
    }
    lines.push({ text: line, x });
  }
  if (blank && lines.length > 1) lines.pop();
  if (lines.length === 0) lines.push({ text: '', x: 0 });
  return lines;
}

interface Fonts {
  regular: Widths;
  bold: Widths;
}

/** Something drawn on a row: a line of text at its place. */
interface Draw {
  text: string;
  x: number;
  font: PDFFont;
  size: number;
  color: Color;
}

/**
 * One row of the laid-out document: its height, the space before it (dropped at a page's top),
 * what it draws, and whether it must share its page with the row after it (a heading with what
 * follows it, a label with its value).
 */
interface Row {
  gap: number;
  height: number;
  draws: Draw[];
  keepWithNext: boolean;
}

/** The height a page gives its rows. */
const PAGE_BODY = A4[1] - MARGIN_TOP - MARGIN_BOTTOM;

/**
 * The document as rows, block after block. Stops as soon as the rows alone would fill more than
 * `maxPages` pages: a document too large is refused before it takes its full memory.
 */
class Layout {
  readonly rows: Row[] = [];
  private pendingGap = 0;
  private height = 0;
  constructor(
    private readonly fonts: Fonts,
    private readonly maxPages: number,
  ) {}

  gap(points: number) {
    this.pendingGap += points;
  }

  /**
   * `text` wrapped into rows. `keep`: how many of its first rows stay on the page of the row
   * after them (Infinity: all of them, so the last joins the next block's first row).
   */
  lines(
    text: string,
    o: { bold?: boolean; size?: number; x?: number; width?: number; color?: Color; keep?: number },
  ) {
    const widths = o.bold ? this.fonts.bold : this.fonts.regular;
    const size = o.size ?? 10;
    const x = o.x ?? 0;
    const lines = wrap(text, widths, size, o.width ?? WIDTH - x);
    const keep = o.keep ?? 0;
    lines.forEach((line, i) =>
      this.row(
        size * 1.4,
        [
          {
            text: line.text,
            x: x + line.x,
            font: widths.font,
            size,
            color: o.color ?? INK,
          },
        ],
        i < keep,
      ),
    );
  }

  /** A label beside its value: the label's rows, and at least two of the value's, stay together. */
  field(label: string, value: string) {
    const size = 10;
    const labels = wrap(label, this.fonts.bold, size, LABEL_WIDTH - 8);
    const values = wrap(value || '—', this.fonts.regular, size, WIDTH - LABEL_WIDTH);
    const rows = Math.max(labels.length, values.length);
    const together = Math.max(labels.length, 2);
    for (let i = 0; i < rows; i += 1) {
      const draws: Draw[] = [];
      const l = labels[i];
      const v = values[i];
      if (l?.text)
        draws.push({ text: l.text, x: l.x, font: this.fonts.bold.font, size, color: INK });
      if (v?.text)
        draws.push({
          text: v.text,
          x: LABEL_WIDTH + v.x,
          font: this.fonts.regular.font,
          size,
          color: INK,
        });
      this.row(size * 1.4, draws, i < together - 1 && i < rows - 1);
    }
  }

  private row(height: number, draws: Draw[], keepWithNext: boolean) {
    this.height += height;
    if (this.height > this.maxPages * PAGE_BODY) throw new PdfTooLarge('maxPages');
    this.rows.push({ gap: this.pendingGap, height, draws, keepWithNext });
    this.pendingGap = 0;
  }
}

/** A number as a PDF operand: at most two decimals. */
const num = (n: number) => String(Math.round(n * 100) / 100);

/**
 * One page's text, written as PDF operators: a single text object, each font named once in the
 * page's resources and set only when it changes, compressed by zlib (native) when the page is
 * done. pdf-lib's `drawText` adds a font entry and a text object at every call and compresses in
 * JavaScript at save: several times the bytes and the time for a page of short lines.
 */
class PageText {
  private readonly ops: string[] = ['BT'];
  private readonly keys = new Map<PDFFont, PDFName>();
  private font: PDFFont | null = null;
  private size = 0;
  private color: Color | null = null;

  constructor(
    private readonly doc: PDFDocument,
    private readonly page: PDFPage,
  ) {}

  draw(d: Draw, y: number) {
    if (d.font !== this.font || d.size !== this.size) {
      let key = this.keys.get(d.font);
      if (!key) {
        key = this.page.node.newFontDictionary(d.font.name, d.font.ref);
        this.keys.set(d.font, key);
      }
      this.ops.push(`${key.asString()} ${num(d.size)} Tf`);
      this.font = d.font;
      this.size = d.size;
    }
    if (d.color !== this.color) {
      this.ops.push(`${num(d.color.red)} ${num(d.color.green)} ${num(d.color.blue)} rg`);
      this.color = d.color;
    }
    this.ops.push(
      `1 0 0 1 ${num(MARGIN_X + d.x)} ${num(y)} Tm`,
      `${d.font.encodeText(d.text).toString()} Tj`,
    );
  }

  /** Writes the page's text object as its content stream. */
  finish() {
    this.ops.push('ET', '');
    const content = deflateSync(Buffer.from(this.ops.join('\n'), 'latin1'));
    const stream = this.doc.context.stream(content, { Filter: 'FlateDecode' });
    this.page.node.addContentStream(this.doc.context.register(stream));
  }
}

/**
 * Puts rows on pages top to bottom. A run of rows bound by `keepWithNext` (and the row after it)
 * starts on a new page when it does not fit at the foot of this one, unless it is taller than a
 * page. Each run is measured once: linear in the number of rows.
 */
function paginate(doc: PDFDocument, rows: readonly Row[], maxPages: number): PageText[] {
  const pages: PageText[] = [];
  let page!: PageText;
  let y = 0;
  const top = A4[1] - MARGIN_TOP;
  const newPage = () => {
    if (pages.length >= maxPages) throw new PdfTooLarge('maxPages');
    page = new PageText(doc, doc.addPage(A4));
    pages.push(page);
    y = top;
  };
  newPage();
  for (let i = 0; i < rows.length; i += 1) {
    const row = rows[i]!;
    if (i === 0 || !rows[i - 1]!.keepWithNext) {
      let height = row.height;
      for (let j = i; rows[j]!.keepWithNext && j + 1 < rows.length; j += 1)
        height += rows[j + 1]!.gap + rows[j + 1]!.height;
      if (y !== top && height <= PAGE_BODY && y - row.gap - height < MARGIN_BOTTOM) newPage();
    }
    if (y !== top) y -= row.gap;
    if (y - row.height < MARGIN_BOTTOM) newPage();
    y -= row.height;
    for (const d of row.draws) if (d.text !== '') page.draw(d, y);
  }
  return pages;
}

/** The PDF bytes of `blocks`; `PdfTooLarge` past `limits`. */
export async function pdfDocument(
  meta: { title: string; footer: string },
  blocks: readonly PdfBlock[],
  now = new Date(),
  limits: PdfLimits = { maxPages: Infinity, maxBytes: Infinity },
): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  doc.setTitle(meta.title);
  doc.setProducer('Canal de denuncias');
  doc.setCreator('Canal de denuncias');
  doc.setCreationDate(now);
  doc.setModificationDate(now);
  const fonts: Fonts = {
    regular: new Widths(await doc.embedFont(StandardFonts.Helvetica)),
    bold: new Widths(await doc.embedFont(StandardFonts.HelveticaBold)),
  };
  const layout = new Layout(fonts, limits.maxPages);
  for (const b of blocks) {
    if (b.kind === 'title') {
      layout.lines(b.text, { bold: true, size: 16 });
      layout.gap(6);
    } else if (b.kind === 'heading') {
      layout.gap(12);
      layout.lines(b.text, { bold: true, size: 12.5, keep: Infinity });
      layout.gap(4);
    } else if (b.kind === 'field') {
      layout.field(b.label, b.value);
    } else if (b.kind === 'text') {
      layout.gap(4);
      layout.lines(b.label, { bold: true, keep: Infinity });
      layout.lines(b.text || '—', { keep: 1 });
      layout.gap(4);
    } else if (b.kind === 'paragraph') {
      layout.lines(b.text, b.muted ? { color: MUTED } : {});
      layout.gap(4);
    } else {
      layout.gap(4);
      layout.lines(b.title, { bold: true, keep: Infinity });
      layout.lines(b.meta, { size: 9, color: MUTED, keep: b.text ? Infinity : 0 });
      if (b.text) layout.lines(b.text, { x: 10, keep: 1 });
    }
  }
  const pages = paginate(doc, layout.rows, limits.maxPages);
  // Page numbers and the footer on every page, once everything is laid out.
  const regular = fonts.regular.font;
  pages.forEach((page, i) => {
    const text = printable(`${meta.footer} · Página ${i + 1} de ${pages.length}`, regular);
    page.draw({ text, x: 0, font: regular, size: 8, color: MUTED }, 30);
    page.finish();
  });
  const bytes = await doc.save({ useObjectStreams: false });
  if (bytes.length > limits.maxBytes) throw new PdfTooLarge('maxBytes');
  return bytes;
}
