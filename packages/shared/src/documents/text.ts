import type { PDFFont } from 'pdf-lib';

/**
 * Text for pdf-lib's standard Helvetica fonts (no font file to ship). Those fonts encode WinAnsi:
 * Spanish accents, ñ, ¿, ¡, °, º, «», “”, ‘’, •, – and — are all there; common characters outside
 * it are printed as their nearest WinAnsi form, a letter with a mark the fonts lack as its base
 * letter, anything else (an emoji in a complainant's text) as "?" rather than failing the document.
 */

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
  '\u00AD': '', // soft hyphen
};
/** Spaces of other widths (en, em, thin, narrow no-break, ideographic…) print as a space. */
const OTHER_SPACE = /[\u2000-\u200A\u202F\u205F\u3000]/g;
/** Line breaks of every kind, as one. */
const LINE_BREAK = /\r\n|[\r\u2028\u2029\u0085\v\f]/g;
const MARKS = /[\u0300-\u036f]/g;

/** What the standard fonts can print, per font (pdf-lib builds this list on each call). */
const characterSets = new WeakMap<PDFFont, Set<number>>();

function supportedBy(font: PDFFont): Set<number> {
  let supported = characterSets.get(font);
  if (!supported) {
    supported = new Set(font.getCharacterSet());
    characterSets.set(font, supported);
  }
  return supported;
}

/** `text` as the standard fonts print it: line breaks kept as "\n", tabs as spaces. */
export function printable(text: string, font: PDFFont): string {
  const supported = supportedBy(font);
  const clean = text
    .normalize('NFC')
    .replace(LINE_BREAK, '\n')
    .replace(/\t/g, '    ')
    .replace(OTHER_SPACE, ' ');
  const fits = (s: string) => [...s].every((c) => supported.has(c.codePointAt(0)!));
  let out = '';
  let from = 0;
  let i = 0;
  // Runs of printable characters are copied as slices: one pass, no per-character string growth.
  for (const ch of clean) {
    const cp = ch.codePointAt(0)!;
    if (ch !== '\n' && !supported.has(cp)) {
      const base = ch.normalize('NFD').replace(MARKS, '');
      const nearest = NEAREST[ch] ?? (base !== '' && base !== ch && fits(base) ? base : '?');
      out += clean.slice(from, i) + nearest;
      from = i + ch.length;
    }
    i += ch.length;
  }
  return out + clean.slice(from);
}

/**
 * Widths of characters at size 1, one table per font. Characters are measured alone: the
 * writer draws text without kerning, so the sum of the glyphs' widths is the width drawn.
 */
export class Widths {
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
export interface Line {
  text: string;
  x: number;
}

/** A list item's marker: a bullet or dash, or "1." "2)" "a)" "(b)", then a space. */
const LIST_MARKER = /^(?:[•·\-*–—]|\d{1,3}[.)]|[a-zA-Z]\)|\([a-zA-Z0-9]{1,3}\))[ ]+/;

/**
 * Lines of at most `width` points (`size`-point text), in one pass over the text: words kept
 * whole unless one alone is wider than its line, then cut where it reaches the edge. Words break
 * at spaces only (a no-break space holds two words together and prints as a space). Each line
 * of the text starts a line; a list item's continuation lines hang under its text.
 */
export function wrap(text: string, widths: Widths, size: number, width: number): Line[] {
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
  for (const line of lines) line.text = line.text.replace(/\u00A0/g, ' ');
  return lines;
}

export const ELLIPSIS = '…';

/** At most `max` of `lines`, the last one cut to end in "…" when some were left out. */
export function clip(lines: Line[], max: number, widths: Widths, size: number, width: number) {
  if (lines.length <= max) return lines;
  const kept = lines.slice(0, Math.max(max, 1));
  const last = kept[kept.length - 1]!;
  let text = last.text;
  const room = width - last.x - widths.of(ELLIPSIS) * size;
  while (text.length > 0 && widths.text(text) * size > room) text = text.slice(0, -1);
  kept[kept.length - 1] = { text: `${text.trimEnd()}${ELLIPSIS}`, x: last.x };
  return kept;
}
