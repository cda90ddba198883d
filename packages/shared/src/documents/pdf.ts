import {
  PDFDict,
  PDFDocument,
  PDFHexString,
  StandardFonts,
  type PDFFont,
  type PDFImage,
  PDFName,
  type PDFPage,
} from 'pdf-lib';
import type { Block, Color, DocumentStyle, FontName } from './blocks';
import { Layout, paginate, PdfTooLarge, type Draw, type PdfLimits } from './layout';
import { clip, printable, Widths, wrap } from './text';

/** A number as a PDF operand: at most two decimals. */
const num = (n: number) => String(Math.round(n * 100) / 100);
const color = (c: Color, op: 'rg' | 'RG') => `${num(c.red)} ${num(c.green)} ${num(c.blue)} ${op}`;

/**
 * What a page's header and footer are drawn with (`PdfOptions.decorate`): points from the page's
 * bottom left; text is made printable here.
 */
export interface Canvas {
  readonly width: number;
  readonly height: number;
  text(
    text: string,
    x: number,
    y: number,
    o: { size: number; color: Color; font?: FontName; align?: 'left' | 'right'; maxWidth?: number },
  ): void;
  line(x1: number, y1: number, x2: number, y2: number, thickness: number, color: Color): void;
  image(name: string, x: number, y: number, width: number, height: number): void;
}

/**
 * One page's content, written as PDF operators: the shapes first, then a single text object,
 * each font named once in the page's resources and set only when it changes, compressed when the
 * page is done. pdf-lib's `drawText` adds a font entry and a text object at every call and
 * compresses at save: several times the bytes and the time for a page of short lines.
 */
class PageContent implements Canvas {
  private readonly shapes: string[] = [];
  private readonly ops: string[] = ['BT'];
  private readonly keys = new Map<PDFFont | PDFImage, PDFName>();
  private font: PDFFont | null = null;
  private size = 0;
  private color: Color | null = null;
  readonly width: number;
  readonly height: number;

  constructor(
    private readonly doc: PDFDocument,
    private readonly page: PDFPage,
    private readonly fonts: (name: FontName) => Widths,
    private readonly images: ReadonlyMap<string, PDFImage>,
    private readonly marginX: number,
  ) {
    ({ width: this.width, height: this.height } = page.getSize());
  }

  /** A row's drawing, its top at `top`. */
  draw(d: Draw, top: number) {
    const x = this.marginX + d.x;
    if (d.type === 'text') {
      if (d.text !== '')
        this.write(d.text, this.fonts(d.font).font, d.size, d.color, x, top - d.dy);
    } else if (d.type === 'line') {
      this.line(x, top - d.dy, x + d.width, top - d.dy, d.thickness, d.color);
    } else {
      this.shapes.push(
        `${color(d.color, 'rg')} ${num(x)} ${num(top - d.dy - d.height)} ${num(d.width)} ${num(d.height)} re f`,
      );
    }
  }

  private write(text: string, font: PDFFont, size: number, c: Color, x: number, y: number) {
    if (font !== this.font || size !== this.size) {
      let key = this.keys.get(font);
      if (!key) {
        // Names in the order of first use, not pdf-lib's random ones: the same document is the
        // same content, which a sealed summary's check relies on (decision 0051).
        key = PDFName.of(`F${this.keys.size + 1}`);
        this.page.node.setFontDictionary(key, font.ref);
        this.keys.set(font, key);
      }
      this.ops.push(`${key.asString()} ${num(size)} Tf`);
      this.font = font;
      this.size = size;
    }
    if (c !== this.color) {
      this.ops.push(color(c, 'rg'));
      this.color = c;
    }
    this.ops.push(`1 0 0 1 ${num(x)} ${num(y)} Tm`, `${font.encodeText(text).toString()} Tj`);
  }

  text(...[text, x, y, o]: Parameters<Canvas['text']>) {
    const widths = this.fonts(o.font ?? 'regular');
    const lines = wrap(text.replace(/\s+/g, ' '), widths, o.size, o.maxWidth ?? Infinity);
    const line = clip(lines, 1, widths, o.size, o.maxWidth ?? Infinity)[0]!.text;
    const left = o.align === 'right' ? x - widths.text(line) * o.size : x;
    this.write(line, widths.font, o.size, o.color, left, y);
  }

  line(x1: number, y1: number, x2: number, y2: number, thickness: number, c: Color) {
    this.shapes.push(
      `${color(c, 'RG')} ${num(thickness)} w ${num(x1)} ${num(y1)} m ${num(x2)} ${num(y2)} l S`,
    );
  }

  image(name: string, x: number, y: number, width: number, height: number) {
    const image = this.images.get(name);
    if (!image) return;
    let key = this.keys.get(image);
    if (!key) {
      key = PDFName.of(`Im${this.keys.size + 1}`);
      this.page.node.setXObject(key, image.ref);
      this.keys.set(image, key);
    }
    this.shapes.push(
      `q ${num(width)} 0 0 ${num(height)} ${num(x)} ${num(y)} cm ${key.asString()} Do Q`,
    );
  }

  /** Writes the page's shapes and text object as its content stream (pdf-lib's deflate unless given). */
  finish(deflate?: (data: Uint8Array) => Uint8Array) {
    const shapes = this.shapes.length ? ['q', ...this.shapes, 'Q'] : [];
    const ops = [...shapes, ...this.ops, 'ET', ''].join('\n');
    const bytes = new Uint8Array(ops.length);
    // The operators are Latin-1: text is written as hex strings.
    for (let i = 0; i < ops.length; i += 1) bytes[i] = ops.charCodeAt(i);
    const stream = deflate
      ? this.doc.context.stream(deflate(bytes), { Filter: 'FlateDecode' })
      : this.doc.context.flateStream(bytes);
    this.page.node.addContentStream(this.doc.context.register(stream));
  }
}

export interface PdfOptions {
  style: DocumentStyle;
  blocks: readonly Block[];
  /** The document's information; strings there are UTF-16, any character goes. */
  meta: {
    title: string;
    date: Date;
    subject?: string;
    author?: string;
    creator?: string;
    producer?: string;
    language?: string;
    keywords?: string[];
  };
  /** Draws each page's header and footer, once the pages are counted (`page` from 1). */
  decorate?: (canvas: Canvas, page: number, pages: number) => void;
  /** More entries of the document information dictionary (a signed document's seal). */
  info?: Record<string, string>;
  /** PNG images by name (bytes, or a data URL), for `Canvas.image`. */
  images?: Record<string, Uint8Array | string>;
  limits?: PdfLimits;
  /** zlib compression of the pages' content (pdf-lib's own by default): the server passes Node's native one. */
  deflate?: (data: Uint8Array) => Uint8Array;
  /** Objects packed in compressed streams: smaller, for documents with many objects. */
  objectStreams?: boolean;
}

const FONT_NAMES: Record<FontName, StandardFonts> = {
  regular: StandardFonts.Helvetica,
  bold: StandardFonts.HelveticaBold,
  italic: StandardFonts.HelveticaOblique,
};

/**
 * The PDF bytes of `blocks` laid out in `style`: A4 (or the style's page), Helvetica embedded as
 * a standard font (no font file), linear wrapping (words cut only when wider than a line) and
 * pagination that keeps headings and labels with what follows. `PdfTooLarge` past `limits`.
 * Runs in Node and in browsers alike.
 */
export async function writePdf(o: PdfOptions): Promise<Uint8Array> {
  const limits = o.limits ?? { maxPages: Infinity, maxBytes: Infinity };
  const doc = await PDFDocument.create({ updateMetadata: false });
  const { meta } = o;
  doc.setTitle(meta.title, { showInWindowTitleBar: true });
  if (meta.subject) doc.setSubject(meta.subject);
  if (meta.author) doc.setAuthor(meta.author);
  if (meta.creator) doc.setCreator(meta.creator);
  if (meta.producer) doc.setProducer(meta.producer);
  if (meta.language) doc.setLanguage(meta.language);
  if (meta.keywords) doc.setKeywords(meta.keywords);
  // setTitle made the information dictionary: its own entries go beside the title.
  const info = doc.context.lookup(doc.context.trailerInfo.Info, PDFDict);
  for (const [key, value] of Object.entries(o.info ?? {}))
    info.set(PDFName.of(key), PDFHexString.fromText(value));
  doc.setCreationDate(meta.date);
  doc.setModificationDate(meta.date);

  // Fonts are embedded on first use: a document without italics carries no italic font.
  const embedded = new Map<FontName, Widths>();
  const fonts = (name: FontName) => {
    let widths = embedded.get(name);
    if (!widths) {
      widths = new Widths(doc.embedStandardFont(FONT_NAMES[name]));
      embedded.set(name, widths);
    }
    return widths;
  };
  const images = new Map<string, PDFImage>();
  for (const [name, png] of Object.entries(o.images ?? {}))
    images.set(name, await doc.embedPng(png));

  const layout = new Layout(o.style, fonts, limits.maxPages);
  for (const block of o.blocks) layout.add(block);
  const pages: PageContent[] = [];
  const { width, height, marginX } = o.style.page;
  paginate(layout.rows, o.style, limits.maxPages, (row, page, top) => {
    while (pages.length <= page)
      pages.push(new PageContent(doc, doc.addPage([width, height]), fonts, images, marginX));
    for (const d of row.draws) pages[page]!.draw(d, top);
  });
  if (pages.length === 0)
    pages.push(new PageContent(doc, doc.addPage([width, height]), fonts, images, marginX));
  pages.forEach((page, i) => {
    o.decorate?.(page, i + 1, pages.length);
    page.finish(o.deflate);
  });
  const bytes = await doc.save({ useObjectStreams: o.objectStreams ?? false });
  if (bytes.length > limits.maxBytes) throw new PdfTooLarge('maxBytes');
  return bytes;
}

export { printable };
