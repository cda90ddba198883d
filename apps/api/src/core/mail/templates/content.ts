/*
 * A template is data: a subject, a heading and a list of blocks. The HTML renderer
 * (components.tsx) and the plain-text renderer (text.ts) both walk the same blocks, so the two
 * versions of an e-mail cannot drift apart: same code, same links, same words.
 */

/** A run of text; `strong` is emphasised, `tone: 'alert'` also coloured as a warning. */
export type Inline = string | { strong: string; tone?: 'alert' };

export type Block =
  | { type: 'paragraph'; text: Inline[] }
  | { type: 'subheading'; text: string }
  /** The follow-up code, in large type. */
  | { type: 'code'; label: string; code: string }
  /** A call to action; the HTML also prints the address for clients that block buttons. */
  | { type: 'button'; label: string; href: string }
  | { type: 'steps'; items: Inline[][] }
  | { type: 'facts'; items: { label: string; value: string }[] }
  | { type: 'table'; columns: string[]; rows: Inline[][] }
  | { type: 'notice'; tone: 'info' | 'alert'; title: string; paragraphs: Inline[][] };

export interface MailContent {
  subject: string;
  /** The line inbox lists show after the subject; hidden in the body. */
  preheader: string;
  heading: string;
  blocks: Block[];
  footer: string[];
}

/** The organisation's names, cleaned, ready to be placed in a sentence. */
export interface OrgNames {
  name: string;
  /** "de la Clínica Lircay", "del Centro Médico …": follows "canal de denuncias". */
  ofName: string;
}

export const p = (...text: Inline[]): Block => ({ type: 'paragraph', text });
export const strong = (text: string, tone?: 'alert'): Inline =>
  tone ? { strong: text, tone } : { strong: text };
