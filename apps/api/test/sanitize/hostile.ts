import { constants, crc32, deflateRawSync } from 'node:zlib';
import { strToU8, zipSync } from 'fflate';

/**
 * Hostile files (issue 25): real files of their type, made here, that cost a careless stripper
 * far more than their size. Decompression bombs are built from one deflate block sequence of
 * 1 MiB repeated, so a bomb of any size costs its compressed size to make, never its output.
 */
const MiB = 1024 * 1024;

/** Raw deflate blocks for 1 MiB of `byte`, ending on a byte boundary (not final): repeatable. */
function megabyteBlocks(byte: number): Buffer {
  return deflateRawSync(Buffer.alloc(MiB, byte), {
    level: 9,
    finishFlush: constants.Z_SYNC_FLUSH,
  });
}

/** A raw deflate stream that inflates to `mib` MiB of `byte` (about 1 KiB per MiB). */
export function rawDeflateBomb(mib: number, byte = 0x20): Buffer {
  const blocks = megabyteBlocks(byte);
  const last = deflateRawSync(Buffer.alloc(0)); // an empty final block
  return Buffer.concat([...Array.from({ length: mib }, () => blocks), last]);
}

/** The Adler-32 of `length` bytes of `byte` (zlib's trailer), without the bytes. */
function adler32Of(length: number, byte: number): number {
  const mod = 65521n;
  const n = BigInt(length);
  const c = BigInt(byte);
  const a = (1n + n * c) % mod;
  const b = (n + (c * n * (n + 1n)) / 2n) % mod;
  return Number((b << 16n) | a);
}

/** A zlib stream (a PDF's FlateDecode) that inflates to `mib` MiB of `byte`. */
export function zlibBomb(mib: number, byte = 0x20): Buffer {
  const trailer = Buffer.alloc(4);
  trailer.writeUInt32BE(adler32Of(mib * MiB, byte));
  return Buffer.concat([Buffer.from([0x78, 0xda]), rawDeflateBomb(mib, byte), trailer]);
}

/** A PDF of one page whose objects are `extra` (numbered from 4), with a valid xref table. */
export function pdfWith(extra: string[] | Buffer[]): Buffer {
  const objects: Buffer[] = [
    Buffer.from('<< /Type /Catalog /Pages 2 0 R >>'),
    Buffer.from('<< /Type /Pages /Kids [3 0 R] /Count 1 >>'),
    Buffer.from('<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] >>'),
    ...extra.map((o) => (typeof o === 'string' ? Buffer.from(o, 'latin1') : o)),
  ];
  const parts: Buffer[] = [Buffer.from('%PDF-1.7\n%\xe2\xe3\xcf\xd3\n', 'latin1')];
  let length = parts[0]!.length;
  const offsets: number[] = [];
  objects.forEach((o, i) => {
    offsets.push(length);
    const obj = Buffer.concat([Buffer.from(`${i + 1} 0 obj\n`), o, Buffer.from('\nendobj\n')]);
    parts.push(obj);
    length += obj.length;
  });
  let xref = `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const off of offsets) xref += `${String(off).padStart(10, '0')} 00000 n \n`;
  xref += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${length}\n%%EOF\n`;
  parts.push(Buffer.from(xref, 'latin1'));
  return Buffer.concat(parts);
}

/** A stream object: its dictionary entries, then `data` as its content with its /Length. */
export const streamObject = (dictionary: string, data: Buffer) =>
  Buffer.concat([
    Buffer.from(`<< ${dictionary} /Length ${data.length} >>\nstream\n`, 'latin1'),
    data,
    Buffer.from('\nendstream', 'latin1'),
  ]);

/**
 * A PDF with a compressed object stream that inflates to `mib` MiB (the 408 KB: 400) of
 * slashes: every name the scanner looks for starts with one, so scanning it is slow as well.
 */
export const pdfObjectStreamBomb = (mib: number) =>
  pdfWith([streamObject('/Type /ObjStm /N 1 /First 4 /Filter /FlateDecode', zlibBomb(mib, 0x2f))]);

/** A PDF with a compressed XMP stream that inflates to `mib` MiB. */
export const pdfXmpBomb = (mib: number) =>
  pdfWith([streamObject('/Type /Metadata /Subtype /XML /Filter /FlateDecode', zlibBomb(mib))]);

/** A PDF whose uncompressed body is `count` document-information keys, all different from XMP. */
export const pdfDenseWithKeys = (count: number) =>
  pdfWith([`<< ${'/Title (x) '.repeat(count)} >>`]);

interface ZipEntry {
  name: string;
  /** Stored as it is (method 0), or already deflated (method 8) with its plain size and CRC. */
  data: Buffer;
  deflated?: { size: number; crc: number };
}

/** A zip written by hand: entries exactly as given (fflate would inflate nothing, but must make). */
export function zipOf(entries: ZipEntry[]): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const e of entries) {
    const name = Buffer.from(e.name, 'utf8');
    const method = e.deflated ? 8 : 0;
    const crc = e.deflated?.crc ?? crc32(e.data);
    const size = e.deflated?.size ?? e.data.length;
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(method, 8);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(e.data.length, 18);
    local.writeUInt32LE(size, 22);
    local.writeUInt16LE(name.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(method, 10);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(e.data.length, 20);
    central.writeUInt32LE(size, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, name, e.data);
    centrals.push(central, name);
    offset += local.length + name.length + e.data.length;
  }
  const centralBytes = Buffer.concat(centrals);
  const eocd = Buffer.alloc(22);
  eocd.writeUInt32LE(0x06054b50, 0);
  eocd.writeUInt16LE(entries.length, 8);
  eocd.writeUInt16LE(entries.length, 10);
  eocd.writeUInt32LE(centralBytes.length, 12);
  eocd.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, centralBytes, eocd]);
}

const CONTENT_TYPES =
  '<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="xml" ContentType="application/xml"/></Types>';

/** The CRC-32 of `mib` MiB of `byte`, a MiB at a time. */
function crcOfRepeated(mib: number, byte: number): number {
  const block = Buffer.alloc(MiB, byte);
  let crc = 0;
  for (let k = 0; k < mib; k++) crc = crc32(block, crc);
  return crc;
}

/** A deflated zip entry whose content is `mib` MiB of spaces. */
export const bombEntry = (name: string, mib: number): ZipEntry => ({
  name,
  data: rawDeflateBomb(mib),
  deflated: { size: mib * MiB, crc: crcOfRepeated(mib, 0x20) },
});

/** A .docx whose main document inflates to `mib` MiB (the 408 KB: 400). */
export const docxBomb = (mib: number) =>
  zipOf([
    { name: '[Content_Types].xml', data: Buffer.from(CONTENT_TYPES) },
    bombEntry('word/document.xml', mib),
  ]);

/** A small, valid Word package with these extra entries (made by fflate). */
export function docxWith(entries: Record<string, string | Uint8Array>): Buffer {
  return Buffer.from(
    zipSync({
      '[Content_Types].xml': strToU8(CONTENT_TYPES),
      'word/document.xml': strToU8(
        '<w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body><w:p><w:r><w:t>Hechos</w:t></w:r></w:p></w:body></w:document>',
      ),
      ...Object.fromEntries(
        Object.entries(entries).map(([k, v]) => [k, typeof v === 'string' ? strToU8(v) : v]),
      ),
    }),
  );
}

/** docProps/core.xml made of `count` `<dc:creator>` openers never closed (the 3.7 KB). */
export const unclosedCreators = (count: number) =>
  docxWith({
    'docProps/core.xml': `<?xml version="1.0"?><cp:coreProperties xmlns:cp="http://schemas.openxmlformats.org/package/2006/metadata/core-properties" xmlns:dc="http://purl.org/dc/elements/1.1/">${'<dc:creator>'.repeat(count)}`,
  });

/**
 * A zip of zips: a Word package embedding `width` Word packages at each of `depth` levels, the
 * innermost with a main document of `mib` MiB.
 */
export function docxOfDocx(depth: number, width: number, mib: number): Buffer {
  let inner = docxBomb(mib);
  for (let level = 0; level < depth; level++) {
    const embedded = inner;
    inner = zipOf([
      { name: '[Content_Types].xml', data: Buffer.from(CONTENT_TYPES) },
      {
        name: 'word/document.xml',
        data: Buffer.from('<w:document><w:body><w:p/></w:body></w:document>'),
      },
      ...Array.from({ length: width }, (_, k) => ({
        name: `word/embeddings/Documento_${k + 1}.docx`,
        data: embedded,
      })),
    ]);
  }
  return inner;
}

/** A plain .zip holding `width` copies of a zip, `depth` levels deep, of a `mib` MiB bomb. */
export function zipOfZips(depth: number, width: number, mib: number): Buffer {
  let inner = zipOf([bombEntry('datos.txt', mib)]);
  for (let level = 0; level < depth; level++) {
    const embedded = inner;
    inner = zipOf(
      Array.from({ length: width }, (_, k) => ({ name: `parte-${k + 1}.zip`, data: embedded })),
    );
  }
  return inner;
}
