/**
 * Removes metadata (GPS position, camera, author, dates, comments) from the copy of an image that
 * investigators open (DESIGN §6). The stored original is not changed. Pure and on buffers.
 *
 * - JPEG: drops APP1..APP15 segments (Exif, XMP, ICC, Photoshop/IPTC, Adobe …) and COM; keeps APP0
 *   (JFIF) and everything needed to decode.
 * - PNG: drops the tEXt, iTXt, zTXt, eXIf and tIME chunks.
 * Anything else, or a file that does not parse to the end, is returned with what could be parsed
 * stripped and the rest copied as it was.
 */
export function stripImageMetadata(extension: string, data: Buffer): Buffer {
  const ext = extension.toLowerCase().replace(/^\./, '');
  if (ext === 'jpg' || ext === 'jpeg') return stripJpeg(data);
  if (ext === 'png') return stripPng(data);
  return data;
}

export const isStrippableImage = (extension: string) => ['jpg', 'jpeg', 'png'].includes(extension.toLowerCase().replace(/^\./, ''));

const SOI = 0xd8;
const EOI = 0xd9;
const SOS = 0xda;
const COM = 0xfe;
const isApp1to15 = (marker: number) => marker >= 0xe1 && marker <= 0xef;
/** Markers that stand alone, with no length: TEM, RST0-7, SOI, EOI. */
const standalone = (marker: number) => marker === 0x01 || (marker >= 0xd0 && marker <= 0xd9);

export function stripJpeg(data: Buffer): Buffer {
  if (data.length < 4 || data[0] !== 0xff || data[1] !== SOI) return data;
  const parts: Buffer[] = [data.subarray(0, 2)];
  let i = 2;
  while (i < data.length) {
    if (data[i] !== 0xff) {
      // Not at a marker: malformed; keep the rest untouched.
      parts.push(data.subarray(i));
      break;
    }
    let marker = data[i + 1];
    // Fill bytes: any number of 0xFF may precede a marker.
    let j = i + 1;
    while (marker === 0xff && j + 1 < data.length) marker = data[++j];
    if (marker === undefined) {
      parts.push(data.subarray(i));
      break;
    }
    const start = j - 1;
    if (standalone(marker)) {
      parts.push(data.subarray(start, j + 1));
      i = j + 1;
      if (marker === EOI) {
        parts.push(data.subarray(i));
        break;
      }
      continue;
    }
    if (j + 3 > data.length) {
      parts.push(data.subarray(start));
      break;
    }
    const length = data.readUInt16BE(j + 1);
    const end = j + 1 + length;
    if (length < 2 || end > data.length) {
      parts.push(data.subarray(start));
      break;
    }
    if (!isApp1to15(marker) && marker !== COM) parts.push(data.subarray(start, end));
    i = end;
    if (marker === SOS) {
      // Entropy-coded data runs to the next marker that is not a stuffed 0xFF00 or a restart.
      let k = i;
      while (k + 1 < data.length && !(data[k] === 0xff && data[k + 1] !== 0x00 && !(data[k + 1]! >= 0xd0 && data[k + 1]! <= 0xd7))) k++;
      if (k + 1 >= data.length) k = data.length;
      parts.push(data.subarray(i, k));
      i = k;
    }
  }
  return Buffer.concat(parts);
}

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const PNG_METADATA = new Set(['tEXt', 'iTXt', 'zTXt', 'eXIf', 'tIME']);

export function stripPng(data: Buffer): Buffer {
  if (data.length < 8 || !data.subarray(0, 8).equals(PNG_SIGNATURE)) return data;
  const parts: Buffer[] = [data.subarray(0, 8)];
  let i = 8;
  while (i < data.length) {
    if (i + 12 > data.length) {
      parts.push(data.subarray(i));
      break;
    }
    const length = data.readUInt32BE(i);
    const type = data.toString('latin1', i + 4, i + 8);
    const end = i + 12 + length;
    if (end > data.length) {
      parts.push(data.subarray(i));
      break;
    }
    if (!PNG_METADATA.has(type)) parts.push(data.subarray(i, end));
    i = end;
    if (type === 'IEND') {
      if (i < data.length) parts.push(data.subarray(i));
      break;
    }
  }
  return Buffer.concat(parts);
}
