import { CALL_CENTRE_NUMBER, HEAD_OFFICE, ORGANIZATIONS, type LogEntry } from '@canal/shared';
import { pdfPages } from '@canal/shared/documents/read-back';
import { PDF_SEAL_KEY } from '@canal/shared/proof';
import { PDFDict, PDFDocument, PDFName, type PDFHexString } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { makeDetail, sampleFiles } from '../../../test/follow-up';
import { buildSummaryPdf, summaryFileName } from '@canal/shared/summary';
import { PDF_CONTACT_BY_ORGANIZATION } from '@canal/shared/summary/contact';

const NOW = new Date('2026-11-21T23:45:07.000Z'); // 20:45:07 in Santiago (summer time)

/** The summary's pages, each as the lines it draws (one a line). */
async function summary(...args: Parameters<typeof buildSummaryPdf>) {
  const pages = await pdfPages(await buildSummaryPdf(...args));
  return {
    pages: pages.length,
    text: pages.map((p) => p.map((l) => l.text).join('\n')).join('\n'),
  };
}

const cem = ORGANIZATIONS.find((org) => org.key === 'cem')!;

describe('buildSummaryPdf', () => {
  it('has two pages, the title, the download date and the four sections', async () => {
    const { pages, text } = await summary(makeDetail(), sampleFiles, HEAD_OFFICE, NOW);
    const lines = text.split('\n');
    expect(pages).toBe(2);
    expect(lines).toContain('Resumen denuncia');
    expect(lines).toContain('Fecha descarga');
    expect(lines).toContain('21-11-2026 / 20:45:07');
    for (const title of [
      '1. Información del denunciante',
      '2. Información de la denuncia',
      '3. Archivos adjuntos',
      '4. Bitácora',
    ])
      expect(lines).toContain(title);
    for (const value of [
      '11111111-1',
      '912345678',
      'persona@empresa.cl',
      'Archivo1.pdf',
      '1.5 KB',
      'Archivo2.jpg',
      '2 MB',
    ])
      expect(lines).toContain(value);
    expect(lines).toContain('Apellido paterno');
    expect(lines).toContain('Apellido materno');
    expect(lines).toContain('15-03-2024 / 10:00:00');
  });

  it('prints the contact footer for the head office only', async () => {
    const contact = PDF_CONTACT_BY_ORGANIZATION['head-office']!;
    // The phone is the call centre the portal's header shows, not a number of its own.
    expect(contact.phone).toBe(CALL_CENTRE_NUMBER);
    expect((await summary(makeDetail(), [], HEAD_OFFICE, NOW)).text).toContain(contact.phone);
    const other = (await summary(makeDetail(), [], cem, NOW)).text;
    expect(other).not.toContain(contact.phone);
    expect(other).not.toContain(contact.email);
  });

  it('draws the organisation name when there is no logo', async () => {
    const lines = (await summary(makeDetail(), [], cem, NOW)).text.split('\n');
    expect(lines.some((l) => l.startsWith(cem.shortName.slice(0, 6)))).toBe(true);
  });

  it('keeps two pages with the longest description, many files and a long log', async () => {
    const long = 'Relato extenso de los hechos con muchos detalles. '.repeat(70).slice(0, 3500);
    const binnacle: LogEntry[] = Array.from({ length: 40 }, (_, i) => ({
      event: `Evento ${i + 1}`,
      creationDate: '2024-04-02T15:30:05.000Z',
      comment: 'Comentario largo del investigador. '.repeat(100),
      user: 'Sistema',
    }));
    const files = Array.from({ length: 50 }, (_, i) => ({ ...sampleFiles[0]!, id: `f${i}` }));
    const { pages, text } = await summary(
      makeDetail({ description: long, binnacle }),
      files,
      HEAD_OFFICE,
      NOW,
    );
    expect(pages).toBe(2);
    expect(text).toMatch(/…$/m); // the description and the log's comments cut
    expect(text).toMatch(/^… y \d+ archivo\(s\) más, disponibles en el portal\.$/m);
    expect(text).toMatch(/^… y \d+ registro\(s\) más, disponibles en el portal\.$/m);
  });

  it('prints the verification code and address on both pages and keeps the seal in the document information', async () => {
    const seal = { registro: '{"a":1}', firma: `${'A'.repeat(86)}==`, clave: '0123456789abcdef' };
    const verification = {
      code: 'ABCD-EFGH-JKMN',
      address: 'https://canal.example.cl/verificar-documento',
      seal,
    };
    const bytes = await buildSummaryPdf(makeDetail(), [], HEAD_OFFICE, NOW, null, verification);
    const pages = await pdfPages(bytes);
    expect(pages).toHaveLength(2);
    for (const page of pages)
      expect(page.map((l) => l.text)).toContain(
        'Código de verificación: ABCD-EFGH-JKMN · Verifique en https://canal.example.cl/verificar-documento',
      );
    const { context } = await PDFDocument.load(bytes);
    const info = context.lookup(context.trailerInfo.Info, PDFDict);
    expect((info.get(PDFName.of(PDF_SEAL_KEY)) as PDFHexString).decodeText()).toBe(
      JSON.stringify(seal),
    );
  });

  it('names the file after the complaint code', () => {
    expect(summaryFileName(123)).toBe('Resumen Denuncia 123.pdf');
  });
});
