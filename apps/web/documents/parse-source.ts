/**
 * A deliberately tiny parser for the document sources in `./sources`.
 *
 * Supported syntax, one construct per line:
 *   `# Title`            the document title (first one only; later ones are section headings)
 *   `## Section`         a section heading
 *   `### Subsection`     a subsection heading
 *   `> text`             the lead: a short note under the title (consecutive lines join)
 *   `- text` / `* text`  a bullet item
 *   `1. text`            a numbered item (the number is kept as written)
 *   anything else        paragraph text
 * A blank line ends the current block; a non-blank line without a marker continues the open
 * paragraph, lead or list item. `**bold**` and `` `code` `` markers are stripped, not rendered.
 */

export type Block =
  | { readonly kind: 'title'; readonly text: string }
  | { readonly kind: 'lead'; readonly text: string }
  | { readonly kind: 'heading'; readonly level: 2 | 3; readonly text: string }
  | { readonly kind: 'paragraph'; readonly text: string }
  | { readonly kind: 'bullet'; readonly text: string }
  | { readonly kind: 'numbered'; readonly label: string; readonly text: string };

type OpenBlock =
  | { kind: 'lead'; parts: string[] }
  | { kind: 'paragraph'; parts: string[] }
  | { kind: 'bullet'; parts: string[] }
  | { kind: 'numbered'; label: string; parts: string[] };

const HEADING = /^(#{1,3})\s+(.*)$/;
const BULLET = /^[-*]\s+(.*)$/;
const NUMBERED = /^(\d{1,3})[.)]\s+(.*)$/;
const LEAD = /^>\s?(.*)$/;

function clean(text: string): string {
  return text
    .replace(/\*\*(.+?)\*\*/g, '$1')
    .replace(/__(.+?)__/g, '$1')
    .replace(/`([^`]*)`/g, '$1')
    .replace(/\s+/g, ' ')
    .trim();
}

export function parseSource(source: string): Block[] {
  const blocks: Block[] = [];
  let open: OpenBlock | null = null;
  let hasTitle = false;

  const close = (): void => {
    if (!open) return;
    const text = clean(open.parts.join(' '));
    if (text) {
      if (open.kind === 'numbered') blocks.push({ kind: 'numbered', label: open.label, text });
      else blocks.push({ kind: open.kind, text });
    }
    open = null;
  };

  for (const raw of source.replace(/^\uFEFF/, '').split(/\r?\n/)) {
    const line = raw.trim();
    if (!line) {
      close();
      continue;
    }

    const heading = HEADING.exec(line);
    if (heading) {
      close();
      const level = heading[1]!.length;
      const text = clean(heading[2]!);
      if (level === 1 && !hasTitle) {
        hasTitle = true;
        blocks.push({ kind: 'title', text });
      } else {
        blocks.push({ kind: 'heading', level: level === 3 ? 3 : 2, text });
      }
      continue;
    }

    const lead = LEAD.exec(line);
    if (lead) {
      if (open?.kind !== 'lead') {
        close();
        open = { kind: 'lead', parts: [] };
      }
      open.parts.push(lead[1]!);
      continue;
    }

    const bullet = BULLET.exec(line);
    if (bullet) {
      close();
      open = { kind: 'bullet', parts: [bullet[1]!] };
      continue;
    }

    const numbered = NUMBERED.exec(line);
    if (numbered) {
      close();
      open = { kind: 'numbered', label: `${numbered[1]}.`, parts: [numbered[2]!] };
      continue;
    }

    if (open) open.parts.push(line);
    else open = { kind: 'paragraph', parts: [line] };
  }
  close();
  return blocks;
}
