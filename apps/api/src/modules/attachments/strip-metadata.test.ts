import { describe, expect, it } from 'vitest';
import jpeg from 'jpeg-js';
import { jpg, png } from '../../../test/support/files';
import { GPS_MARK, jpegWithExif, pngWithMetadata } from '../../../test/back-office/images';
import { stripImageMetadata, stripJpeg, stripPng } from './strip-metadata';

const chunkTypes = (data: Buffer) => {
  const types: string[] = [];
  for (let i = 8; i < data.length; ) {
    const length = data.readUInt32BE(i);
    types.push(data.toString('latin1', i + 4, i + 8));
    i += 12 + length;
  }
  return types;
};

describe('image metadata stripping', () => {
  it('removes Exif, XMP and comments from a JPEG and leaves the same picture', () => {
    const original = jpegWithExif();
    expect(original.includes(GPS_MARK)).toBe(true);
    const stripped = stripJpeg(original);
    expect(stripped.includes(GPS_MARK)).toBe(false);
    expect(stripped.includes(Buffer.from('Canon'))).toBe(false);
    expect(stripped.includes(Buffer.from('Tomada en la oficina'))).toBe(false);
    expect(stripped.includes(Buffer.from('JFIF'))).toBe(true);
    expect(stripped.equals(jpg(16, 16))).toBe(true);
    const a = jpeg.decode(original, { useTArray: true });
    const b = jpeg.decode(stripped, { useTArray: true });
    expect([b.width, b.height]).toEqual([16, 16]);
    expect(Buffer.from(b.data).equals(Buffer.from(a.data))).toBe(true);
  });

  it('removes tEXt, iTXt, zTXt, eXIf and tIME from a PNG and keeps the image chunks', () => {
    const original = pngWithMetadata();
    expect(chunkTypes(original)).toEqual(['IHDR', 'tEXt', 'iTXt', 'zTXt', 'eXIf', 'tIME', 'IDAT', 'IEND']);
    const stripped = stripPng(original);
    expect(chunkTypes(stripped)).toEqual(['IHDR', 'IDAT', 'IEND']);
    expect(stripped.includes(GPS_MARK)).toBe(false);
    expect(stripped.equals(png(4, 4))).toBe(true);
  });

  it('leaves other files, and files that are not what their extension says, untouched', () => {
    const pdf = Buffer.from('%PDF-1.4 Exif GPS');
    expect(stripImageMetadata('pdf', pdf)).toBe(pdf);
    expect(stripImageMetadata('jpg', pdf)).toBe(pdf);
    expect(stripImageMetadata('png', pdf)).toBe(pdf);
  });

  it('strips what it can of a truncated JPEG and copies the rest', () => {
    const original = jpegWithExif();
    const truncated = original.subarray(0, original.length - 40);
    const stripped = stripJpeg(truncated);
    expect(stripped.includes(GPS_MARK)).toBe(false);
    expect(stripped.length).toBeGreaterThan(100);
  });
});
