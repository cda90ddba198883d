import type { CSSProperties, ReactNode, TableHTMLAttributes } from 'react';
import type { Inline } from './content';
import type { MailPalette } from './colors';

/*
 * E-mail HTML with react-email's components (Html, Head, Body, Preview, Container, Row, Column,
 * Text, Link) where they fit, and a plain layout table where a block needs its own cells:
 * nested tables, inline styles, a 600 px card. Outlook for Windows reads the
 * `width`/`bgcolor` attributes and `mso-*` styles; phones get the card at full width from the
 * one media query in <head>. No images: the brand is a coloured bar with the name in text.
 */

export const FONT = "Arial, 'Helvetica Neue', Helvetica, sans-serif";
export const MONO = "'Courier New', Courier, monospace";
export const WIDTH = 600;

type LayoutTableProps = TableHTMLAttributes<HTMLTableElement> & {
  bgcolor?: string;
  children: ReactNode;
};

/** A layout table as mail clients need it: no spacing of its own, hidden from screen readers. */
export function LayoutTable(props: LayoutTableProps) {
  return <table role="presentation" cellPadding={0} cellSpacing={0} border={0} {...props} />;
}

export const RESPONSIVE_CSS = [
  ':root{color-scheme:light;supported-color-schemes:light}',
  'body{margin:0;padding:0;width:100%!important}',
  'table{border-collapse:collapse;mso-table-lspace:0pt;mso-table-rspace:0pt}',
  '@media only screen and (max-width:620px){',
  '.mail-card{width:100%!important}',
  '.mail-pad{padding-left:20px!important;padding-right:20px!important}',
  '.mail-code{font-size:26px!important;letter-spacing:1px!important}',
  '}',
].join('');

export interface Styled {
  colors: MailPalette;
}

/** Outlook-only properties React passes through but the CSS typings do not know. */
export const mso = (properties: Record<`mso${string}`, string>): CSSProperties =>
  properties as CSSProperties;

export const text = (colors: MailPalette, extra: CSSProperties = {}): CSSProperties => ({
  margin: '0 0 16px',
  fontFamily: FONT,
  fontSize: '16px',
  lineHeight: '24px',
  color: colors.text,
  ...extra,
});

export function Layout({ children }: { children: ReactNode }) {
  return (
    <LayoutTable width="100%">
      <tbody>
        <tr>
          <td style={{ padding: '0 0 24px' }}>{children}</td>
        </tr>
      </tbody>
    </LayoutTable>
  );
}

export function Inlines({ parts, colors }: { parts: Inline[] } & Styled) {
  return parts.map((part, i) =>
    typeof part === 'string' ? (
      part
    ) : (
      <strong key={i} style={part.tone === 'alert' ? { color: colors.alert } : undefined}>
        {part.strong}
      </strong>
    ),
  );
}
