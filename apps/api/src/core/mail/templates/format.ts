import { CHILE_TIME_ZONE, ofOrganization } from '@canal/shared';
import type { MailBrand } from './types';
import type { OrgNames } from './content';

/** Every subject starts with this and says nothing more about what the mail is about. */
export const SUBJECT_PREFIX = 'Canal de denuncias –';

const dateParts = new Intl.DateTimeFormat('es-CL', {
  timeZone: CHILE_TIME_ZONE,
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
});

/** dd-mm-yyyy as the calendar reads in Chile, whatever the server's time zone. */
export function formatDate(date: Date): string {
  if (!(date instanceof Date) || Number.isNaN(date.getTime())) {
    throw new RangeError('renderMail: invalid date');
  }
  const parts = dateParts.formatToParts(date);
  const part = (type: Intl.DateTimeFormatPartTypes) =>
    parts.find((p) => p.type === type)?.value ?? '';
  return `${part('day')}-${part('month')}-${part('year')}`;
}

/**
 * Control characters could split a subject header or forge lines in the plain text; bidi
 * overrides could make one code read as another. Neither belongs in a value we print.
 */
// eslint-disable-next-line no-control-regex
const UNPRINTABLE = /[\u0000-\u001f\u007f-\u009f\u2028\u2029\u202a-\u202e\u2066-\u2069]/g;

export function clean(value: string): string {
  return String(value).replace(UNPRINTABLE, ' ').replace(/\s+/g, ' ').trim();
}

/** The ticket as people type it: 12 digits, no grouping (the login field takes digits only). */
export function ticketCode(ticket: number): string {
  if (!Number.isSafeInteger(ticket) || ticket <= 0) {
    throw new RangeError('renderMail: the ticket must be a positive integer');
  }
  return String(ticket);
}

/** Links must be absolute http(s): a relative or `javascript:` link is a configuration bug. */
export function absoluteUrl(url: string, field: string): string {
  const value = String(url).trim();
  let parsed: URL;
  try {
    parsed = new URL(value);
  } catch {
    throw new TypeError(`renderMail: ${field} must be an absolute http(s) URL`);
  }
  if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:') {
    throw new TypeError(`renderMail: ${field} must be an absolute http(s) URL`);
  }
  return value;
}

function count(n: number, field: string): number {
  if (!Number.isSafeInteger(n) || n <= 0) {
    throw new RangeError(`renderMail: ${field} must be a positive integer`);
  }
  return n;
}

export function minutes(n: number): string {
  return count(n, 'expiresMinutes') === 1 ? '1 minuto' : `${n} minutos`;
}

export function hours(n: number): string {
  return count(n, 'expiresHours') === 1 ? '1 hora' : `${n} horas`;
}

/** The organisation's name, and "de" before it with Spanish's contraction ("del Centro …"). */
export function orgNames(brand: MailBrand): OrgNames {
  const name = clean(brand.name) || 'Canal de denuncias';
  return { name, ofName: ofOrganization(clean(brand.nameWithArticle) || name) };
}
