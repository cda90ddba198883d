/**
 * Lays out parsed document blocks on A4 pages with pdf-lib's standard Helvetica fonts.
 *
 * The standard fonts use WinAnsi encoding: Spanish accents, ñ, ¿, ¡, °, º, «», “”, ‘’, –, — and •
 * are all encodable. Anything else is mapped to a close ASCII equivalent, or to "?" as a last
 * resort, so that a stray character in a source never breaks the build.
 */
import { PDFDocument, StandardFonts, rgb, type PDFFont, type PDFPage } from 'pdf-lib';
import { parseSource, type Block } from './parse-source';

export const FOOTER_TEXT = 'Canal de denuncias';

const A4: [number, number] = [595.28, 841.89];
const MARGIN_X = 62;
const MARGIN_TOP = 64;
const MARGIN_BOTTOM = 72; // body text stops here; the footer sits below
const FOOTER_Y = 36;

const INK = rgb(0.13, 0.16, 0.2);
const MUTED = rgb(0.38, 0.42, 0.47);
const RULE = rgb(0.78, 0.8, 0.83);

interface TextStyle {
  readonly font: 'regular' | 'bold' | 'italic';
  readonly size: number;
  readonly leading: number;
  readonly before: number;
  readonly after: number;
  readonly color: ReturnType<typeof rgb>;
}

const STYLES = {
  title: { font: 'bold', size: 19, leading: 24, before: 0, after: 8, color: INK },
  lead: { font: 'italic', size: 10.5, leading: 14.5, before: 6, after: 8, color: MUTED },
  h2: { font: 'bold', size: 13, leading: 17, before: 12, after: 4, color: INK },
  h3: { font: 'bold', size: 11, leading: 15, before: 8, after: 3, color: INK },
  body: { font: 'regular', size: 10.5, leading: 14.5, before: 0, after: 7, color: INK },
  item: { font: 'regular', size: 10.5, leading: 14.5, before: 0, after: 3.5, color: INK },
} as const satisfies Record<string, TextStyle>;

const LIST_MARKER_X = 10; // from the left margin
const LIST_TEXT_X = 24;

/** Characters outside WinAnsi that can appear in hand-written Spanish text. */
const REPLACEMENTS: Record<string, string> = {
  '\u00A0': ' ', // no-break space
  '\u2007': ' ',
  '\u2009': ' ',
  '\u202F': ' ',
  '\u200B': '', // zero-width space
  '\u00AD': '', // soft hyphen
  '\u2010': '-',
  '\u2011': '-',
  '\u2012': '-',
  '\u2212': '-',
  '\u2015': '\u2014',
  '\u2192': '->',
  '\u2190': '<-',
  '\u2264': '<=',
  '\u2265': '>=',
  '\u2260': '!=',
  '\u2032': "'",
  '\u2033': '"',
  '\u2022': '\u2022',
  '\u25CF': '\u2022',
  '\u2023': '\u2022',
  '\u2713': 'v',
};

export interface Fonts {
  readonly regular: PDFFont;
  readonly bold: PDFFont;
  readonly italic: PDFFont;
}

/** Makes `text` encodable with the standard fonts (all three share the WinAnsi character set). */
export function toWinAnsi(text: string, supported: ReadonlySet<number>): string {
  let out = '';
  for (const ch of text.normalize('NFC')) {
    const cp = ch.codePointAt(0)!;
    if (cp === 0x0a || cp === 0x0d || cp === 0x09) {
      out += ' ';
      continue;
    }
    if (supported.has(cp)) {
      out += ch;
      continue;
    }
    const replacement = REPLACEMENTS[ch];
    if (
      replacement !== undefined &&
      [...replacement].every((c) => supported.has(c.codePointAt(0)!))
    ) {
      out += replacement;
      continue;
    }
    // Drop combining marks: "ǵ" -> "g"; keep the base letter if it is encodable.
    const base = ch.normalize('NFD').replace(/[\u0300-\u036f]/g, '');
    out += base && [...base].every((c) => supported.has(c.codePointAt(0)!)) ? base : '?';
  }
  return out;
}

/**
 * Light typesetting: straight double quotes become “curly” ones, and tokens that read badly when
 * split across lines ("N° 21.643", "30 días", "120 MB") are joined by no-break spaces.
 */
export function typeset(text: string): string {
  return text
    .replace(/(^|[\s([¿¡])"/g, '$1\u201C')
    .replace(/"/g, '\u201D')
    .replace(/\b(N[°º]|art\.|Art\.) (?=\S)/g, '$1\u00A0')
    .replace(/(\d) (?=(días|MB|GB|meses|horas|minutos|caracteres|dígitos)\b)/g, '$1\u00A0');
}

/**
 * Splits text into lines no wider than `width`; words longer than a line are cut. Lines break at
 * spaces only; no-break spaces hold words together and come out as plain spaces.
 */
export function wrapText(text: string, font: PDFFont, size: number, width: number): string[] {
  const lines: string[] = [];
  let line = '';
  const fits = (s: string): boolean => font.widthOfTextAtSize(s, size) <= width;
  for (const word of text
    .split(' ')
    .filter(Boolean)
    .map((w) => w.replace(/\u00A0/g, ' '))) {
    const candidate = line ? `${line} ${word}` : word;
    if (fits(candidate)) {
      line = candidate;
      continue;
    }
    if (line) lines.push(line);
    let rest = word;
    while (!fits(rest)) {
      let cut = rest.length - 1;
      while (cut > 1 && !fits(rest.slice(0, cut))) cut--;
      lines.push(rest.slice(0, cut));
      rest = rest.slice(cut);
    }
    line = rest;
  }
  if (line) lines.push(line);
  return lines;
}

class Layout {
  private page!: PDFPage;
  private y = 0;
  readonly width: number;

  constructor(
    private readonly doc: PDFDocument,
    private readonly fonts: Fonts,
    private readonly supported: ReadonlySet<number>,
  ) {
    this.width = A4[0] - 2 * MARGIN_X;
    this.newPage();
  }

  private newPage(): void {
    this.page = this.doc.addPage(A4);
    this.y = A4[1] - MARGIN_TOP;
  }

  private atTopOfPage(): boolean {
    return this.y >= A4[1] - MARGIN_TOP;
  }

  /** Starts a new page unless `height` more points fit above the bottom margin. */
  private ensure(height: number): void {
    if (this.y - height < MARGIN_BOTTOM && !this.atTopOfPage()) this.newPage();
  }

  lines(text: string, style: TextStyle, indent = 0): string[] {
    const glued = typeset(text.replace(/\u00A0/g, ' '));
    const lines = wrapText(
      toWinAnsi(glued, this.supported),
      this.fonts[style.font],
      style.size,
      this.width - indent,
    );
    return lines;
  }

  /** Draws wrapped text. `keepWithNext` reserves room for that many following body lines. */
  text(
    text: string,
    style: TextStyle,
    options: { indent?: number; keepWithNext?: number } = {},
  ): void {
    const indent = options.indent ?? 0;
    const lines = this.lines(text, style, indent);
    if (!this.atTopOfPage()) this.y -= style.before;
    // Keep short blocks (and headings with what follows) together; let long ones flow.
    const whole = lines.length * style.leading;
    const reserve = (options.keepWithNext ?? 0) * STYLES.body.leading;
    this.ensure(lines.length <= 4 ? whole + reserve : 2 * style.leading + reserve);
    for (const line of lines) {
      this.ensure(style.leading);
      this.y -= style.leading;
      this.page.drawText(line, {
        x: MARGIN_X + indent,
        y: this.y + (style.leading - style.size) / 2,
        size: style.size,
        font: this.fonts[style.font],
        color: style.color,
      });
    }
    this.y -= style.after;
  }

  listItem(marker: string, text: string, markerAlign: 'left' | 'right'): void {
    const style = STYLES.item;
    const lines = this.lines(text, style, LIST_TEXT_X);
    this.ensure(Math.min(lines.length, 2) * style.leading);
    lines.forEach((line, i) => {
      this.ensure(style.leading);
      this.y -= style.leading;
      const baseline = this.y + (style.leading - style.size) / 2;
      if (i === 0) {
        const font = this.fonts.regular;
        const m = toWinAnsi(marker, this.supported);
        const x =
          markerAlign === 'right'
            ? MARGIN_X + LIST_TEXT_X - 5 - font.widthOfTextAtSize(m, style.size)
            : MARGIN_X + LIST_MARKER_X;
        this.page.drawText(m, { x, y: baseline, size: style.size, font, color: style.color });
      }
      this.page.drawText(line, {
        x: MARGIN_X + LIST_TEXT_X,
        y: baseline,
        size: style.size,
        font: this.fonts[style.font],
        color: style.color,
      });
    });
    this.y -= style.after;
  }

  /** Extra space after a list, so the next paragraph does not stick to it. */
  gap(points: number): void {
    if (!this.atTopOfPage()) this.y -= points;
  }

  rule(): void {
    this.page.drawLine({
      start: { x: MARGIN_X, y: this.y },
      end: { x: A4[0] - MARGIN_X, y: this.y },
      thickness: 0.8,
      color: RULE,
    });
    this.y -= 4;
  }
}

function drawFooters(doc: PDFDocument, fonts: Fonts): void {
  const pages = doc.getPages();
  const size = 8;
  pages.forEach((page, i) => {
    const width = page.getWidth();
    page.drawLine({
      start: { x: MARGIN_X, y: FOOTER_Y + 14 },
      end: { x: width - MARGIN_X, y: FOOTER_Y + 14 },
      thickness: 0.5,
      color: RULE,
    });
    page.drawText(FOOTER_TEXT, {
      x: MARGIN_X,
      y: FOOTER_Y,
      size,
      font: fonts.regular,
      color: MUTED,
    });
    const label = `Página ${i + 1} de ${pages.length}`;
    page.drawText(label, {
      x: width - MARGIN_X - fonts.regular.widthOfTextAtSize(label, size),
      y: FOOTER_Y,
      size,
      font: fonts.regular,
      color: MUTED,
    });
  });
}

export interface RenderInput {
  /** Title for the metadata (and for the page when the source has no `#` title). */
  readonly title: string;
  /** The source text (see parse-source.ts). */
  readonly source: string;
  /** Creation and modification date written in the metadata. */
  readonly date: Date;
}

export async function renderPdf({ title, source, date }: RenderInput): Promise<Uint8Array> {
  const blocks = parseSource(source);
  const doc = await PDFDocument.create({ updateMetadata: false });
  const fonts: Fonts = {
    regular: await doc.embedFont(StandardFonts.Helvetica),
    bold: await doc.embedFont(StandardFonts.HelveticaBold),
    italic: await doc.embedFont(StandardFonts.HelveticaOblique),
  };
  const supported = new Set(fonts.regular.getCharacterSet());
  const layout = new Layout(doc, fonts, supported);

  const lead = blocks.find((b) => b.kind === 'lead')?.text;
  if (!blocks.some((b) => b.kind === 'title')) layout.text(title, STYLES.title);

  let previous: Block['kind'] | undefined;
  for (const block of blocks) {
    const afterList = previous === 'bullet' || previous === 'numbered';
    if (afterList && block.kind !== 'bullet' && block.kind !== 'numbered') layout.gap(4);
    switch (block.kind) {
      case 'title':
        layout.text(block.text, STYLES.title);
        layout.rule();
        break;
      case 'lead':
        layout.text(block.text, STYLES.lead);
        break;
      case 'heading':
        layout.text(block.text, block.level === 2 ? STYLES.h2 : STYLES.h3, { keepWithNext: 2 });
        break;
      case 'paragraph':
        layout.text(block.text, STYLES.body);
        break;
      case 'bullet':
        layout.listItem('\u2022', block.text, 'left');
        break;
      case 'numbered':
        layout.listItem(block.label, block.text, 'right');
        break;
    }
    previous = block.kind;
  }

  drawFooters(doc, fonts);

  // Metadata strings are stored as UTF-16: any character is fine there.
  doc.setTitle(title, { showInWindowTitleBar: true });
  if (lead) doc.setSubject(lead);
  doc.setAuthor(FOOTER_TEXT);
  doc.setCreator(`${FOOTER_TEXT}: generador de documentos`);
  doc.setProducer('pdf-lib');
  doc.setLanguage('es-CL');
  doc.setKeywords(['canal de denuncias', 'Ley 21.643']);
  doc.setCreationDate(date);
  doc.setModificationDate(date);
  return doc.save({ useObjectStreams: true });
}
