import type { CSSProperties, ReactNode, TableHTMLAttributes } from 'react';
import {
  Body,
  Column,
  Container,
  Head,
  Html,
  Link,
  Preview,
  Row,
  Text,
} from '@react-email/components';
import type { Block, Inline, MailContent, OrgNames } from './content';
import type { MailPalette } from './colors';

/*
 * E-mail HTML with react-email's components (Html, Head, Body, Preview, Container, Row, Column,
 * Text, Link) where they fit, and a plain layout table where a block needs its own cells:
 * nested tables, inline styles, a 600 px card. Outlook for Windows reads the
 * `width`/`bgcolor` attributes and `mso-*` styles; phones get the card at full width from the
 * one media query in <head>. No images: the brand is a coloured bar with the name in text.
 */

const FONT = "Arial, 'Helvetica Neue', Helvetica, sans-serif";
const MONO = "'Courier New', Courier, monospace";
const WIDTH = 600;

type LayoutTableProps = TableHTMLAttributes<HTMLTableElement> & {
  bgcolor?: string;
  children: ReactNode;
};

/** A layout table as mail clients need it: no spacing of its own, hidden from screen readers. */
function LayoutTable(props: LayoutTableProps) {
  return <table role="presentation" cellPadding={0} cellSpacing={0} border={0} {...props} />;
}

const RESPONSIVE_CSS = [
  ':root{color-scheme:light;supported-color-schemes:light}',
  'body{margin:0;padding:0;width:100%!important}',
  'table{border-collapse:collapse;mso-table-lspace:0pt;mso-table-rspace:0pt}',
  '@media only screen and (max-width:620px){',
  '.mail-card{width:100%!important}',
  '.mail-pad{padding-left:20px!important;padding-right:20px!important}',
  '.mail-code{font-size:26px!important;letter-spacing:1px!important}',
  '}',
].join('');

interface Styled {
  colors: MailPalette;
}

/** Outlook-only properties React passes through but the CSS typings do not know. */
const mso = (properties: Record<`mso${string}`, string>): CSSProperties =>
  properties as CSSProperties;

const text = (colors: MailPalette, extra: CSSProperties = {}): CSSProperties => ({
  margin: '0 0 16px',
  fontFamily: FONT,
  fontSize: '16px',
  lineHeight: '24px',
  color: colors.text,
  ...extra,
});

function Layout({ children }: { children: ReactNode }) {
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

function Inlines({ parts, colors }: { parts: Inline[] } & Styled) {
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

function Paragraph({ parts, colors }: { parts: Inline[] } & Styled) {
  return (
    <Text style={text(colors)}>
      <Inlines parts={parts} colors={colors} />
    </Text>
  );
}

function Subheading({ children, colors }: { children: string } & Styled) {
  return (
    <h2 style={text(colors, { margin: '28px 0 12px', fontSize: '18px', lineHeight: '26px' })}>
      {children}
    </h2>
  );
}

function CodeBox({ label, code, colors }: { label: string; code: string } & Styled) {
  return (
    <Layout>
      <LayoutTable
        width="100%"
        bgcolor={colors.subtle}
        style={{ border: `2px solid ${colors.primary}`, borderRadius: '8px' }}
      >
        <tbody>
          <tr>
            <td align="center" style={{ padding: '20px 16px', backgroundColor: colors.subtle }}>
              <Text
                style={text(colors, { margin: '0 0 6px', fontSize: '14px', color: colors.muted })}
              >
                {label}
              </Text>
              <Text
                className="mail-code"
                style={text(colors, {
                  margin: 0,
                  fontFamily: MONO,
                  fontSize: '34px',
                  lineHeight: '42px',
                  fontWeight: 'bold',
                  letterSpacing: '3px',
                })}
              >
                {code}
              </Text>
            </td>
          </tr>
        </tbody>
      </LayoutTable>
    </Layout>
  );
}

function Button({ label, href, colors }: { label: string; href: string } & Styled) {
  return (
    <>
      <LayoutTable>
        <tbody>
          <tr>
            <td style={{ padding: '4px 0 12px' }}>
              <LayoutTable bgcolor={colors.primary} style={{ borderRadius: '6px' }}>
                <tbody>
                  <tr>
                    <td
                      align="center"
                      style={{
                        borderRadius: '6px',
                        backgroundColor: colors.primary,
                        ...mso({ msoPaddingAlt: '14px 28px' }),
                      }}
                    >
                      <Link
                        href={href}
                        rel="noopener noreferrer"
                        style={{
                          display: 'inline-block',
                          padding: '14px 28px',
                          fontFamily: FONT,
                          fontSize: '16px',
                          lineHeight: '20px',
                          fontWeight: 'bold',
                          color: colors.onPrimary,
                          textDecoration: 'none',
                          borderRadius: '6px',
                        }}
                      >
                        {label}
                      </Link>
                    </td>
                  </tr>
                </tbody>
              </LayoutTable>
            </td>
          </tr>
        </tbody>
      </LayoutTable>
      <Text
        style={text(colors, {
          fontSize: '13px',
          lineHeight: '20px',
          color: colors.muted,
          wordBreak: 'break-all',
        })}
      >
        Si el botón no funciona, copie y pegue este enlace en su navegador:
        <br />
        <Link href={href} rel="noopener noreferrer" style={{ color: colors.link }}>
          {href}
        </Link>
      </Text>
    </>
  );
}

function Steps({ items, colors }: { items: Inline[][] } & Styled) {
  return (
    <Layout>
      <LayoutTable width="100%">
        <tbody>
          {items.map((parts, i) => (
            <tr key={i}>
              <td
                width={32}
                valign="top"
                style={text(colors, {
                  padding: '0 0 10px',
                  fontWeight: 'bold',
                  color: colors.link,
                })}
              >
                {i + 1}.
              </td>
              <td valign="top" style={text(colors, { padding: '0 0 10px' })}>
                <Inlines parts={parts} colors={colors} />
              </td>
            </tr>
          ))}
        </tbody>
      </LayoutTable>
    </Layout>
  );
}

function Facts({ items, colors }: { items: { label: string; value: string }[] } & Styled) {
  return (
    <Layout>
      <table
        width="100%"
        cellPadding={0}
        cellSpacing={0}
        border={0}
        bgcolor={colors.subtle}
        style={{ borderRadius: '8px' }}
      >
        <tbody>
          {items.map((item, i) => (
            <tr key={i}>
              <th
                scope="row"
                align="left"
                style={text(colors, {
                  padding: '12px 16px',
                  width: '45%',
                  fontWeight: 'normal',
                  color: colors.muted,
                })}
              >
                {item.label}
              </th>
              <td style={text(colors, { padding: '12px 16px', fontWeight: 'bold' })}>
                {item.value}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </Layout>
  );
}

function DataTable({ columns, rows, colors }: { columns: string[]; rows: Inline[][] } & Styled) {
  const cell = (extra: CSSProperties): CSSProperties =>
    text(colors, {
      margin: 0,
      padding: '10px 8px',
      fontSize: '15px',
      lineHeight: '22px',
      borderBottom: `1px solid ${colors.border}`,
      ...extra,
    });
  return (
    <Layout>
      <table width="100%" cellPadding={0} cellSpacing={0} border={0}>
        <thead>
          <tr>
            {columns.map((column, i) => (
              <th
                key={i}
                scope="col"
                align="left"
                style={cell({
                  fontSize: '13px',
                  color: colors.muted,
                  borderBottom: `2px solid ${colors.primary}`,
                })}
              >
                {column}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row, r) => (
            <tr key={r}>
              {row.map((value, c) => (
                <td key={c} valign="top" style={cell({})}>
                  <Inlines parts={[value]} colors={colors} />
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </Layout>
  );
}

function Notice({
  tone,
  title,
  paragraphs,
  colors,
}: { tone: 'info' | 'alert'; title: string; paragraphs: Inline[][] } & Styled) {
  const accent = tone === 'alert' ? colors.alert : colors.primary;
  const surface = tone === 'alert' ? colors.alertSurface : colors.subtle;
  return (
    <Layout>
      <LayoutTable width="100%" bgcolor={surface}>
        <tbody>
          <tr>
            <td
              style={{
                padding: '16px 20px 0',
                borderLeft: `4px solid ${accent}`,
                backgroundColor: surface,
              }}
            >
              <Text style={text(colors, { margin: '0 0 8px', fontWeight: 'bold' })}>{title}</Text>
              {paragraphs.map((parts, i) => (
                <Paragraph key={i} parts={parts} colors={colors} />
              ))}
            </td>
          </tr>
        </tbody>
      </LayoutTable>
    </Layout>
  );
}

function BlockView({ block, colors }: { block: Block } & Styled) {
  switch (block.type) {
    case 'paragraph':
      return <Paragraph parts={block.text} colors={colors} />;
    case 'subheading':
      return <Subheading colors={colors}>{block.text}</Subheading>;
    case 'code':
      return <CodeBox label={block.label} code={block.code} colors={colors} />;
    case 'button':
      return <Button label={block.label} href={block.href} colors={colors} />;
    case 'steps':
      return <Steps items={block.items} colors={colors} />;
    case 'facts':
      return <Facts items={block.items} colors={colors} />;
    case 'table':
      return <DataTable columns={block.columns} rows={block.rows} colors={colors} />;
    case 'notice':
      return (
        <Notice
          tone={block.tone}
          title={block.title}
          paragraphs={block.paragraphs}
          colors={colors}
        />
      );
  }
}

function BrandBar({ org, colors }: { org: OrgNames } & Styled) {
  return (
    <LayoutTable width="100%" bgcolor={colors.primary}>
      <tbody>
        <tr>
          <td
            className="mail-pad"
            style={{
              padding: '20px 32px',
              backgroundColor: colors.primary,
              borderRadius: '8px 8px 0 0',
            }}
          >
            <p
              style={{
                margin: '0 0 2px',
                fontFamily: FONT,
                fontSize: '13px',
                lineHeight: '18px',
                letterSpacing: '1px',
                textTransform: 'uppercase',
                color: colors.onPrimary,
              }}
            >
              Canal de denuncias
            </p>
            <p
              style={{
                margin: 0,
                fontFamily: FONT,
                fontSize: '22px',
                lineHeight: '28px',
                fontWeight: 'bold',
                color: colors.onPrimary,
              }}
            >
              {org.name}
            </p>
          </td>
        </tr>
      </tbody>
    </LayoutTable>
  );
}

/** react-email passes attributes through; only the HTML typings lack Outlook's `bgcolor`. */
const bg = (color: string) => ({ bgcolor: color }) as Record<string, string>;

export function EmailDocument({
  content,
  org,
  colors,
}: { content: MailContent; org: OrgNames } & Styled) {
  return (
    <Html lang="es" dir="ltr">
      <Head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        {/* The 12-digit code must not turn into a phone link. */}
        <meta name="format-detection" content="telephone=no, date=no, address=no, email=no" />
        <meta name="color-scheme" content="light" />
        <meta name="supported-color-schemes" content="light" />
        <title>{content.subject}</title>
        <style dangerouslySetInnerHTML={{ __html: RESPONSIVE_CSS }} />
      </Head>
      <Body
        style={{
          margin: 0,
          padding: 0,
          width: '100%',
          backgroundColor: colors.background,
          WebkitTextSizeAdjust: '100%',
        }}
      >
        <Preview>{content.preheader}</Preview>
        <LayoutTable width="100%" bgcolor={colors.background}>
          <tbody>
            <tr>
              <td align="center" style={{ padding: '24px 12px' }}>
                <Container
                  className="mail-card"
                  width={WIDTH}
                  {...bg(colors.surface)}
                  style={{
                    width: `${WIDTH}px`,
                    maxWidth: `${WIDTH}px`,
                    backgroundColor: colors.surface,
                    borderRadius: '8px',
                  }}
                >
                  <BrandBar org={org} colors={colors} />
                  <Row>
                    <Column className="mail-pad" style={{ padding: '32px 32px 8px' }}>
                      <h1
                        style={text(colors, {
                          margin: '0 0 20px',
                          fontSize: '24px',
                          lineHeight: '32px',
                        })}
                      >
                        {content.heading}
                      </h1>
                      {content.blocks.map((block, i) => (
                        <BlockView key={i} block={block} colors={colors} />
                      ))}
                    </Column>
                  </Row>
                  <Row>
                    <Column
                      className="mail-pad"
                      style={{
                        padding: '20px 32px 28px',
                        borderTop: `1px solid ${colors.border}`,
                      }}
                    >
                      {content.footer.map((line, i) => (
                        <Text
                          key={i}
                          style={text(colors, {
                            margin: '0 0 8px',
                            fontSize: '13px',
                            lineHeight: '20px',
                            color: colors.muted,
                          })}
                        >
                          {line}
                        </Text>
                      ))}
                    </Column>
                  </Row>
                </Container>
              </td>
            </tr>
          </tbody>
        </LayoutTable>
      </Body>
    </Html>
  );
}
