import type { Budget } from './limits';

/** What the OOXML stripper (ooxml.ts) does inside a package's XML parts: people's names out. */

/** The neutral value that replaces a person's name, and their initials. */
export const NEUTRAL_AUTHOR = 'Autor';
const NEUTRAL_INITIALS = 'A';

/**
 * Core properties whose text is removed: who wrote and last saved the document, and what it says
 * it is about (a title or a description can name its author: "Informe de Juan").
 */
export const CORE_TEXT = new Set([
  'creator',
  'lastModifiedBy',
  'title',
  'subject',
  'description',
  'keywords',
  'category',
  'contentStatus',
  'identifier',
]);
/**
 * Extended properties whose text is removed: organisation, manager, template and link base
 * (which can hold a user's path), and the titles of the parts (a Word title, sheet names).
 */
export const APP_TEXT = new Set(['Company', 'Manager', 'Template', 'HyperlinkBase', 'lpstr']);

/**
 * Attributes that name a person in document parts: revision marks and comments in Word
 * (`w:author`, `w:initials`; `w15:author`, `w15:userId` in people.xml), Excel's threaded
 * comments, persons and revision logs (`displayName`, `userId`, `userName`), PowerPoint's
 * modern comment authors (`userId`). The pattern starts at the name (what the engine can look
 * for quickly); `isAttributeStart` checks what precedes it (whitespace, or a prefix after
 * whitespace). Each alternative stops at a quote, so a hostile part costs time linear in its
 * length.
 */
const PERSON_ATTRIBUTES = /(author|initials|userId|userName|displayName)\s*=\s*("[^"]*"|'[^']*')/g;
/** `name` and `initials` of PowerPoint's comment authors (ppt/commentAuthors.xml, ppt/authors.xml). */
const PPT_AUTHOR_NAME = /(\s(name|initials))\s*=\s*("[^"]*"|'[^']*')/g;
/**
 * Excel's legacy comment authors: `<authors><author>Juan</author></authors>`. The attributes
 * stop at `<` as well as `>`: an opener without its `>` must not make every later one scan to
 * the end.
 */
const XL_AUTHOR = /<((?:\w+:)?author)(\s[^<>]*)?>[^<]*<\/\1>/g;

const isSpace = (c: number) => c === 0x20 || c === 0x09 || c === 0x0a || c === 0x0d;
const isWordChar = (c: number) =>
  (c >= 0x30 && c <= 0x39) || (c >= 0x41 && c <= 0x5a) || (c >= 0x61 && c <= 0x7a) || c === 0x5f;

/** True when the name at `at` is a whole attribute name: after whitespace, or `prefix:` after it. */
function isAttributeStart(xml: string, at: number): boolean {
  const before = xml.charCodeAt(at - 1);
  if (isSpace(before)) return true;
  if (before !== 0x3a) return false;
  let i = at - 2;
  while (i >= 0 && isWordChar(xml.charCodeAt(i))) i--;
  return i < at - 2 && i >= 0 && isSpace(xml.charCodeAt(i));
}

const neutral = (attribute: string) =>
  attribute === 'initials' ? NEUTRAL_INITIALS : NEUTRAL_AUTHOR;
const quoted = (lead: string, attribute: string, value: string) =>
  `${lead}=${value[0]}${neutral(attribute)}${value[0]}`;

export const isDocProps = (name: string) =>
  name === 'docProps/core.xml' || name === 'docProps/app.xml' || name === 'docProps/custom.xml';
export const isJpeg = (name: string) => /(\/media\/[^/]+|^docProps\/thumbnail)\.jpe?g$/i.test(name);
export const isPng = (name: string) => /(\/media\/[^/]+|^docProps\/thumbnail)\.png$/i.test(name);
/** An Office package embedded in this one (a chart's workbook in a Word file): stripped too. */
export const isPackage = (name: string) =>
  /^(word|xl|ppt)\/([^/]+\/)?embeddings\/[^/]+\.(docx|docm|xlsx|xlsm|pptx|pptm)$/i.test(name);
/** A document part that may name people (comments, revisions, people, persons …). */
export const isPart = (name: string) => /^(word|xl|ppt)\/.+\.xml$/i.test(name);
const isPptAuthors = (name: string) => /^ppt\/(commentAuthors|authors)\.xml$/i.test(name);
const isXlComments = (name: string) => /^xl\/comments[^/]*\.xml$/i.test(name);

const isNameEnd = (c: number) =>
  c === 0x20 || c === 0x09 || c === 0x0a || c === 0x0d || c === 0x2f || c === 0x3e;

/** The qualified name of the tag whose name starts at `from` (it ends before `to` at the latest). */
function tagName(xml: string, from: number, to: number): string {
  let end = from;
  while (end < to && !isNameEnd(xml.charCodeAt(end))) end++;
  return xml.slice(from, end);
}

const localName = (qualified: string) => qualified.slice(qualified.indexOf(':') + 1);

/**
 * `xml` with the text of the elements whose local name is in `names` removed (`<dc:creator>`
 * stays, empty). One pass from tag to tag, each byte looked at a bounded number of times, so a
 * hostile part (thousands of openers never closed) costs time linear in its length. An element
 * never closed loses everything after its start tag.
 */
export function emptyElements(xml: string, names: ReadonlySet<string>): string {
  const pieces: string[] = [];
  let copyFrom = 0;
  let open: string | null = null;
  let i = 0;
  for (;;) {
    const lt = xml.indexOf('<', i);
    if (lt < 0) break;
    if (xml.startsWith('<!--', lt) || xml.startsWith('<![CDATA[', lt)) {
      const close = xml.indexOf(xml[lt + 2] === '-' ? '-->' : ']]>', lt + 4);
      if (close < 0) break;
      i = close + 3;
      continue;
    }
    const gt = xml.indexOf('>', lt + 1);
    if (gt < 0) break;
    const first = xml[lt + 1];
    if (open === null) {
      if (first !== '/' && first !== '?' && first !== '!' && xml[gt - 1] !== '/') {
        const name = tagName(xml, lt + 1, gt);
        if (names.has(localName(name))) {
          pieces.push(xml.slice(copyFrom, gt + 1));
          open = name;
        }
      }
    } else if (first === '/' && tagName(xml, lt + 2, gt) === open) {
      copyFrom = lt;
      open = null;
    }
    i = gt + 1;
  }
  if (open === null) pieces.push(xml.slice(copyFrom));
  return pieces.join('');
}

const XML_DECLARATION = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\r\n';

/**
 * A property part with its root element emptied (`<Properties …></Properties>`, namespaces kept):
 * custom properties are all the author's own (names and values), none is needed to open the
 * document. Only the bytes up to the root's start tag are read; without one, nothing is kept.
 */
export function emptyRoot(data: Buffer): Buffer {
  const head = data.toString('utf8', 0, Math.min(data.length, 64 * 1024));
  for (let i = 0; ;) {
    const lt = head.indexOf('<', i);
    const gt = lt < 0 ? -1 : head.indexOf('>', lt + 1);
    if (gt < 0) return Buffer.alloc(0);
    const first = head[lt + 1];
    if (first === '?' || first === '!') {
      i = gt + 1;
      continue;
    }
    const start = head.slice(lt, gt + 1);
    const root = start.endsWith('/>') ? start : `${start}</${tagName(head, lt + 1, gt)}>`;
    return Buffer.from(XML_DECLARATION + root, 'utf8');
  }
}

function rewritePart(name: string, xml: string): string {
  let out = xml.replace(
    PERSON_ATTRIBUTES,
    (match: string, attr: string, value: string, at: number, whole: string) =>
      isAttributeStart(whole, at) ? quoted(attr, attr, value) : match,
  );
  if (isPptAuthors(name))
    out = out.replace(PPT_AUTHOR_NAME, (_m, lead: string, attr: string, value: string) =>
      quoted(lead, attr, value),
    );
  if (isXlComments(name)) out = out.replace(XL_AUTHOR, `<$1$2>${NEUTRAL_AUTHOR}</$1>`);
  return out;
}

/** Property parts larger than this are emptied whole (real ones hold a few KiB). */
export const DOC_PROPS_MAX = 1024 * 1024;

/** A part is rewritten in slices of about this many bytes, with a pause between them. */
export const XML_SLICE = 256 * 1024;

/**
 * Where the slice that starts at `from` ends: at the first start tag (`<` not followed by `/`)
 * after `from + XML_SLICE`, so no tag, no `<author>…</author>` and no UTF-8 character is cut (a
 * `<` is one byte, never inside a character). A part with no start tag for another XML_SLICE
 * (a bomb of spaces) is cut after a `>`, or else before any byte that starts a character.
 */
function sliceEnd(data: Buffer, from: number): number {
  const soft = from + XML_SLICE;
  const hard = soft + XML_SLICE;
  if (soft >= data.length) return data.length;
  const window = data.subarray(0, hard);
  for (let at = soft; ;) {
    const lt = window.indexOf(0x3c, at);
    if (lt < 0) break;
    if (data[lt + 1] !== 0x2f) return lt;
    at = lt + 1;
  }
  if (hard >= data.length) return data.length;
  const gt = data.subarray(soft, hard).lastIndexOf(0x3e);
  if (gt >= 0) return soft + gt + 1;
  let at = hard;
  while (at < data.length && (data[at]! & 0xc0) === 0x80) at++;
  return at;
}

/** Words without which a slice has nothing to replace (found faster than the pattern runs). */
const MARKERS = ['author', 'initials', 'userId', 'userName', 'displayName'].map((w) =>
  Buffer.from(w),
);
const PPT_MARKERS = [...MARKERS, Buffer.from('name')];
const mayName = (name: string, slice: Buffer) =>
  (isPptAuthors(name) ? PPT_MARKERS : MARKERS).some((w) => slice.includes(w));

/** A document part with its people's names replaced, a slice at a time; null when unchanged. */
export async function rewritePartSliced(name: string, data: Buffer, budget: Budget) {
  const pieces: Buffer[] = [];
  let changed = false;
  for (let from = 0; from < data.length;) {
    const to = sliceEnd(data, from);
    const slice = data.subarray(from, to);
    const xml = mayName(name, slice) ? slice.toString('utf8') : '';
    const out = xml && rewritePart(name, xml);
    if (out === xml) pieces.push(slice);
    else {
      pieces.push(Buffer.from(out, 'utf8'));
      changed = true;
    }
    from = to;
    await budget.pause();
  }
  return changed ? Buffer.concat(pieces) : null;
}
