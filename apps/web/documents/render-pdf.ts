/**
 * The downloadable documents' PDFs: the parsed source as blocks of the product's document writer
 * (decision 0041), on A4 pages with the standard Helvetica fonts. Characters the fonts lack are
 * printed as their nearest form, or "?", so that a stray character in a source never breaks the
 * build.
 */
import {
  rgb,
  writePdf,
  type Block as DocumentBlock,
  type DocumentStyle,
  type TextStyle,
} from '@canal/shared/documents';
import { parseSource, type Block } from './parse-source';

export const FOOTER_TEXT = 'Canal de denuncias';

const FOOTER_Y = 36;
const INK = rgb(0.13, 0.16, 0.2);
const MUTED = rgb(0.38, 0.42, 0.47);
const RULE = rgb(0.78, 0.8, 0.83);

const text = (
  font: TextStyle['font'],
  size: number,
  leading: number,
  before: number,
  after: number,
  color = INK,
): TextStyle => ({ font, size, leading, before, after, color });

const BODY = text('regular', 10.5, 14.5, 0, 7);

const LEGAL: DocumentStyle = {
  page: { width: 595.28, height: 841.89, marginX: 62, marginTop: 64, marginBottom: 72 },
  title: text('bold', 19, 24, 0, 8),
  lead: text('italic', 10.5, 14.5, 6, 8, MUTED),
  heading: text('bold', 13, 17, 12, 4),
  subheading: text('bold', 11, 15, 8, 3),
  body: BODY,
  muted: { ...BODY, color: MUTED },
  label: text('bold', 10.5, 14.5, 4, 0),
  value: text('regular', 10.5, 14.5, 0, 0),
  meta: text('regular', 9, 12, 0, 0, MUTED),
  item: text('regular', 10.5, 14.5, 0, 3.5),
  labelWidth: 150,
  columnGap: 16,
  rule: { color: RULE, thickness: 0.8 },
  list: { marker: 10, text: 24, after: 4 },
  entryIndent: 10,
};

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

/** The source's blocks as the writer's: consecutive items of a kind make one list. */
export function documentBlocks(title: string, blocks: readonly Block[]): DocumentBlock[] {
  const out: DocumentBlock[] = [];
  const set = (t: string) => typeset(t.replace(/\u00A0/g, ' '));
  if (!blocks.some((b) => b.kind === 'title')) out.push({ kind: 'title', text: set(title) });
  for (const b of blocks) {
    const previous = out.at(-1);
    if (b.kind === 'bullet' || b.kind === 'numbered') {
      const item = { marker: b.kind === 'bullet' ? '\u2022' : b.label, text: set(b.text) };
      const markers = b.kind === 'bullet' ? 'left' : 'right';
      if (previous?.kind === 'list' && previous.markers === markers) previous.items.push(item);
      else out.push({ kind: 'list', items: [item], markers });
    } else if (b.kind === 'title') {
      out.push({ kind: 'title', text: set(b.text) }, { kind: 'rule' });
    } else if (b.kind === 'heading') {
      out.push({ kind: 'heading', text: set(b.text), level: b.level });
    } else {
      out.push({ kind: b.kind, text: set(b.text) });
    }
  }
  return out;
}

export interface RenderInput {
  /** Title for the metadata (and for the page when the source has no `#` title). */
  readonly title: string;
  /** The source text (see parse-source.ts). */
  readonly source: string;
  /** Creation and modification date written in the metadata. */
  readonly date: Date;
}

export function renderPdf({ title, source, date }: RenderInput): Promise<Uint8Array> {
  const blocks = parseSource(source);
  const { marginX } = LEGAL.page;
  return writePdf({
    style: LEGAL,
    blocks: documentBlocks(title, blocks),
    meta: {
      title,
      date,
      subject: blocks.find((b) => b.kind === 'lead')?.text,
      author: FOOTER_TEXT,
      creator: `${FOOTER_TEXT}: generador de documentos`,
      producer: 'pdf-lib',
      language: 'es-CL',
      keywords: ['canal de denuncias', 'Ley 21.643'],
    },
    decorate: (page, i, pages) => {
      const right = page.width - marginX;
      page.line(marginX, FOOTER_Y + 14, right, FOOTER_Y + 14, 0.5, RULE);
      page.text(FOOTER_TEXT, marginX, FOOTER_Y, { size: 8, color: MUTED });
      page.text(`Página ${i} de ${pages}`, right, FOOTER_Y, {
        size: 8,
        color: MUTED,
        align: 'right',
      });
    },
    objectStreams: true,
  });
}
