// SPEC §2 "PDF summary": two A4 pages. Page 1: header, title, sections 1 and 2; page 2: sections 3
// and 4. Whatever does not fit is cut with "…" so the summary never grows a third page.
import {
  formatDisplayDateTime,
  formatFileSize,
  orDash,
  THEMES,
  type ComplaintDetail,
  type Organization,
} from '@canal/shared';
import { jsPDF } from 'jspdf';
import {
  complainantFields,
  complaintFields,
  DESCRIPTION_LABEL,
  type LabelledValue,
} from '../detail-fields';
import { attachmentDisplayName } from '../file-names';
import type { DetailFile } from '../types';
import { PDF_CONTACT_BY_ORGANIZATION } from './contact';
import type { PdfLogo } from './logo';

export const SUMMARY_TITLE = 'Resumen denuncia';
export const SUMMARY_PAGES = 2;

const PAGE = { width: 210, height: 297, margin: 15 };
const CONTENT_WIDTH = PAGE.width - 2 * PAGE.margin;
const ELLIPSIS = '…';
/** Millimetres per line at a font size in points (1 pt = 0.3528 mm, 1.15 line spacing). */
const lineHeight = (size: number) => size * 0.3528 * 1.15;

export function summaryFileName(code: number): string {
  return `Resumen Denuncia ${code}.pdf`;
}

type Rgb = [number, number, number];

function rgb(hex: string): Rgb {
  const n = Number.parseInt(hex.replace('#', ''), 16);
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255];
}

/** Writes into one jsPDF document, keeping the cursor and the page's bottom limit. */
class Writer {
  y = PAGE.margin;
  readonly bottom: number;

  constructor(
    readonly doc: jsPDF,
    private readonly primary: Rgb,
    private readonly light: Rgb,
    hasFooter: boolean,
  ) {
    this.bottom = PAGE.height - (hasFooter ? 22 : 16);
  }

  get space(): number {
    return this.bottom - this.y;
  }

  font(size: number, style: 'normal' | 'bold' = 'normal', color: Rgb = [33, 33, 33]) {
    this.doc
      .setFont('helvetica', style)
      .setFontSize(size)
      .setTextColor(...color);
  }

  /** The text wrapped to `width`, at most `maxLines` lines, the last cut with "…" if needed. */
  lines(text: string, width: number, maxLines: number): string[] {
    const all: string[] = this.doc.splitTextToSize(text.replace(/\r\n?/g, '\n'), width);
    if (all.length <= maxLines) return all;
    const kept = all.slice(0, Math.max(maxLines, 1));
    let last = kept[kept.length - 1] ?? '';
    while (last.length > 0 && this.doc.getTextWidth(`${last}${ELLIPSIS}`) > width)
      last = last.slice(0, -1);
    kept[kept.length - 1] = `${last.trimEnd()}${ELLIPSIS}`;
    return kept;
  }

  sectionTitle(text: string) {
    const height = 8;
    this.doc.setFillColor(...this.light).rect(PAGE.margin, this.y, CONTENT_WIDTH, height, 'F');
    this.doc.setFillColor(...this.primary).rect(PAGE.margin, this.y, 1.5, height, 'F');
    this.font(11, 'bold', this.primary);
    this.doc.text(text, PAGE.margin + 4, this.y + 5.5);
    this.y += height + 4;
  }

  /** Label/value pairs in two columns; each value keeps at most two lines. */
  fields(fields: LabelledValue[]) {
    const gap = 8;
    const columnWidth = (CONTENT_WIDTH - gap) / 2;
    for (let i = 0; i < fields.length; i += 2) {
      const row = fields.slice(i, i + 2);
      let rowHeight = 0;
      row.forEach((field, column) => {
        const x = PAGE.margin + column * (columnWidth + gap);
        this.font(8, 'bold', [90, 90, 90]);
        this.doc.text(field.label, x, this.y + 3);
        this.font(10);
        const lines = this.lines(field.value, columnWidth, 2);
        this.doc.text(lines, x, this.y + 7.5);
        rowHeight = Math.max(rowHeight, 4.5 + lines.length * lineHeight(10) + 2);
      });
      this.y += rowHeight;
    }
  }

  /** A paragraph filling at most `maxHeight` millimetres. */
  paragraph(text: string, size: number, maxHeight: number) {
    this.font(size);
    const maxLines = Math.max(1, Math.floor(maxHeight / lineHeight(size)));
    const lines = this.lines(text, CONTENT_WIDTH, maxLines);
    this.doc.text(lines, PAGE.margin, this.y + lineHeight(size) * 0.8);
    this.y += lines.length * lineHeight(size) + 2;
  }
}

function drawHeader(
  w: Writer,
  org: Organization,
  logo: PdfLogo | null | undefined,
  downloadedAt: string,
  primary: Rgb,
) {
  const { doc } = w;
  const top = PAGE.margin;
  if (logo && logo.width > 0 && logo.height > 0) {
    const height = Math.min(14, (55 * logo.height) / logo.width);
    const width = (height * logo.width) / logo.height;
    // Deflated: jsPDF stores a PNG's pixels raw by default (96 % of the file). The text streams stay
    // plain: they are small, and readable text keeps the summary checkable.
    doc.addImage(logo.dataUrl, 'PNG', PAGE.margin, top, width, height, undefined, 'FAST');
  } else {
    w.font(13, 'bold', primary);
    doc.text(w.lines(org.shortName, 110, 1), PAGE.margin, top + 8);
  }
  const right = PAGE.width - PAGE.margin;
  w.font(8, 'bold', [90, 90, 90]);
  doc.text('Fecha descarga', right, top + 4, { align: 'right' });
  w.font(10);
  doc.text(downloadedAt, right, top + 9, { align: 'right' });
  doc
    .setDrawColor(...primary)
    .setLineWidth(0.6)
    .line(PAGE.margin, top + 17, right, top + 17);
  w.y = top + 24;
}

function drawFooter(w: Writer, org: Organization, page: number) {
  const { doc } = w;
  const contact = PDF_CONTACT_BY_ORGANIZATION[org.key];
  const right = PAGE.width - PAGE.margin;
  if (contact) {
    const y = PAGE.height - 16;
    doc.setDrawColor(200, 200, 200).setLineWidth(0.3).line(PAGE.margin, y, right, y);
    w.font(8, 'normal', [70, 70, 70]);
    doc.text(`Teléfono de contacto: ${contact.phone}`, PAGE.margin, y + 5);
    doc.text(`Correo de soporte: ${contact.email}`, PAGE.margin, y + 9);
  }
  w.font(8, 'normal', [110, 110, 110]);
  doc.text(`Página ${page} de ${SUMMARY_PAGES}`, right, PAGE.height - 7, { align: 'right' });
}

function drawFiles(w: Writer, files: DetailFile[], maxHeight: number) {
  const { doc } = w;
  const rowHeight = 6;
  w.font(8, 'bold', [90, 90, 90]);
  doc.text('Archivo', PAGE.margin + 2, w.y + 3);
  doc.text('Tamaño', PAGE.width - PAGE.margin - 2, w.y + 3, { align: 'right' });
  w.y += 5;
  if (files.length === 0) {
    w.font(10);
    doc.text('La denuncia no tiene archivos adjuntos.', PAGE.margin + 2, w.y + 4);
    w.y += rowHeight + 2;
    return;
  }
  const rows = Math.max(1, Math.floor((maxHeight - 5) / rowHeight));
  const shown = files.length > rows ? rows - 1 : files.length;
  w.font(10);
  files.slice(0, shown).forEach((file, index) => {
    doc
      .setDrawColor(225, 225, 225)
      .setLineWidth(0.2)
      .line(PAGE.margin, w.y, PAGE.width - PAGE.margin, w.y);
    doc.text(attachmentDisplayName(index, file.mimetype), PAGE.margin + 2, w.y + 4.2);
    doc.text(formatFileSize(file.size), PAGE.width - PAGE.margin - 2, w.y + 4.2, {
      align: 'right',
    });
    w.y += rowHeight;
  });
  if (shown < files.length) {
    w.font(9, 'normal', [90, 90, 90]);
    doc.text(
      `${ELLIPSIS} y ${files.length - shown} archivo(s) más, disponibles en el portal.`,
      PAGE.margin + 2,
      w.y + 4.2,
    );
    w.y += rowHeight;
  }
  w.y += 4;
}

function drawLog(w: Writer, detail: ComplaintDetail) {
  const { doc } = w;
  const columns = { date: PAGE.margin + 2, event: PAGE.margin + 42, comment: PAGE.margin + 88 };
  const widths = { date: 38, event: 44, comment: PAGE.width - PAGE.margin - columns.comment - 2 };
  const size = 9;
  const line = lineHeight(size);
  w.font(8, 'bold', [90, 90, 90]);
  doc.text('Fecha', columns.date, w.y + 3);
  doc.text('Evento', columns.event, w.y + 3);
  doc.text('Comentario', columns.comment, w.y + 3);
  w.y += 5;
  const entries = detail.binnacle;
  if (entries.length === 0) {
    w.font(10);
    doc.text('La denuncia aún no tiene registros en su bitácora.', PAGE.margin + 2, w.y + 4);
    return;
  }
  const reserve = 7; // room for the "… y N registros más" line
  for (let i = 0; i < entries.length; i += 1) {
    const entry = entries[i]!;
    const isLast = i === entries.length - 1;
    const room = w.space - (isLast ? 0 : reserve) - 2;
    const maxLines = Math.min(6, Math.floor(room / line));
    if (maxLines < 1) {
      w.font(9, 'normal', [90, 90, 90]);
      doc.text(
        `${ELLIPSIS} y ${entries.length - i} registro(s) más, disponibles en el portal.`,
        columns.date,
        w.y + 4,
      );
      return;
    }
    w.font(size);
    const date = w.lines(orDash(formatDisplayDateTime(entry.creationDate)), widths.date, maxLines);
    const event = w.lines(orDash(entry.event), widths.event, maxLines);
    const comment = w.lines(orDash(entry.comment), widths.comment, maxLines);
    doc
      .setDrawColor(225, 225, 225)
      .setLineWidth(0.2)
      .line(PAGE.margin, w.y, PAGE.width - PAGE.margin, w.y);
    const top = w.y + line * 0.9;
    doc.text(date, columns.date, top);
    doc.text(event, columns.event, top);
    doc.text(comment, columns.comment, top);
    w.y += Math.max(date.length, event.length, comment.length) * line + 2;
  }
}

/**
 * The summary as a jsPDF document (nothing is saved here, so tests can read it back).
 * `now` is the download instant printed as "Fecha descarga".
 */
export function buildSummaryPdf(
  detail: ComplaintDetail,
  files: DetailFile[],
  org: Organization,
  now: Date,
  logo?: PdfLogo | null,
): jsPDF {
  const doc = new jsPDF({ unit: 'mm', format: 'a4', orientation: 'portrait' });
  const theme = THEMES[org.theme];
  const primary = rgb(theme.primary);
  const light = rgb(theme.light);
  const hasFooter = PDF_CONTACT_BY_ORGANIZATION[org.key] !== undefined;
  const w = new Writer(doc, primary, light, hasFooter);
  const downloadedAt = formatDisplayDateTime(now);
  doc.setProperties({ title: `${SUMMARY_TITLE} ${detail.code}`, creator: org.shortName });

  // Page 1: sections 1 and 2.
  drawHeader(w, org, logo, downloadedAt, primary);
  w.font(18, 'bold', primary);
  doc.text(SUMMARY_TITLE, PAGE.margin, w.y + 4);
  w.font(10);
  doc.text(`Código denuncia: ${detail.code}`, PAGE.margin, w.y + 10);
  w.y += 16;
  w.sectionTitle('1. Información del denunciante');
  w.fields(complainantFields(detail));
  w.y += 2;
  w.sectionTitle('2. Información de la denuncia');
  w.fields(complaintFields(detail));
  w.font(8, 'bold', [90, 90, 90]);
  doc.text(DESCRIPTION_LABEL, PAGE.margin, w.y + 3);
  w.y += 4.5;
  w.paragraph(orDash(detail.description), 9, w.space);
  drawFooter(w, org, 1);

  // Page 2: sections 3 and 4; the files give way to the log when both are long.
  doc.addPage();
  drawHeader(w, org, logo, downloadedAt, primary);
  w.sectionTitle('3. Archivos adjuntos');
  const logNeeds = 30 + detail.binnacle.length * 9;
  const pageRoom = w.space - 12; // the log's section title
  drawFiles(w, files, Math.max(pageRoom * 0.3, pageRoom - logNeeds));
  w.sectionTitle('4. Bitácora');
  drawLog(w, detail);
  drawFooter(w, org, 2);
  return doc;
}
