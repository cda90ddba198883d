import { describe, expect, it } from 'vitest';
import { pdfDocument, type PdfBlock } from '../../src/back-office/export/pdf-document';
import { pdfPages, pdfText } from '@canal/shared/documents/read-back';

const META = { title: 'Documento de prueba', footer: 'Documento de prueba' };

/** The lines each page shows, its footer left out. */
async function pages(blocks: PdfBlock[]) {
  return (await pdfPages(await pdfDocument(META, blocks))).map((p) =>
    p.filter((l) => !l.text.startsWith(META.footer)),
  );
}

describe('the PDF of a document (the case dossier)', () => {
  it('keeps line breaks, paragraphs and list items, and prints typed characters outside the font as their nearest form', async () => {
    const text = [
      'Hechos:',
      '• Me gritó frente al equipo.',
      '◦ El lunes 3 de marzo.',
      '▪ El martes 4 − a las 9:00 → en la sala.',
      '',
      '',
      '',
      '1. Pedí ayuda a “Recursos Humanos” — sin respuesta…',
      '\t- Lo repetí\u2028por correo.',
    ].join('\r\n');
    const [page] = await pages([{ kind: 'paragraph', text }]);
    expect(page!.map((l) => l.text)).toEqual([
      'Hechos:',
      '• Me gritó frente al equipo.',
      '• El lunes 3 de marzo.',
      '• El martes 4 - a las 9:00 -> en la sala.',
      '1. Pedí ayuda a “Recursos Humanos” — sin respuesta…',
      '- Lo repetí',
      'por correo.',
    ]);
    const [hechos, first, , third, numbered, indented, next] = page!;
    // One blank line between paragraphs, however many were typed; an indented item stays indented.
    const step = first!.y - third!.y;
    expect(third!.y - numbered!.y).toBeCloseTo(step, 1);
    expect(hechos!.y - first!.y).toBeCloseTo(step / 2, 1);
    expect(indented!.x).toBeGreaterThan(first!.x);
    // A Unicode line separator breaks the line as a newline does.
    expect(next!.x).toBe(hechos!.x);
  });

  it('hangs the continuation lines of a list item under its text', async () => {
    const item = `• ${'Una frase larga que describe los hechos con detalle '.repeat(4)}`;
    const [page] = await pages([{ kind: 'paragraph', text: item }]);
    expect(page!.length).toBeGreaterThan(1);
    expect(page![1]!.x).toBeGreaterThan(page![0]!.x);
    expect(page!.slice(2).every((l) => l.x === page![1]!.x)).toBe(true);
  });

  it('cuts a word wider than a line where it reaches the edge, keeping every character', async () => {
    const word = 'a'.repeat(5_000) + 'ñ'.repeat(5_000);
    const text = (await pages([{ kind: 'paragraph', text: word }])).flat().map((l) => l.text);
    expect(text.join('')).toBe(word);
    const widths = text.slice(0, -1).map((l) => l.length);
    // Each full line takes as many characters as fit (same characters, same count).
    expect(new Set(widths.slice(0, 10)).size).toBe(1);
  });

  it('never leaves a heading, a label or an entry’s title alone at the foot of a page', async () => {
    const heading = 'Bitácora interna (solo equipo)';
    const label = ['Fundamento de la', 'representación'];
    const title = 'Comentario de la persona denunciante';
    const meta = '03-03-2026 / 10:15:00 · Denunciante';
    const comment = 'La situación se repitió durante la reunión del equipo. '.repeat(12);
    // Every position of the blocks against the foot of the page, line by line.
    for (let filler = 20; filler < 41; filler += 1) {
      const blocks: PdfBlock[] = [
        ...Array.from({ length: filler }, (_, i): PdfBlock => ({
          kind: 'paragraph',
          text: `Línea de relleno ${i + 1}.`,
        })),
        { kind: 'heading', text: heading },
        { kind: 'entry', title, meta, text: comment },
        { kind: 'field', label: label.join(' '), value: 'Mandato escrito.' },
        { kind: 'heading', text: heading },
        { kind: 'field', label: label.join(' '), value: 'Mandato escrito.' },
      ];
      const laid = await pages(blocks);
      for (const [i, page] of laid.entries()) {
        const last = page.at(-1)!.text;
        const where = `relleno ${filler}, página ${i + 1}: «${last}»`;
        expect([heading, title, meta, label[0]], where).not.toContain(last);
        // A label's lines share a page.
        const texts = page.map((l) => l.text);
        if (texts.includes(label[0]!)) expect(texts, where).toContain(label[1]);
        if (texts.includes(label[1]!)) expect(texts, where).toContain(label[0]);
      }
    }
  });

  it('keeps a label over a long text with the text’s first lines', async () => {
    for (let filler = 30; filler < 41; filler += 1) {
      const laid = await pages([
        ...Array.from({ length: filler }, (_, i): PdfBlock => ({
          kind: 'paragraph',
          text: `Línea ${i + 1}.`,
        })),
        {
          kind: 'text',
          label: 'Relato de los hechos',
          text: 'Mi jefatura me grita frente al equipo. '.repeat(40),
        },
      ]);
      for (const page of laid) {
        const texts = page.map((l) => l.text);
        expect(texts.at(-1)).not.toBe('Relato de los hechos');
        if (texts.includes('Relato de los hechos'))
          expect(texts.length - texts.indexOf('Relato de los hechos')).toBeGreaterThan(2);
      }
    }
  });

  it('reads back as the text drawn', async () => {
    const pdf = await pdfDocument(META, [
      { kind: 'title', text: 'Expediente' },
      { kind: 'field', label: 'Estado', value: 'Cerrada' },
    ]);
    expect(await pdfText(pdf)).toBe(
      'Expediente\nEstado\nCerrada\nDocumento de prueba · Página 1 de 1',
    );
  });
});
