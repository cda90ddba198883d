/**
 * File type by content, for the ten types the channel accepts. A name says what a file claims to be;
 * these bytes say what it is. Only the opening bytes are needed, so uploads stay streamed.
 */
export const MAGIC_BYTES_NEEDED = 12;

/** An Office Open XML package is recognised by entries near its start: this much is read first. */
const OOXML_HEAD_BYTES = 256 * 1024;

/** Opening bytes to read before deciding (the whole file when it is shorter). */
export const headBytesNeeded = (extension: string) =>
  extension === 'docx' ? OOXML_HEAD_BYTES : MAGIC_BYTES_NEEDED;

/** Names of the zip entries whose local headers lie in `head` (Office writes its parts first). */
function zipEntryNames(head: Buffer): Set<string> {
  const names = new Set<string>();
  const signature = Buffer.from([0x50, 0x4b, 0x03, 0x04]);
  for (let i = head.indexOf(signature); i >= 0 && i + 30 <= head.length;) {
    const nameLength = head.readUInt16LE(i + 26);
    if (i + 30 + nameLength <= head.length)
      names.add(head.toString('latin1', i + 30, i + 30 + nameLength));
    i = head.indexOf(signature, i + 4);
  }
  return names;
}

/** A Word package, not any zip: its content-types part and its main document are there. */
const OOXML_WORD = (h: Buffer) => {
  if (!ZIP(h)) return false;
  const names = zipEntryNames(h);
  return names.has('[Content_Types].xml') && names.has('word/document.xml');
};

const startsWith = (head: Buffer, bytes: number[], offset = 0) =>
  head.length >= offset + bytes.length && bytes.every((b, i) => head[offset + i] === b);

const ZIP = (h: Buffer) =>
  startsWith(h, [0x50, 0x4b, 0x03, 0x04]) || startsWith(h, [0x50, 0x4b, 0x05, 0x06]);
const OLE2 = (h: Buffer) => startsWith(h, [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);

const CHECKS: Record<string, (head: Buffer) => boolean> = {
  pdf: (h) => startsWith(h, [0x25, 0x50, 0x44, 0x46, 0x2d]),
  png: (h) => startsWith(h, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  jpg: (h) => startsWith(h, [0xff, 0xd8, 0xff]),
  jpeg: (h) => startsWith(h, [0xff, 0xd8, 0xff]),
  zip: ZIP,
  // A .docx is an Office Open XML package: a zip with `[Content_Types].xml` and `word/document.xml`.
  docx: (h) => OOXML_WORD(h),
  doc: OLE2,
  // RAR 4 (Rar!\x1a\x07\x00) and RAR 5 (Rar!\x1a\x07\x01\x00).
  rar: (h) => startsWith(h, [0x52, 0x61, 0x72, 0x21, 0x1a, 0x07]),
  // An ID3v2 tag, or an MPEG audio frame header straight away (11 sync bits).
  mp3: (h) =>
    startsWith(h, [0x49, 0x44, 0x33]) ||
    (h.length >= 2 && h[0] === 0xff && ((h[1] ?? 0) & 0xe0) === 0xe0),
  // ISO base media: a box size then "ftyp".
  mp4: (h) => startsWith(h, [0x66, 0x74, 0x79, 0x70], 4),
};

/** True when the opening bytes of a file match what its extension says it is. */
export function contentMatchesExtension(extension: string, head: Buffer): boolean {
  const check = CHECKS[extension];
  return check ? check(head) : false;
}
