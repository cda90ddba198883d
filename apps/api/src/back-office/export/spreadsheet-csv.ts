import { formatDisplayDate, formatDisplayDateTime, parseIsoDay } from '@canal/shared';
import { DOWNLOAD_CSP } from '../../http/security-headers';

/**
 * CSV that a spreadsheet with a Spanish (Chile) locale opens as columns, the way the people who
 * use the back office open it: Excel there splits on semicolons (the comma is the decimal mark),
 * reads UTF-8 only after a byte-order mark, and reads dd-mm-yyyy as a date. One writer for every
 * export of the back office (cases, the six-monthly counts, the audit log).
 */
export type CsvValue = string | number | boolean | null | undefined;

const SEPARATOR = ';';

/** One cell: booleans as sí/no, decimals with a comma, a leading = + - @ defused, quoted when needed. */
function cell(value: CsvValue): string {
  if (value === null || value === undefined) return '';
  const text =
    typeof value === 'boolean'
      ? value
        ? 'sí'
        : 'no'
      : typeof value === 'number'
        ? String(value).replace('.', ',')
        : value;
  // A spreadsheet would run a cell starting with = + - @ as a formula (CSV injection).
  const safe = /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
  return /[";\n\r]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

/** The whole file: BOM, a header row, CRLF line ends. */
export function spreadsheetCsv(
  headers: readonly string[],
  rows: readonly (readonly CsvValue[])[],
): string {
  const lines = [headers, ...rows].map((row) => row.map(cell).join(SEPARATOR));
  return `\uFEFF${lines.join('\r\n')}\r\n`;
}

/** yyyy-mm-dd (a civil day) → dd-mm-yyyy; null stays empty. */
export function csvDay(isoDay: string | null): string | null {
  if (!isoDay) return null;
  const parts = parseIsoDay(isoDay);
  return parts ? formatDisplayDate(parts) : isoDay;
}

/** An instant → 'dd-mm-yyyy hh:mm' in Santiago (a value the spreadsheet reads as a date and time). */
export const csvInstant = (instant: Date): string =>
  formatDisplayDateTime(instant, { spreadsheet: true });

/** The response headers of a CSV download named `fileName`. */
export const csvHeaders = (fileName: string) => ({
  'content-type': 'text/csv; charset=utf-8',
  'content-disposition': `attachment; filename="${fileName}"`,
  'content-security-policy': DOWNLOAD_CSP,
});
