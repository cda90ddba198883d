import { Body, Column, Container, Head, Html, Preview, Row, Text } from '@react-email/components';
import type { MailContent, OrgNames } from './content';
import { BlockView } from './blocks';
import { FONT, LayoutTable, RESPONSIVE_CSS, WIDTH, text, type Styled } from './primitives';

/** The whole mail: the brand bar, the heading, the content's blocks and the footer in a 600 px card. */

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
