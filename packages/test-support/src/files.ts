import { crc32, deflateSync } from 'node:zlib';
import { strToU8, zipSync } from 'fflate';
import jpeg from 'jpeg-js';
import CFB from 'cfb';

/**
 * Real files of every type the channel accepts, made here so the tests need nothing on disk.
 * Each is a well-formed file of its kind (a viewer opens it), not just the right first bytes.
 */
export function pdf(text = 'Antecedente de prueba'): Buffer {
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    null,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  const stream = `BT /F1 14 Tf 72 770 Td (${text}) Tj ET`;
  objects[3] = `<< /Length ${stream.length} >>\nstream\n${stream}\nendstream`;
  let body = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((o, i) => {
    offsets.push(body.length);
    body += `${i + 1} 0 obj\n${o}\nendobj\n`;
  });
  const xref = body.length;
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const off of offsets) body += `${String(off).padStart(10, '0')} 00000 n \n`;
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body, 'latin1');
}

function pngChunk(type: string, data: Buffer): Buffer {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const typed = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(typed));
  return Buffer.concat([len, typed, crc]);
}

export function png(width = 4, height = 4): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.writeUInt8(8, 8); // bit depth
  ihdr.writeUInt8(2, 9); // RGB
  const raw = Buffer.alloc((width * 3 + 1) * height, 0x80);
  for (let y = 0; y < height; y++) raw[y * (width * 3 + 1)] = 0; // filter byte
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', ihdr),
    pngChunk('IDAT', deflateSync(raw)),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

export function jpg(width = 8, height = 8): Buffer {
  const data = Buffer.alloc(width * height * 4, 0xc0);
  return Buffer.from(jpeg.encode({ data, width, height }, 80).data);
}

export function zip(): Buffer {
  return Buffer.from(zipSync({ 'notas.txt': strToU8('Notas de prueba del denunciante') }));
}

export function docx(text = 'Documento de prueba'): Buffer {
  return Buffer.from(
    zipSync({
      '[Content_Types].xml': strToU8(
        '<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>',
      ),
      '_rels/.rels': strToU8(
        '<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="word/document.xml"/></Relationships>',
      ),
      'word/document.xml': strToU8(
        `<?xml version="1.0" encoding="UTF-8"?><w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body><w:p><w:r><w:t>${text}</w:t></w:r></w:p></w:body></w:document>`,
      ),
    }),
  );
}

/** A Word 97-2003 container: an OLE2 compound file with a WordDocument stream. */
export function doc(): Buffer {
  const cfb = CFB.utils.cfb_new();
  const fib = Buffer.alloc(512);
  fib.writeUInt16LE(0xa5ec, 0); // wIdent of a Word binary file
  fib.writeUInt16LE(0x00c1, 2); // nFib
  CFB.utils.cfb_add(cfb, 'WordDocument', fib);
  return Buffer.from(CFB.write(cfb, { type: 'buffer' }) as Uint8Array);
}

function vint(n: number): Buffer {
  const out: number[] = [];
  do {
    let b = n & 0x7f;
    n >>>= 7;
    if (n) b |= 0x80;
    out.push(b);
  } while (n);
  return Buffer.from(out);
}

function rarBlock(fields: Buffer): Buffer {
  const body = Buffer.concat([vint(fields.length), fields]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32LE(crc32(body));
  return Buffer.concat([crc, body]);
}

/** An empty RAR 5 archive: signature, main header, end-of-archive header. */
export function rar(): Buffer {
  return Buffer.concat([
    Buffer.from([0x52, 0x61, 0x72, 0x21, 0x1a, 0x07, 0x01, 0x00]),
    rarBlock(Buffer.concat([vint(1), vint(0), vint(0)])),
    rarBlock(Buffer.concat([vint(5), vint(0), vint(0)])),
  ]);
}

/** An ID3v2 tag and ten MPEG-1 Layer III frames of silence (128 kbit/s, 44.1 kHz). */
export function mp3(): Buffer {
  const id3 = Buffer.from([0x49, 0x44, 0x33, 0x03, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00]);
  const frame = Buffer.alloc(417);
  frame.set([0xff, 0xfb, 0x90, 0x64]);
  return Buffer.concat([id3, ...Array.from({ length: 10 }, () => frame)]);
}

function box(type: string, ...content: Buffer[]): Buffer {
  const body = Buffer.concat(content);
  const head = Buffer.alloc(8);
  head.writeUInt32BE(body.length + 8);
  head.write(type, 4, 'ascii');
  return Buffer.concat([head, body]);
}

/** An ISO base media file: ftyp, a movie header of one second and an empty media data box. */
export function mp4(): Buffer {
  const mvhd = Buffer.alloc(100);
  mvhd.writeUInt32BE(1000, 12); // timescale
  mvhd.writeUInt32BE(1000, 16); // duration
  mvhd.writeUInt32BE(0x00010000, 20); // rate 1.0
  mvhd.writeUInt16BE(0x0100, 24); // volume 1.0
  [0x00010000, 0, 0, 0, 0x00010000, 0, 0, 0, 0x40000000].forEach((v, i) =>
    mvhd.writeUInt32BE(v, 36 + i * 4),
  );
  mvhd.writeUInt32BE(2, 96); // next track id
  return Buffer.concat([
    box('ftyp', Buffer.from('isom'), Buffer.from([0, 0, 2, 0]), Buffer.from('isomiso2mp41')),
    box('moov', box('mvhd', mvhd)),
    box('mdat'),
  ]);
}

export const REAL_FILES: Record<string, () => Buffer> = {
  zip,
  rar,
  pdf: () => pdf(),
  doc,
  docx: () => docx(),
  png: () => png(),
  jpeg: () => jpg(),
  jpg: () => jpg(),
  mp3,
  mp4,
};

/** A Windows executable's opening bytes: what a renamed .exe looks like. */
export function exe(): Buffer {
  const b = Buffer.alloc(256);
  b.write('MZ', 0, 'ascii');
  b.write('This program cannot be run in DOS mode.', 78, 'ascii');
  return b;
}
