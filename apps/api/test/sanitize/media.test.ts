import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { has, sanitizeAllWays } from './helpers';

function box(type: string, ...content: Buffer[]): Buffer {
  const body = Buffer.concat(content);
  const head = Buffer.alloc(8);
  head.writeUInt32BE(body.length + 8, 0);
  head.write(type, 4, 'latin1');
  return Buffer.concat([head, body]);
}
const text = (s: string) => Buffer.from(s, 'latin1');

/** Top-level boxes (type, offset, size) of an ISO media file, checking that they tile it. */
function topBoxes(file: Buffer) {
  const boxes = [];
  for (let at = 0; at < file.length;) {
    const size = file.readUInt32BE(at);
    expect(size).toBeGreaterThanOrEqual(8);
    boxes.push({ type: file.toString('latin1', at + 4, at + 8), at, size });
    at += size;
  }
  return boxes;
}

describe('MP4 / MOV', () => {
  it('turns udta and meta into free boxes of the same length: location and author gone, media intact', async () => {
    const media = randomBytes(50_000);
    const stco = box('stco', Buffer.from([0, 0, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0]));
    const movie = Buffer.concat([
      box('ftyp', text('isom\x00\x00\x02\x00isomiso2mp41')),
      box(
        'moov',
        box('mvhd', Buffer.alloc(100)),
        box(
          'trak',
          box('tkhd', Buffer.alloc(84)),
          box('mdia', box('mdhd', Buffer.alloc(24)), box('minf', box('stbl', stco))),
          box('udta', box('\xa9nam', text('Grabacion de Juan Perez'))),
        ),
        box('udta', box('\xa9xyz', text('+33.4489-070.6693/')), box('\xa9ART', text('Juan Perez'))),
        box(
          'meta',
          Buffer.alloc(4),
          box('keys', text('com.apple.quicktime.location.ISO6709')),
          box('ilst', text('+33.4489-070.6693+570.000/')),
        ),
      ),
      box('mdat', media),
    ]);
    const out = await sanitizeAllWays('mov', movie);
    expect(out.length).toBe(movie.length);
    for (const secret of ['33.4489', 'Juan Perez', 'ISO6709', '\xa9xyz']) {
      expect(has(movie, secret), secret).toBe(true);
      expect(has(out, secret), secret).toBe(false);
    }
    expect(topBoxes(out).map((b) => b.type)).toEqual(['ftyp', 'moov', 'mdat']);
    const mdat = topBoxes(out)[2]!;
    expect(out.subarray(mdat.at + 8, mdat.at + mdat.size).equals(media)).toBe(true);
    expect(out.includes(stco)).toBe(true);
    const moov = topBoxes(out)[1]!;
    const inside = topBoxes(out.subarray(moov.at + 8, moov.at + moov.size));
    expect(inside.map((b) => b.type)).toEqual(['mvhd', 'trak', 'free', 'free']);
  });

  it('turns an XMP uuid box (author, GPS) into a free box of the same length (issue 25)', async () => {
    // Where Adobe's tools and many cameras write XMP in an MP4: a top-level `uuid` box.
    const xmpUuid = Buffer.from('BE7ACFCB97A942E89C71999491E3AFAC', 'hex');
    const xmp = text(
      '<?xpacket begin="" id="W5M0MpCehiHzreSzNTczkc9d"?><x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#"><rdf:Description rdf:about="" xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:exif="http://ns.adobe.com/exif/1.0/"><dc:creator><rdf:Seq><rdf:li>Juan Perez</rdf:li></rdf:Seq></dc:creator><exif:GPSLatitude>33,26.9S</exif:GPSLatitude><exif:GPSLongitude>70,40.2W</exif:GPSLongitude></rdf:Description></rdf:RDF></x:xmpmeta><?xpacket end="w"?>',
    );
    const media = randomBytes(20_000);
    const movie = Buffer.concat([
      box('ftyp', text('mp42\x00\x00\x00\x00mp42isom')),
      box('moov', box('mvhd', Buffer.alloc(100)), box('trak', box('tkhd', Buffer.alloc(84)))),
      box('uuid', xmpUuid, xmp),
      box('mdat', media),
    ]);
    const out = await sanitizeAllWays('mp4', movie);
    expect(out.length).toBe(movie.length);
    for (const secret of ['Juan Perez', 'GPSLatitude', '33,26.9S', 'xmpmeta']) {
      expect(has(movie, secret), secret).toBe(true);
      expect(has(out, secret), secret).toBe(false);
    }
    expect(out.includes(xmpUuid)).toBe(false);
    expect(topBoxes(out).map((b) => b.type)).toEqual(['ftyp', 'moov', 'free', 'mdat']);
    const mdat = topBoxes(out)[3]!;
    expect(out.subarray(mdat.at + 8, mdat.at + mdat.size).equals(media)).toBe(true);
  });
});

function id3v2(frames: string): Buffer {
  const body = text(frames);
  const head = Buffer.from([0x49, 0x44, 0x33, 3, 0, 0, 0, 0, 0, 0]);
  head[8] = (body.length >> 7) & 0x7f;
  head[9] = body.length & 0x7f;
  return Buffer.concat([head, body]);
}

/** An APEv2 tag (items, footer, and a header when asked), padded with a cover of `picture` bytes. */
function apev2(items: Record<string, string>, header: boolean, picture: number): Buffer {
  const entries = Object.entries(items).map(([k, v]) => {
    const head = Buffer.alloc(8);
    head.writeUInt32LE(Buffer.byteLength(v), 0);
    return Buffer.concat([head, Buffer.from(`${k}\0${v}`, 'latin1')]);
  });
  if (picture > 0) {
    const head = Buffer.alloc(8);
    head.writeUInt32LE(picture, 0);
    head.writeUInt32LE(2, 4);
    entries.push(
      Buffer.concat([head, Buffer.from('Cover Art (Front)\0', 'latin1'), randomBytes(picture)]),
    );
  }
  const body = Buffer.concat(entries);
  const block = (isHeader: boolean) => {
    const b = Buffer.alloc(32);
    b.write('APETAGEX', 0, 'latin1');
    b.writeUInt32LE(2000, 8);
    b.writeUInt32LE(body.length + 32, 12);
    b.writeUInt32LE(entries.length, 16);
    b.writeUInt32LE(((header ? 0x80000000 : 0) | (isHeader ? 0x20000000 : 0)) >>> 0, 20);
    return b;
  };
  return Buffer.concat([...(header ? [block(true)] : []), body, block(false)]);
}

/** `count` MPEG audio frames (header and random data). */
const mpegFrames = (count: number) =>
  Buffer.concat(
    Array.from({ length: count }, () =>
      Buffer.concat([Buffer.from([0xff, 0xfb, 0x90, 0x64]), randomBytes(413)]),
    ),
  );

/** An ID3v1 tag naming the artist. */
function id3v1(): Buffer {
  const tag = Buffer.alloc(128);
  tag.write('TAGGrabacion', 0, 'latin1');
  tag.write('Juan Perez', 33, 'latin1');
  return tag;
}

describe('MP3', () => {
  it('drops the ID3v2 tag at the start and the ID3v1 tag at the end; frames intact', async () => {
    const frames = mpegFrames(20);
    const v1 = id3v1();
    const mp3 = Buffer.concat([
      id3v2('TPE1\0\0\0\x0b\0\0\0Juan PerezTXXX GPS 33.4489'),
      frames,
      v1,
    ]);
    const out = await sanitizeAllWays('mp3', mp3);
    expect(out.equals(frames)).toBe(true);
    expect(has(mp3, 'Juan Perez')).toBe(true);
  });

  it('drops APEv2 tags at the end, before or after an ID3v1 tag, with or without a header', async () => {
    const frames = mpegFrames(200);
    const v1 = id3v1();
    const withHeader = apev2({ Artist: 'Juan Perez', Comment: 'GPS 33.4489' }, true, 40_000);
    const footerOnly = apev2({ Artist: 'Juan Perez' }, false, 0);
    for (const mp3 of [
      Buffer.concat([id3v2('TPE1\0\0\0\x0b\0\0\0Juan Perez'), frames, withHeader, v1]),
      Buffer.concat([frames, v1, withHeader]),
      Buffer.concat([frames, withHeader]),
      Buffer.concat([frames, footerOnly, v1]),
      Buffer.concat([frames, v1, footerOnly]),
    ]) {
      expect(has(mp3, 'APETAGEX')).toBe(true);
      const out = await sanitizeAllWays('mp3', mp3);
      expect(has(out, 'Juan Perez')).toBe(false);
      expect(has(out, 'APETAGEX')).toBe(false);
      expect(out.equals(frames)).toBe(true);
    }
  });

  it('an MP3 without tags passes through unchanged, short ones too', async () => {
    const frames = Buffer.concat([Buffer.from([0xff, 0xfb, 0x90, 0x64]), randomBytes(1000)]);
    expect((await sanitizeAllWays('mp3', frames)).equals(frames)).toBe(true);
    const tiny = Buffer.from([0xff, 0xfb, 1, 2, 3]);
    expect((await sanitizeAllWays('mp3', tiny)).equals(tiny)).toBe(true);
  });
});

describe('other types', () => {
  it('pass through unchanged', async () => {
    const data = randomBytes(10_000);
    expect((await sanitizeAllWays('rar', data)).equals(data)).toBe(true);
    expect((await sanitizeAllWays('doc', data)).equals(data)).toBe(true);
  });
});
