import { CALL_CENTRE_NUMBER, HEAD_OFFICE, ORGANIZATIONS, type LogEntry } from '@canal/shared';
import { describe, expect, it } from 'vitest';
import { makeDetail, sampleFiles } from '../../../test/follow-up';
import { buildSummaryPdf, summaryFileName } from './build-summary';
import { PDF_CONTACT_BY_ORGANIZATION } from './contact';

const NOW = new Date('2026-11-21T23:45:07.000Z'); // 20:45:07 in Santiago (summer time)

/** The raw PDF as text: jsPDF writes its content streams uncompressed by default. */
function rawText(doc: ReturnType<typeof buildSummaryPdf>): string {
  // Byte for byte (ISO-8859-1): WHATWG's 'latin1' decoder is windows-1252 and would turn 0x85 into "…".
  return Buffer.from(doc.output('arraybuffer')).toString('latin1');
}

const cem = ORGANIZATIONS.find((org) => org.key === 'cem')!;

describe('buildSummaryPdf', () => {
  it('has two pages, the title, the download date and the four sections', () => {
    const doc = buildSummaryPdf(makeDetail(), sampleFiles, HEAD_OFFICE, NOW);
    const text = rawText(doc);
    expect(doc.getNumberOfPages()).toBe(2);
    expect(text).toContain('(Resumen denuncia)');
    expect(text).toContain('(Fecha descarga)');
    expect(text).toContain('(21-11-2026 / 20:45:07)');
    for (const title of ['1. Informaci', '2. Informaci', '3. Archivos adjuntos', '4. Bit'])
      expect(text).toContain(title);
    for (const value of [
      '(11111111-1)',
      '(912345678)',
      '(persona@empresa.cl)',
      '(Archivo1.pdf)',
      '(1.5 KB)',
      '(Archivo2.jpg)',
      '(2 MB)',
    ])
      expect(text).toContain(value);
    expect(text).toContain('(Apellido paterno)');
    expect(text).toContain('(Apellido materno)');
    expect(text).toContain('(15-03-2024 / 10:00:00)');
  });

  it('prints the contact footer for the head office only', () => {
    const contact = PDF_CONTACT_BY_ORGANIZATION['head-office']!;
    // The phone is the call centre the portal's header shows, not a number of its own.
    expect(contact.phone).toBe(CALL_CENTRE_NUMBER);
    expect(rawText(buildSummaryPdf(makeDetail(), [], HEAD_OFFICE, NOW))).toContain(contact.phone);
    const other = rawText(buildSummaryPdf(makeDetail(), [], cem, NOW));
    expect(other).not.toContain(contact.phone);
    expect(other).not.toContain(contact.email);
  });

  it('draws the organisation name when there is no logo', () => {
    expect(rawText(buildSummaryPdf(makeDetail(), [], cem, NOW))).toContain(
      `(${cem.shortName.slice(0, 6)}`,
    );
  });

  it('keeps two pages with the longest description, many files and a long log', () => {
    const long = 'Relato extenso de los hechos con muchos detalles. '.repeat(70).slice(0, 3500);
    const binnacle: LogEntry[] = Array.from({ length: 40 }, (_, i) => ({
      event: `Evento ${i + 1}`,
      creationDate: '2024-04-02T15:30:05.000Z',
      comment: 'Comentario largo del investigador. '.repeat(100),
      user: 'Sistema',
    }));
    const files = Array.from({ length: 50 }, (_, i) => ({ ...sampleFiles[0]!, id: `f${i}` }));
    const doc = buildSummaryPdf(
      makeDetail({ description: long, binnacle }),
      files,
      HEAD_OFFICE,
      NOW,
    );
    expect(doc.getNumberOfPages()).toBe(2);
    const text = rawText(doc);
    expect(text).toContain('\u0085'); // "…" in the standard fonts' WinAnsi encoding
    expect(text).toContain('registro\\(s\\) m'); // parentheses are escaped in PDF strings
  });

  it('names the file after the complaint code', () => {
    expect(summaryFileName(123)).toBe('Resumen Denuncia 123.pdf');
  });
});
