import type { Block, Color, DocumentStyle, FontName, Table, TextStyle } from './blocks';
import { clip, wrap, type Widths } from './text';

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

/** Something a row draws; `dy` from the row's top (a text's baseline), `x` from the left margin. */
export type Draw =
  | {
      type: 'text';
      text: string;
      x: number;
      dy: number;
      font: FontName;
      size: number;
      color: Color;
    }
  | { type: 'line'; x: number; width: number; dy: number; thickness: number; color: Color }
  | { type: 'rect'; x: number; width: number; dy: number; height: number; color: Color };

/**
 * One row of the laid-out document: its height, the space before it (dropped at a page's top),
 * what it draws, whether it must share its page with the row after it (a heading with what
 * follows it, a label with its value) and whether it starts a page.
 */
export interface Row {
  gap: number;
  height: number;
  draws: Draw[];
  keepWithNext: boolean;
  newPage: boolean;
}

/**
 * Puts rows on pages top to bottom, calling `place` with each row's page and top. A run of rows
 * bound by `keepWithNext` (and the row after it) starts on a new page when it does not fit at
 * the foot of this one, unless it is taller than a page. Each run is measured once: linear in
 * the number of rows. Returns the number of pages and the last row's bottom.
 */
export function paginate(
  rows: readonly Row[],
  style: DocumentStyle,
  maxPages: number,
  place: (row: Row, page: number, top: number) => void = () => {},
): { pages: number; y: number } {
  const { height: pageHeight, marginTop, marginBottom } = style.page;
  const top = pageHeight - marginTop;
  const body = top - marginBottom;
  let pages = 0;
  let y = top;
  const newPage = () => {
    if (pages >= maxPages) throw new PdfTooLarge('maxPages');
    pages += 1;
    y = top;
  };
  newPage();
  for (let i = 0; i < rows.length; i += 1) {
    const row = rows[i]!;
    if (row.newPage && y !== top) newPage();
    if (i === 0 || !rows[i - 1]!.keepWithNext) {
      let height = row.height;
      for (let j = i; rows[j]!.keepWithNext && j + 1 < rows.length; j += 1)
        height += rows[j + 1]!.gap + rows[j + 1]!.height;
      if (y !== top && height <= body && y - row.gap - height < marginBottom) newPage();
    }
    if (y !== top) y -= row.gap;
    if (y - row.height < marginBottom) newPage();
    place(row, pages - 1, y);
    y -= row.height;
  }
  return { pages, y };
}

/**
 * The document as rows, block after block. Stops as soon as the rows alone would fill more than
 * `maxPages` pages: a document too large is refused before it takes its full memory.
 */
export class Layout {
  readonly rows: Row[] = [];
  private pendingGap = 0;
  private pendingBreak = false;
  private height = 0;
  private readonly width: number;
  private readonly pageBody: number;

  constructor(
    private readonly style: DocumentStyle,
    private readonly fonts: (name: FontName) => Widths,
    private readonly maxPages: number,
  ) {
    const { page } = style;
    this.width = page.width - 2 * page.marginX;
    this.pageBody = page.height - page.marginTop - page.marginBottom;
  }

  add(b: Block) {
    const s = this.style;
    switch (b.kind) {
      case 'title':
        this.block(b.text, s.title, { keep: 0 });
        break;
      case 'heading':
        this.block(b.text, b.level === 3 ? s.subheading : s.heading, { keep: Infinity });
        break;
      case 'lead':
        this.block(b.text, s.lead);
        break;
      case 'paragraph':
        this.block(b.text, b.muted ? s.muted : s.body, { fill: b.fill });
        break;
      case 'field':
        this.field(b.label, b.value);
        break;
      case 'fields':
        this.fields(b.items, b.columns, b.maxLines);
        break;
      case 'text':
        this.gap(s.label.before);
        this.lines(b.label, s.label, { keep: Infinity });
        this.block(b.text || '—', { ...s.body, before: 0 }, { fill: b.fill });
        break;
      case 'entry':
        this.gap(s.label.before);
        this.lines(b.title, s.label, { keep: Infinity });
        this.lines(b.meta, s.meta, { keep: b.text ? Infinity : 0 });
        if (b.text) this.lines(b.text, s.body, { x: s.entryIndent, keep: 1 });
        break;
      case 'list':
        this.list(b.items, b.markers ?? 'left');
        break;
      case 'table':
        this.table(b);
        break;
      case 'rule':
        this.row(4, [{ type: 'line', x: 0, width: this.width, dy: 0, ...s.rule }], false);
        break;
      case 'pageBreak':
        this.pendingBreak = true;
        this.pendingGap = 0;
        break;
    }
  }

  gap(points: number) {
    this.pendingGap += points;
  }

  /** What is left of the current page below what is laid out so far. */
  private left(): number {
    const { y, pages } = paginate(this.rows, this.style, Infinity);
    if (this.pendingBreak || pages === 0) return this.pageBody;
    const top = this.style.page.height - this.style.page.marginTop;
    return y - this.style.page.marginBottom - (y === top ? 0 : this.pendingGap);
  }

  /**
   * A block of text in `style`: its space before and after; a short one (four lines or fewer)
   * kept whole, a longer one's first two lines together. `fill`: cut to what is left of the page.
   */
  private block(text: string, style: TextStyle, o: { keep?: number; fill?: boolean } = {}) {
    this.gap(style.before);
    let max = Infinity;
    if (o.fill) max = Math.max(1, Math.floor(this.left() / style.leading));
    this.lines(text, style, { keep: o.keep, max, short: o.keep === undefined });
    this.gap(style.after);
  }

  /**
   * `text` wrapped into rows. `keep`: how many of its first rows stay on the page of the row
   * after them (Infinity: all of them, so the last joins the next block's first row).
   */
  lines(
    text: string,
    style: TextStyle,
    o: { x?: number; keep?: number; max?: number; short?: boolean } = {},
  ): number {
    const x = o.x ?? 0;
    const band = style === this.style.heading || style === this.style.subheading;
    const bandStyle = band ? this.style.band : undefined;
    const indent = x + (bandStyle?.indent ?? 0);
    const width = this.width - indent;
    const lines = this.wrapped(text, style, width, o.max);
    const keep = o.short ? (lines.length <= 4 ? lines.length - 1 : 1) : (o.keep ?? 0);
    const height = bandStyle?.height ?? style.leading;
    lines.forEach((line, i) => {
      const draws: Draw[] = [];
      if (bandStyle) {
        draws.push(
          { type: 'rect', x: 0, width: this.width, dy: 0, height, color: bandStyle.fill },
          { type: 'rect', x: 0, width: bandStyle.barWidth, dy: 0, height, color: bandStyle.bar },
        );
      }
      draws.push(this.text(line.text, indent + line.x, height, style));
      this.row(height, draws, i < keep);
    });
    return lines.length;
  }

  /** `text` wrapped to `width` in `style`, at most `max` lines (the last cut with "…"). */
  private wrapped(text: string, style: TextStyle, width: number, max = Infinity) {
    const widths = this.fonts(style.font);
    return clip(wrap(text, widths, style.size, width), max, widths, style.size, width);
  }

  private text(text: string, x: number, height: number, style: TextStyle, dy?: number): Draw {
    const { font, size, color } = style;
    // The baseline where a line's capitals sit in the middle of its height.
    return { type: 'text', text, x, dy: dy ?? (height + size * 0.7) / 2, font, size, color };
  }

  /** A label beside its value: the label's rows, and at least two of the value's, stay together. */
  private field(label: string, value: string) {
    const { label: ls, value: vs, labelWidth } = this.style;
    const labels = wrap(label, this.fonts(ls.font), ls.size, labelWidth - 8);
    const values = wrap(value || '—', this.fonts(vs.font), vs.size, this.width - labelWidth);
    const rows = Math.max(labels.length, values.length);
    const together = Math.max(labels.length, 2);
    const height = Math.max(ls.leading, vs.leading);
    for (let i = 0; i < rows; i += 1) {
      const draws: Draw[] = [];
      const l = labels[i];
      const v = values[i];
      if (l?.text) draws.push(this.text(l.text, l.x, height, ls));
      if (v?.text) draws.push(this.text(v.text, labelWidth + v.x, height, vs));
      this.row(height, draws, i < together - 1 && i < rows - 1);
    }
  }

  /** Labels over their values in columns, one row per `columns` fields. */
  private fields(items: { label: string; value: string }[], columns: number, maxLines: number) {
    const { label: ls, value: vs, columnGap } = this.style;
    const width = (this.width - (columns - 1) * columnGap) / columns;
    this.gap(vs.before);
    for (let i = 0; i < items.length; i += columns) {
      const draws: Draw[] = [];
      let lines = 1;
      items.slice(i, i + columns).forEach((item, column) => {
        const x = column * (width + columnGap);
        draws.push(this.text(this.wrapped(item.label, ls, width, 1)[0]!.text, x, 0, ls, ls.size));
        const values = this.wrapped(item.value || '—', vs, width, maxLines);
        values.forEach((v, k) =>
          draws.push(this.text(v.text, x + v.x, 0, vs, ls.leading + vs.size + k * vs.leading)),
        );
        lines = Math.max(lines, values.length);
      });
      this.row(ls.leading + lines * vs.leading + vs.after, draws, false);
    }
  }

  /** A list's items: the marker on the first line, the item's first two lines together. */
  private list(items: { marker: string; text: string }[], markers: 'left' | 'right') {
    const { item, list } = this.style;
    const widths = this.fonts(item.font);
    const marks = this.fonts('regular');
    for (const { marker, text } of items) {
      this.gap(item.before);
      const lines = wrap(text, widths, item.size, this.width - list.text);
      lines.forEach((line, i) => {
        const draws = [this.text(line.text, list.text + line.x, item.leading, item)];
        if (i === 0) {
          const m = wrap(marker, marks, item.size, list.text)[0]!.text;
          const x = markers === 'right' ? list.text - 5 - marks.text(m) * item.size : list.marker;
          draws.push(this.text(m, x, item.leading, { ...item, font: 'regular' }));
        }
        this.row(item.leading, draws, i === 0 && lines.length > 1);
      });
      this.gap(item.after);
    }
    this.gap(list.after);
  }

  /** A table: its header, then as many rows as its room takes, then the "more" line. */
  private table(t: Table) {
    const { label: ls, meta, rule } = this.style;
    const value = this.style.value;
    const size = t.size ?? value.size;
    const vs = { ...value, size, leading: (value.leading * size) / value.size };
    const inset = this.style.columnGap / 4;
    const xs: number[] = [];
    t.columns.reduce((x, c) => (xs.push(x), x + c.width), 0);
    const cell = (text: string, column: number, style: TextStyle, dy: number): Draw => {
      const c = t.columns[column]!;
      const widths = this.fonts(style.font);
      const x =
        c.align === 'right'
          ? xs[column]! + c.width - inset - widths.text(text) * style.size
          : xs[column]! + inset;
      return this.text(text, x, 0, style, dy);
    };
    this.gap(ls.before);
    const start = t.room ? t.room(this.left()) : Infinity;
    const headerHeight = ls.leading;
    this.row(
      headerHeight,
      t.columns.map((c, i) => cell(c.label, i, ls, ls.size)),
      true,
    );
    if (t.rows.length === 0) {
      this.row(
        vs.leading + vs.after,
        [this.text(t.empty, inset, vs.leading + vs.after, vs)],
        false,
      );
      this.gap(vs.after);
      return;
    }
    const room = start - headerHeight;
    const moreHeight = meta.leading + vs.after;
    let used = 0;
    for (let r = 0; r < t.rows.length; r += 1) {
      const last = r === t.rows.length - 1;
      const space = room - used - (last ? 0 : moreHeight) - vs.after;
      const fit = Math.min(t.maxLines ?? Infinity, Math.floor(space / vs.leading));
      if (fit < 1) {
        const text = t.more?.(t.rows.length - r) ?? '…';
        this.row(moreHeight, [this.text(text, inset, moreHeight, meta)], false);
        break;
      }
      const cells = t.rows[r]!.map((value, column) =>
        this.wrapped(value || '—', vs, t.columns[column]!.width - 2 * inset, fit),
      );
      const lines = Math.max(...cells.map((c) => c.length));
      const height = lines * vs.leading + vs.after;
      const draws: Draw[] = [{ type: 'line', x: 0, width: this.width, dy: 0, ...rule }];
      cells.forEach((c, column) =>
        c.forEach((line, k) =>
          draws.push(cell(line.text, column, vs, vs.after / 2 + vs.size + k * vs.leading)),
        ),
      );
      this.row(height, draws, false);
      used += height;
    }
    this.gap(vs.after);
  }

  private row(height: number, draws: Draw[], keepWithNext: boolean) {
    this.height += height;
    if (this.height > this.maxPages * this.pageBody) throw new PdfTooLarge('maxPages');
    this.rows.push({
      gap: this.pendingGap,
      height,
      draws,
      keepWithNext,
      newPage: this.pendingBreak,
    });
    this.pendingGap = 0;
    this.pendingBreak = false;
  }
}
