import { crc32 } from 'node:zlib';
import { jpg, png } from './files';

export const GPS_MARK = 'GPSLatitude-33.4489S70.6693W';

function segment(marker: number, body: Buffer): Buffer {
  const head = Buffer.from([0xff, marker, 0, 0]);
  head.writeUInt16BE(body.length + 2, 2);
  return Buffer.concat([head, body]);
}

/** A real JPEG with an Exif block (camera and GPS text), an XMP block and a comment after JFIF. */
export function jpegWithExif(): Buffer {
  const plain = jpg(16, 16);
  const app0Length = plain.readUInt16BE(4);
  const afterApp0 = 4 + app0Length;
  const exif = segment(
    0xe1,
    Buffer.concat([
      Buffer.from('Exif\0\0MM\0*\0\0\0\x08', 'latin1'),
      Buffer.from(`Canon EOS 5D ${GPS_MARK}`),
    ]),
  );
  const xmp = segment(
    0xe1,
    Buffer.from(`http://ns.adobe.com/xap/1.0/\0<x:xmpmeta>${GPS_MARK}</x:xmpmeta>`),
  );
  const comment = segment(0xfe, Buffer.from('Tomada en la oficina de Ana'));
  return Buffer.concat([
    plain.subarray(0, afterApp0),
    exif,
    xmp,
    comment,
    plain.subarray(afterApp0),
  ]);
}

function chunk(type: string, data: Buffer): Buffer {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const typed = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(typed));
  return Buffer.concat([len, typed, crc]);
}

/** A real PNG with text, Exif and time chunks after IHDR. */
export function pngWithMetadata(): Buffer {
  const plain = png(4, 4);
  const afterIhdr = 8 + 12 + 13;
  const time = Buffer.from([0x07, 0xe8, 3, 15, 10, 30, 0]);
  return Buffer.concat([
    plain.subarray(0, afterIhdr),
    chunk('tEXt', Buffer.from(`Author\0Ana Perez ${GPS_MARK}`, 'latin1')),
    chunk('iTXt', Buffer.from(`Comment\0\0\0\0\0${GPS_MARK}`, 'latin1')),
    chunk('zTXt', Buffer.from('Software\0\0x', 'latin1')),
    chunk('eXIf', Buffer.from(`MM\0*${GPS_MARK}`, 'latin1')),
    chunk('tIME', time),
    plain.subarray(afterIhdr),
  ]);
}
