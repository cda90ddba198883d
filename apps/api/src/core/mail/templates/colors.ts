import type { MailBrand } from './types';

export interface MailPalette {
  primary: string;
  onPrimary: string;
  background: string;
  text: string;
  muted: string;
  link: string;
  surface: string;
  subtle: string;
  border: string;
  alert: string;
  alertSurface: string;
}

const HEX = /^#(?:[0-9a-f]{3}|[0-9a-f]{6})$/i;

/** Only plain hex colours reach a style attribute: anything else could smuggle CSS in. */
function hex(value: string, fallback: string): string {
  const v = String(value).trim();
  return HEX.test(v) ? v.toLowerCase() : fallback;
}

function luminance(color: string): number {
  const digits = color.slice(1);
  const full = digits.length === 3 ? [...digits].map((d) => d + d).join('') : digits;
  const channel = (i: number) => {
    const c = parseInt(full.slice(i, i + 2), 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * channel(0) + 0.7152 * channel(2) + 0.0722 * channel(4);
}

/** WCAG contrast ratio, 1 to 21. */
export function contrast(a: string, b: string): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

const WHITE = '#ffffff';
const INK = '#1f2933';

/** The brand's colours, made safe to inline and readable on the white card. */
export function palette(brand: MailBrand): MailPalette {
  const primary = hex(brand.primaryColor, '#1f4e79');
  const brandText = hex(brand.textColor, INK);
  const text = contrast(brandText, WHITE) >= 7 ? brandText : INK;
  return {
    primary,
    onPrimary: contrast(primary, WHITE) >= contrast(primary, '#111111') ? WHITE : '#111111',
    background: hex(brand.backgroundColor, '#f3f4f6'),
    text,
    muted: '#4b5563',
    link: contrast(primary, WHITE) >= 4.5 ? primary : text,
    surface: WHITE,
    subtle: '#f6f7f9',
    border: '#d9dde3',
    alert: '#b3261e',
    alertSurface: '#fdf1f0',
  };
}
