// SPEC §2 "PDF summary": two A4 pages. Page 1: header, title, sections 1 and 2; page 2: sections 3
// and 4. Whatever does not fit is cut with "…" so the summary never grows a third page. Laid out
// by the product's document writer (decision 0041), in the browser; the server lays out the same
// text to seal it (decision 0051), so both build it from here.
import {
  formatDisplayDateTime,
  formatFileSize,
  orDash,
  THEMES,
  type ComplaintDetail,
  type Organization,
} from '../index';
import {
  rgb,
  writePdf,
  type Block,
  type Canvas,
  type Color,
  type DocumentStyle,
  type TextStyle,
} from '../documents';
import { complainantFields, complaintFields, DESCRIPTION_LABEL } from './detail-fields';
import { attachmentDisplayName } from './file-names';
import type { DetailFile, PdfLogo } from './detail-fields';
import { PDF_CONTACT_BY_ORGANIZATION } from './contact';
import { PDF_SEAL_KEY, type SignedRecord } from '../proof';

/** What a sealed summary prints and keeps (decision 0051). */
export interface SummaryVerification {
  /** The receipt's short code. */
  code: string;
  /** The verification page's address. */
  address: string;
  /** The seal over the summary's text, kept in the PDF's information dictionary. */
  seal?: SignedRecord;
}

export const SUMMARY_TITLE = 'Resumen denuncia';
export const SUMMARY_PAGES = 2;

/** Millimetres in points. */
const mm = (n: number) => (n * 72) / 25.4;
const PAGE = { width: 595.28, height: 841.89, margin: mm(15) };
const CONTENT_WIDTH = PAGE.width - 2 * PAGE.margin;
const HEADER_HEIGHT = mm(24);

export function summaryFileName(code: number): string {
  return `Resumen Denuncia ${code}.pdf`;
}

const grey = (n: number) => rgb(n / 255, n / 255, n / 255);
const INK = grey(33);
const LABEL = grey(90);

function hex(color: string): Color {
  const n = Number.parseInt(color.replace('#', ''), 16);
  return rgb(((n >> 16) & 255) / 255, ((n >> 8) & 255) / 255, (n & 255) / 255);
}

/** Lines 1.15 times their size. */
const text = (font: TextStyle['font'], size: number, o: Partial<TextStyle> = {}): TextStyle => ({
  font,
  size,
  leading: size * 1.15,
  color: INK,
  before: 0,
  after: 0,
  ...o,
});

function summaryStyle(primary: Color, light: Color, hasFooter: boolean): DocumentStyle {
  const heading = text('bold', 11, { color: primary, before: mm(2), after: mm(4) });
  return {
    page: {
      width: PAGE.width,
      height: PAGE.height,
      marginX: PAGE.margin,
      marginTop: PAGE.margin + HEADER_HEIGHT,
      marginBottom: mm(hasFooter ? 22 : 16),
    },
    title: text('bold', 18, { color: primary, after: mm(1) }),
    heading,
    subheading: heading,
    lead: text('regular', 10, { after: mm(4) }),
    body: text('regular', 9, { after: mm(2) }),
    muted: text('regular', 9, { color: LABEL, after: mm(2) }),
    label: text('bold', 8, { color: LABEL, leading: mm(4.5) }),
    value: text('regular', 10, { after: mm(2) }),
    meta: text('regular', 9, { color: LABEL }),
    item: text('regular', 9),
    labelWidth: mm(45),
    columnGap: mm(8),
    band: { fill: light, bar: primary, barWidth: mm(1.5), height: mm(8), indent: mm(4) },
    rule: { color: grey(225), thickness: mm(0.2) },
    list: { marker: 0, text: mm(5), after: mm(2) },
    entryIndent: mm(4),
  };
}

/** The header of both pages: the logo (or the name), the download date and a rule. */
function drawHeader(
  page: Canvas,
  org: Organization,
  logo: PdfLogo | null | undefined,
  downloadedAt: string,
  primary: Color,
) {
  const top = PAGE.height - PAGE.margin;
  const right = PAGE.width - PAGE.margin;
  if (logo && logo.width > 0 && logo.height > 0) {
    const height = Math.min(mm(14), (mm(55) * logo.height) / logo.width);
    const width = (height * logo.width) / logo.height;
    page.image('logo', PAGE.margin, top - height, width, height);
  } else {
    page.text(org.shortName, PAGE.margin, top - mm(8), {
      size: 13,
      font: 'bold',
      color: primary,
      maxWidth: mm(110),
    });
  }
  page.text('Fecha descarga', right, top - mm(4), {
    size: 8,
    font: 'bold',
    color: LABEL,
    align: 'right',
  });
  page.text(downloadedAt, right, top - mm(9), { size: 10, color: INK, align: 'right' });
  page.line(PAGE.margin, top - mm(17), right, top - mm(17), mm(0.6), primary);
}

/** The contact lines (head office only), the verification line and the page number. */
function drawFooter(
  page: Canvas,
  org: Organization,
  number: number,
  verification: SummaryVerification | undefined,
) {
  const contact = PDF_CONTACT_BY_ORGANIZATION[org.key];
  const right = PAGE.width - PAGE.margin;
  if (contact) {
    const y = mm(16);
    page.line(PAGE.margin, y, right, y, mm(0.3), grey(200));
    const small = { size: 8, color: grey(70) };
    page.text(`Teléfono de contacto: ${contact.phone}`, PAGE.margin, y - mm(5), small);
    page.text(`Correo de soporte: ${contact.email}`, PAGE.margin, y - mm(9), small);
  }
  if (verification)
    page.text(
      `Código de verificación: ${verification.code} · Verifique en ${verification.address}`,
      PAGE.margin,
      mm(7),
      { size: 7, color: grey(70), maxWidth: CONTENT_WIDTH - mm(25) },
    );
  page.text(`Página ${number} de ${SUMMARY_PAGES}`, right, mm(7), {
    size: 8,
    color: grey(110),
    align: 'right',
  });
}

/** Page 2's blocks: the files give way to the log when both are long. */
function secondPage(detail: ComplaintDetail, files: DetailFile[]): Block[] {
  const logHeading = mm(14); // the log's section title, with its space before and after
  const logNeeds = mm(30 + detail.binnacle.length * 9);
  return [
    { kind: 'pageBreak' },
    { kind: 'heading', text: '3. Archivos adjuntos' },
    {
      kind: 'table',
      columns: [
        { label: 'Archivo', width: CONTENT_WIDTH - mm(40) },
        { label: 'Tamaño', width: mm(40), align: 'right' },
      ],
      rows: files.map((file, i) => [
        attachmentDisplayName(i, file.mimetype),
        formatFileSize(file.size),
      ]),
      empty: 'La denuncia no tiene archivos adjuntos.',
      maxLines: 1,
      room: (left) => Math.max((left - logHeading) * 0.3, left - logHeading - logNeeds),
      more: (n) => `… y ${n} archivo(s) más, disponibles en el portal.`,
    },
    { kind: 'heading', text: '4. Bitácora' },
    {
      kind: 'table',
      columns: [
        { label: 'Fecha', width: mm(40) },
        { label: 'Evento', width: mm(46) },
        { label: 'Comentario', width: CONTENT_WIDTH - mm(86) },
      ],
      rows: detail.binnacle.map((entry) => [
        orDash(formatDisplayDateTime(entry.creationDate)),
        orDash(entry.event),
        orDash(entry.comment),
      ]),
      size: 9,
      empty: 'La denuncia aún no tiene registros en su bitácora.',
      maxLines: 6,
      room: (left) => left,
      more: (n) => `… y ${n} registro(s) más, disponibles en el portal.`,
    },
  ];
}

/**
 * The summary's PDF bytes. `now` is the download instant printed as "Fecha descarga";
 * `verification`, its code, address and seal (decision 0051).
 */
export function buildSummaryPdf(
  detail: ComplaintDetail,
  files: DetailFile[],
  org: Organization,
  now: Date,
  logo?: PdfLogo | null,
  verification?: SummaryVerification,
): Promise<Uint8Array> {
  const theme = THEMES[org.theme];
  const primary = hex(theme.primary);
  const hasFooter = PDF_CONTACT_BY_ORGANIZATION[org.key] !== undefined;
  const downloadedAt = formatDisplayDateTime(now);
  const drawnLogo = logo && logo.width > 0 && logo.height > 0 ? logo : null;
  return writePdf({
    style: summaryStyle(primary, hex(theme.light), hasFooter),
    meta: { title: `${SUMMARY_TITLE} ${detail.code}`, creator: org.shortName, date: now },
    blocks: [
      { kind: 'title', text: SUMMARY_TITLE },
      { kind: 'lead', text: `Código denuncia: ${detail.code}` },
      { kind: 'heading', text: '1. Información del denunciante' },
      { kind: 'fields', items: complainantFields(detail), columns: 2, maxLines: 2 },
      { kind: 'heading', text: '2. Información de la denuncia' },
      { kind: 'fields', items: complaintFields(detail), columns: 2, maxLines: 2 },
      { kind: 'text', label: DESCRIPTION_LABEL, text: orDash(detail.description), fill: true },
      ...secondPage(detail, files),
    ],
    images: drawnLogo ? { logo: drawnLogo.dataUrl } : {},
    info: verification?.seal ? { [PDF_SEAL_KEY]: JSON.stringify(verification.seal) } : {},
    decorate: (page, number) => {
      drawHeader(page, org, drawnLogo, downloadedAt, primary);
      drawFooter(page, org, number, verification);
    },
  });
}
