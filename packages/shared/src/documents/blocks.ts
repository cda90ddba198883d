import type { RGB } from 'pdf-lib';

/**
 * The block model every document of the product is written in (decision 0041): the case dossier
 * (back office), the legal documents (built with the site) and the complainant's summary (portal,
 * in the browser). A document is a list of blocks and a style; `layout.ts` wraps them into rows,
 * `pdf.ts` puts the rows on pages.
 */
export type Block =
  | { kind: 'title'; text: string }
  /** `level` 3: a subheading. Never left alone at a page's foot. */
  | { kind: 'heading'; text: string; level?: 2 | 3 }
  /** The lead: a short note under the title. */
  | { kind: 'lead'; text: string }
  /**
   * Wrapped text; line breaks, blank lines and list items' hanging indents kept. `fill`: at most
   * what is left of its page, the last line cut with "…".
   */
  | { kind: 'paragraph'; text: string; muted?: boolean; fill?: boolean }
  /** A label beside its value. */
  | { kind: 'field'; label: string; value: string }
  /** Labels over their values, in `columns` columns, each value at most `maxLines` lines. */
  | { kind: 'fields'; items: { label: string; value: string }[]; columns: number; maxLines: number }
  /** A label over a long text, never left alone at a page's foot. `fill` as for a paragraph. */
  | { kind: 'text'; label: string; text: string; fill?: boolean }
  /** A title, a line of details under it and an optional text, indented. */
  | { kind: 'entry'; title: string; meta: string; text?: string | null }
  /** Items after their markers ("•", "1."), continuation lines under the item's text. */
  | { kind: 'list'; items: { marker: string; text: string }[]; markers?: 'left' | 'right' }
  | Table
  | { kind: 'rule' }
  | { kind: 'pageBreak' };

/**
 * Rows of cells under a header, a rule above each row. With `room`, the rows that do not fit in
 * it give way to the line `more(n)`, and the last row shown keeps the lines that fit.
 */
export interface Table {
  kind: 'table';
  columns: { label: string; width: number; align?: 'left' | 'right' }[];
  rows: string[][];
  /** Printed instead of the rows when there are none. */
  empty: string;
  /** The cells' size, when not the style's `value` size. */
  size?: number;
  maxLines?: number;
  /** The points the table may take, given what is left of its page. */
  room?: (left: number) => number;
  more?: (left: number) => string;
}

export type FontName = 'regular' | 'bold' | 'italic';
export type Color = RGB;

export interface TextStyle {
  font: FontName;
  size: number;
  /** The height of a line. */
  leading: number;
  color: Color;
  /** Space before the block (dropped at a page's top) and after it. */
  before: number;
  after: number;
}

/** How one kind of document looks (`styles.ts` holds the product's). Lengths in points. */
export interface DocumentStyle {
  page: { width: number; height: number; marginX: number; marginTop: number; marginBottom: number };
  title: TextStyle;
  heading: TextStyle;
  subheading: TextStyle;
  lead: TextStyle;
  body: TextStyle;
  muted: TextStyle;
  /** A field's or a text's label, a table's header, an entry's title. */
  label: TextStyle;
  /** A field's value, a table's cells. */
  value: TextStyle;
  /** An entry's line of details, a table's "more" line. */
  meta: TextStyle;
  item: TextStyle;
  /** The width of a field's label (`field`). */
  labelWidth: number;
  /** Gap between `fields` columns. */
  columnGap: number;
  /** A band behind headings: its fill, a bar at its left, its height and the text's indent. */
  band?: { fill: Color; bar: Color; barWidth: number; height: number; indent: number };
  rule: { color: Color; thickness: number };
  /** A list's markers and text, from the left margin; the space after a list. */
  list: { marker: number; text: number; after: number };
  /** An entry's text, from the left margin. */
  entryIndent: number;
}
