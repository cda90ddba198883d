import type { Block, Inline, MailContent, OrgNames } from './content';

/*
 * The plain-text version, from the same blocks as the HTML: a reader whose client shows only
 * text (or a screen reader fed the text part) gets the same code, dates and links.
 */

const inline = (parts: Inline[]): string =>
  parts.map((part) => (typeof part === 'string' ? part : part.strong)).join('');

const underline = (title: string, char: string): string =>
  `${title}\n${char.repeat(Math.min(title.length, 72))}`;

function block(b: Block): string {
  switch (b.type) {
    case 'paragraph':
      return inline(b.text);
    case 'subheading':
      return underline(b.text, '-');
    case 'code':
      return `${b.label}: ${b.code}`;
    case 'button':
      return `${b.label}:\n${b.href}`;
    case 'steps':
      return b.items.map((item, i) => `${i + 1}. ${inline(item)}`).join('\n');
    case 'facts':
      return b.items.map((item) => `${item.label}: ${item.value}`).join('\n');
    case 'table':
      return b.rows
        .map(
          (row) =>
            `- ${row.map((cell, i) => `${b.columns[i] ?? ''}: ${inline([cell])}`).join(' · ')}`,
        )
        .join('\n');
    case 'notice':
      return [`** ${b.title} **`, ...b.paragraphs.map(inline)].join('\n');
  }
}

export function renderText(content: MailContent, org: OrgNames): string {
  return (
    [
      `Canal de denuncias · ${org.name}`,
      underline(content.heading, '='),
      ...content.blocks.map(block),
      ['--', ...content.footer].join('\n'),
    ].join('\n\n') + '\n'
  );
}
