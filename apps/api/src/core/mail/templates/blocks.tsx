import type { CSSProperties } from 'react';
import { Link, Text } from '@react-email/components';
import type { Block, Inline } from './content';
import { FONT, Inlines, Layout, LayoutTable, MONO, mso, text, type Styled } from './primitives';

/** The blocks a mail's content is made of (content.ts), each as mail clients can draw it. */

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

export function BlockView({ block, colors }: { block: Block } & Styled) {
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
