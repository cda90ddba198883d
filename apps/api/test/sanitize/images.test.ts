import { randomBytes } from 'node:crypto';
import { deflateSync, inflateSync, crc32 } from 'node:zlib';
import jpeg from 'jpeg-js';
import { describe, expect, it } from 'vitest';
import { GPS_MARK, jpegWithExif, pngWithMetadata } from '@canal/test-support/images';
import { jpg, png } from '@canal/test-support/files';
import { has, sanitizeAllWays } from './helpers';

function segment(marker: number, payload: Buffer): Buffer {
  const head = Buffer.from([0xff, marker, 0, 0]);
  head.writeUInt16BE(payload.length + 2, 2);
  return Buffer.concat([head, payload]);
}

/** A real photo-like JPEG (noise, so the entropy data holds stuffed 0xFF00 bytes). */
function encodeJpeg(width: number, height: number, exif: string) {
  const data = randomBytes(width * height * 4);
  return jpeg.encode(
    {
      data,
      width,
      height,
      exifBuffer: Buffer.from(`Exif\0\0${exif}`, 'latin1'),
      comments: ['Autor: Juan Perez'],
    } as jpeg.RawImageData<Buffer> & { exifBuffer: Buffer; comments: string[] },
    90,
  ).data;
}

/** Inserts segments after SOI (and after the encoder's APP0). */
function withSegments(file: Buffer, segments: Buffer[]): Buffer {
  return Buffer.concat([file.subarray(0, 2), ...segments, file.subarray(2)]);
}

describe('JPEG', () => {
  const base = encodeJpeg(64, 48, 'GPSLatitude 33.4489 S');
  const second = encodeJpeg(32, 16, 'GPSLatitude SECOND-IMAGE');
  const icc = segment(
    0xe2,
    Buffer.concat([Buffer.from('ICC_PROFILE\0\x01\x01', 'latin1'), randomBytes(200)]),
  );
  const photo = Buffer.concat([
    withSegments(base, [
      segment(
        0xe1,
        Buffer.from('http://ns.adobe.com/xap/1.0/\0<x:xmpmeta>Juan Perez</x:xmpmeta>', 'latin1'),
      ),
      segment(0xed, Buffer.from('Photoshop 3.0\0IPTC By-line: Juan Perez', 'latin1')),
      segment(0xe2, Buffer.from('MPF\0 second image index', 'latin1')),
      icc,
      segment(0xee, Buffer.from('Adobe\0\x64\x00\x00\x00\x00\x01', 'latin1')),
      segment(0xeb, Buffer.from('JP HDR gain map', 'latin1')),
    ]),
    // What an "Ultra HDR" phone photo appends after the end marker: a second image with its GPS.
    second,
  ]);

  it('drops EXIF/XMP/IPTC/comments/MPF and everything after EOI, keeps JFIF, ICC and Adobe', async () => {
    expect(jpeg.decode(photo).width).toBe(64);
    const out = await sanitizeAllWays('JPG', photo);
    for (const text of ['GPSLatitude', 'SECOND-IMAGE', 'Juan Perez', 'Autor', 'MPF', 'JP HDR']) {
      expect(has(photo, text), text).toBe(true);
      expect(has(out, text), text).toBe(false);
    }
    expect(has(out, 'JFIF')).toBe(true);
    expect(out.includes(icc)).toBe(true);
    expect(has(out, 'Adobe')).toBe(true);
    expect(out.subarray(-2).equals(Buffer.from([0xff, 0xd9]))).toBe(true);
    // Still the same picture.
    const a = jpeg.decode(photo, { useTArray: true });
    const b = jpeg.decode(out, { useTArray: true });
    expect(b.width).toBe(64);
    expect(Buffer.from(b.data).equals(Buffer.from(a.data))).toBe(true);
  });

  it('copies entropy-coded data with stuffed bytes and restart markers untouched', async () => {
    // A scan whose data holds 0xFF00 (stuffing) and RST markers, then EOI, then junk with a marker.
    const scan = Buffer.from([0x12, 0xff, 0x00, 0x34, 0xff, 0xd0, 0x56, 0xff, 0xd7, 0xff, 0x00]);
    const file = Buffer.concat([
      Buffer.from([0xff, 0xd8]),
      segment(0xe1, Buffer.from('Exif\0\0GPS', 'latin1')),
      segment(0xdb, randomBytes(65)),
      segment(0xda, Buffer.from([1, 1, 0, 0, 0x3f, 0])),
      scan,
      Buffer.from([0xff, 0xff, 0xd9]),
      Buffer.from([0xff, 0xe1, 0x00, 0x05, 0x47, 0x50, 0x53]),
    ]);
    const out = await sanitizeAllWays('jpeg', file);
    expect(has(out, 'GPS')).toBe(false);
    expect(out.includes(scan)).toBe(true);
    expect(out.subarray(-2).equals(Buffer.from([0xff, 0xd9]))).toBe(true);
  });

  it('a stray byte before the Exif block does not let it through: GPS gone, the copy decodes (issue 25)', async () => {
    // Decoders (libjpeg: "extraneous bytes before marker") skip bytes that are not a marker and
    // read the segments after them: the stripper must too.
    const plain = encodeJpeg(16, 16, 'no GPS here');
    const afterApp0 = 4 + plain.readUInt16BE(4);
    const exif = segment(0xe1, Buffer.from('Exif\0\0MM\0*\0\0\0\x08GPSLatitude-33.4489', 'latin1'));
    for (const stray of [[0x00], [0x20, 0x0d, 0x0a], [0x00, 0xff]]) {
      const photo = Buffer.concat([
        plain.subarray(0, afterApp0),
        Buffer.from(stray),
        exif,
        plain.subarray(afterApp0),
      ]);
      expect(has(photo, 'GPSLatitude')).toBe(true);
      const out = await sanitizeAllWays('jpg', photo);
      expect(has(out, 'GPSLatitude'), String(stray)).toBe(false);
      // The stray bytes are gone too: a strict decoder reads the copy.
      expect(jpeg.decode(out).width).toBe(16);
    }
  });

  it('a file that is not a JPEG passes through unchanged', async () => {
    const other = Buffer.from('not a jpeg at all, GPS');
    expect((await sanitizeAllWays('jpg', other)).equals(other)).toBe(true);
  });
});

function pngChunk(type: string, data: Buffer): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, 'latin1');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])), 0);
  return Buffer.concat([head, data, crc]);
}

/** Chunks of a PNG, each with its CRC checked. */
function readPng(file: Buffer): { type: string; data: Buffer }[] {
  expect(file.subarray(0, 8).equals(SIGNATURE)).toBe(true);
  const chunks = [];
  for (let i = 8; i < file.length;) {
    const length = file.readUInt32BE(i);
    const type = file.toString('latin1', i + 4, i + 8);
    const data = file.subarray(i + 8, i + 8 + length);
    expect(file.readUInt32BE(i + 8 + length)).toBe(crc32(file.subarray(i + 4, i + 8 + length)));
    chunks.push({ type, data });
    i += 12 + length;
  }
  return chunks;
}

const SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

describe('PNG', () => {
  it('drops tEXt, zTXt, iTXt, eXIf, tIME and what follows IEND; the image data is intact', async () => {
    const width = 16;
    const height = 8;
    const ihdr = Buffer.alloc(13);
    ihdr.writeUInt32BE(width, 0);
    ihdr.writeUInt32BE(height, 4);
    ihdr[8] = 8;
    ihdr[9] = 2; // RGB
    const rows = Buffer.concat(
      Array.from({ length: height }, () =>
        Buffer.concat([Buffer.from([0]), randomBytes(width * 3)]),
      ),
    );
    const idat = deflateSync(rows);
    const file = Buffer.concat([
      SIGNATURE,
      pngChunk('IHDR', ihdr),
      pngChunk('tEXt', Buffer.from('Author\0Juan Perez', 'latin1')),
      pngChunk(
        'zTXt',
        Buffer.concat([Buffer.from('Comment\0\0', 'latin1'), deflateSync('Juan Perez')]),
      ),
      pngChunk(
        'iTXt',
        Buffer.from('XML:com.adobe.xmp\0\0\0\0\0<x:xmpmeta>GPS 33.4</x:xmpmeta>', 'latin1'),
      ),
      pngChunk('eXIf', Buffer.from('MM\0*GPSLatitude', 'latin1')),
      pngChunk('tIME', Buffer.from([0x07, 0xea, 11, 23, 10, 0, 0])),
      pngChunk('IDAT', idat.subarray(0, 20)),
      pngChunk('IDAT', idat.subarray(20)),
      pngChunk('IEND', Buffer.alloc(0)),
      Buffer.from('appended GPSLatitude', 'latin1'),
    ]);
    const out = await sanitizeAllWays('png', file);
    expect(readPng(out).map((c) => c.type)).toEqual(['IHDR', 'IDAT', 'IDAT', 'IEND']);
    for (const text of ['Juan', 'GPS', 'xmpmeta', 'Author'])
      expect(has(out, text), text).toBe(false);
    const data = Buffer.concat(
      readPng(out)
        .filter((c) => c.type === 'IDAT')
        .map((c) => c.data),
    );
    expect(inflateSync(data).equals(rows)).toBe(true);
  });
});

// Moved from the buffer-based stripper the back office used before it streamed (`sanitize/`).
describe('the back office test images', () => {
  it('a JPEG with Exif, XMP and a comment comes out as the same picture, without them', async () => {
    const original = jpegWithExif();
    expect(original.includes(GPS_MARK)).toBe(true);
    const stripped = await sanitizeAllWays('jpg', original);
    expect(stripped.includes(GPS_MARK)).toBe(false);
    expect(has(stripped, 'Canon')).toBe(false);
    expect(has(stripped, 'Tomada en la oficina')).toBe(false);
    expect(has(stripped, 'JFIF')).toBe(true);
    expect(stripped.equals(jpg(16, 16))).toBe(true);
    const a = jpeg.decode(original, { useTArray: true });
    const b = jpeg.decode(stripped, { useTArray: true });
    expect([b.width, b.height]).toEqual([16, 16]);
    expect(Buffer.from(b.data).equals(Buffer.from(a.data))).toBe(true);
  });

  it('a PNG with text, Exif and time chunks comes out as the plain image', async () => {
    const stripped = await sanitizeAllWays('png', pngWithMetadata());
    expect(stripped.includes(GPS_MARK)).toBe(false);
    expect(stripped.equals(png(4, 4))).toBe(true);
  });

  it('a PDF named .jpg or .png passes through unchanged', async () => {
    const pdf = Buffer.from('%PDF-1.4 Exif GPS');
    expect((await sanitizeAllWays('jpg', pdf)).equals(pdf)).toBe(true);
    expect((await sanitizeAllWays('png', pdf)).equals(pdf)).toBe(true);
  });

  it('strips what it can of a truncated JPEG and copies the rest', async () => {
    const original = jpegWithExif();
    const stripped = await sanitizeAllWays('jpg', original.subarray(0, original.length - 40));
    expect(stripped.includes(GPS_MARK)).toBe(false);
    expect(stripped.length).toBeGreaterThan(100);
  });
});
