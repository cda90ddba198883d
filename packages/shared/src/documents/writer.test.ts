import { describe, expect, it } from 'vitest';
import type { Block, DocumentStyle, TextStyle } from './blocks';
import { PdfTooLarge, rgb, writePdf } from './index';
import { pdfPages } from './read-back';

const INK = rgb(0, 0, 0);
const text = (size: number, font: TextStyle['font'] = 'regular'): TextStyle => ({
  font,
  size,
  leading: size * 1.4,
  color: INK,
  before: 0,
  after: 4,
});
const STYLE: DocumentStyle = {
  page: { width: 400, height: 300, marginX: 40, marginTop: 40, marginBottom: 40 },
  title: text(14, 'bold'),
  heading: text(12, 'bold'),
  subheading: text(11, 'bold'),
  lead: text(10, 'italic'),
  body: text(10),
  muted: text(10),
  label: text(9, 'bold'),
  value: text(10),
  meta: text(9),
  item: text(10),
  labelWidth: 100,
  columnGap: 16,
  rule: { color: INK, thickness: 0.5 },
  list: { marker: 10, text: 24, after: 4 },
  entryIndent: 10,
};

const pages = async (blocks: Block[]) =>
  (
    await pdfPages(
      await writePdf({ style: STYLE, blocks, meta: { title: 'Prueba', date: new Date(0) } }),
    )
  ).map((p) => p.map((l) => l.text));

describe('the document writer', () => {
  it('cuts a filling paragraph with "…" where its page ends, and starts a page where asked', async () => {
    const laid = await pages([
      { kind: 'paragraph', text: 'Relato extenso de los hechos. '.repeat(200), fill: true },
      { kind: 'pageBreak' },
      { kind: 'paragraph', text: 'Segunda página.' },
    ]);
    expect(laid).toHaveLength(2);
    expect(laid[0]!.at(-1)).toMatch(/…$/);
    expect(laid[1]).toEqual(['Segunda página.']);
  });

  it('puts a table’s rows in its room and says how many were left out', async () => {
    const [page, ...rest] = await pages([
      {
        kind: 'table',
        columns: [
          { label: 'Archivo', width: 220 },
          { label: 'Tamaño', width: 100, align: 'right' },
        ],
        rows: Array.from({ length: 40 }, (_, i) => [`Archivo${i + 1}.pdf`, '1 KB']),
        empty: 'Sin archivos.',
        room: (left) => left / 2,
        more: (n) => `… y ${n} archivo(s) más.`,
      },
    ]);
    expect(rest).toEqual([]);
    const shown = page!.filter((l) => l.startsWith('Archivo') && l !== 'Archivo').length;
    expect(shown).toBeGreaterThan(2);
    expect(page).toContain(`… y ${40 - shown} archivo(s) más.`);
  });

  it('hangs a list item’s lines under its text, its marker before it', async () => {
    const [page] = await pdfPages(
      await writePdf({
        style: STYLE,
        meta: { title: 'Prueba', date: new Date(0) },
        blocks: [
          {
            kind: 'list',
            items: [{ marker: '•', text: 'Una frase larga del listado. '.repeat(4) }],
          },
        ],
      }),
    );
    const marker = page!.find((l) => l.text === '•')!;
    const lines = page!.filter((l) => l.text !== '•');
    expect(lines.length).toBeGreaterThan(1);
    expect(lines.every((l) => l.x === lines[0]!.x && l.x > marker.x)).toBe(true);
  });

  it('refuses a document past its pages', async () => {
    const blocks: Block[] = Array.from({ length: 100 }, () => ({
      kind: 'paragraph',
      text: 'Línea.',
    }));
    await expect(
      writePdf({
        style: STYLE,
        blocks,
        meta: { title: 'Prueba', date: new Date(0) },
        limits: { maxPages: 2, maxBytes: Infinity },
      }),
    ).rejects.toBeInstanceOf(PdfTooLarge);
  });
});
