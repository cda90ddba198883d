// Chilean RUT: the formatting helper of SPEC §3 and the modulo-11 check of SPEC §5.

/**
 * SPEC §3 "RUT formatting helper": trim, remove dots and hyphens; fewer than 8 characters are
 * returned as they are; otherwise a hyphen goes before the last character (the check digit).
 */
export function formatRut(text: string): string {
  const compact = text.trim().replace(/[.-]/g, '');
  if (compact.length < 8) return compact;
  return `${compact.slice(0, -1)}-${compact.slice(-1)}`;
}

/** Check digit ('0'-'9' or 'K') of a RUT body made of digits: modulo 11, weights 2..7 from the right. */
export function rutCheckDigit(body: string): string {
  let sum = 0;
  let weight = 2;
  for (let i = body.length - 1; i >= 0; i -= 1) {
    sum += Number(body[i]) * weight;
    weight = weight === 7 ? 2 : weight + 1;
  }
  const rest = 11 - (sum % 11);
  if (rest === 11) return '0';
  if (rest === 10) return 'K';
  return String(rest);
}

/** Body of 7 or 8 digits, a hyphen, a check digit (K in either case): at least 9 characters. */
const RUT_SHAPE = /^(\d{7,8})-([\dkK])$/;

/** True when the text, once formatted, is a well-formed RUT whose check digit is right. */
export function isValidRut(text: string): boolean {
  const match = RUT_SHAPE.exec(formatRut(text));
  if (!match) return false;
  const [, body = '', digit = ''] = match;
  return rutCheckDigit(body) === digit.toUpperCase();
}
