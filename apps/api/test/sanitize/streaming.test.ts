import { randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import { deflateSync, inflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import {
  COPY_LIMITS,
  isStreaming,
  keepsLength,
  sanitizedCopy,
  sanitizerFor,
} from '../../src/sanitize';
import { docxWith, pdfObjectStreamBomb, pdfWith, streamObject } from './hostile';

const MiB = 1024 * 1024;
const CHUNK = 64 * 1024;

function segment(marker: number, payload: Buffer): Buffer {
  const head = Buffer.from([0xff, marker, 0, 0]);
  head.writeUInt16BE(payload.length + 2, 2);
  return Buffer.concat([head, payload]);
}

function box(type: string, body: Buffer): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(body.length + 8, 0);
  head.write(type, 4, 'latin1');
  return Buffer.concat([head, body]);
}

function pngChunk(type: string, data: Buffer): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, 'latin1');
  return Buffer.concat([head, data, Buffer.alloc(4)]);
}

/** Noise with every 0xFF stuffed, like entropy-coded JPEG data. */
function scanData(size: number): Buffer {
  const data = randomBytes(size);
  for (let i = 0; i < size - 1; i++) if (data[i] === 0xff) data[i + 1] = 0;
  data[size - 1] = 0;
  return data;
}

const big = 8 * MiB;
const FILES: Record<string, () => Buffer> = {
  jpg: () =>
    Buffer.concat([
      Buffer.from([0xff, 0xd8]),
      segment(0xe1, randomBytes(60_000)),
      segment(0xdb, randomBytes(65)),
      segment(0xda, Buffer.from([1, 1, 0, 0, 0x3f, 0])),
      scanData(big),
      Buffer.from([0xff, 0xd9]),
    ]),
  png: () =>
    Buffer.concat([
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
      pngChunk('IHDR', Buffer.alloc(13)),
      pngChunk('tEXt', randomBytes(1000)),
      ...Array.from({ length: 64 }, () => pngChunk('IDAT', randomBytes(big / 64))),
      pngChunk('IEND', Buffer.alloc(0)),
    ]),
  pdf: () =>
    Buffer.concat([
      Buffer.from('%PDF-1.7\n1 0 obj << /Author (Juan) /Length 8388608 >>\nstream\n'),
      randomBytes(big),
      Buffer.from('\nendstream endobj\ntrailer << /Info 1 0 R >>\n%%EOF\n'),
    ]),
  mp4: () =>
    Buffer.concat([
      box('ftyp', Buffer.from('isom0000')),
      box('moov', box('udta', randomBytes(5000))),
      box('mdat', randomBytes(big)),
    ]),
  mp3: () =>
    Buffer.concat([
      Buffer.from([0x49, 0x44, 0x33, 3, 0, 0, 0, 0, 0x10, 0]),
      randomBytes(2048),
      randomBytes(big),
      Buffer.concat([Buffer.from('TAG'), Buffer.alloc(125)]),
    ]),
};

describe('streaming strippers hold a bounded amount, whatever the file size', () => {
  it.each(Object.keys(FILES))('%s: output keeps pace with input, within 128 KiB', (ext) => {
    expect(isStreaming(ext)).toBe(true);
    const file = FILES[ext]!();
    const run = (onChunk: (inSoFar: number, outSoFar: number) => void) => {
      const sanitizer = sanitizerFor(ext)!;
      let outBytes = 0;
      const out = (b: Buffer) => {
        outBytes += b.length;
      };
      for (let off = 0; off < file.length; off += CHUNK) {
        sanitizer.write(file.subarray(off, off + CHUNK), out);
        onChunk(Math.min(off + CHUNK, file.length), outBytes);
      }
      sanitizer.end(out);
      return outBytes;
    };
    const dropped = file.length - run(() => {});
    // PDF and MP4 are overwritten in place (same length); the others drop their metadata.
    if (keepsLength(ext)) expect(dropped).toBe(0);
    else expect(dropped).toBeGreaterThan(0);
    let worstLag = 0;
    run((inBytes, outBytes) => {
      worstLag = Math.max(worstLag, inBytes - outBytes - dropped);
    });
    expect(worstLag).toBeLessThanOrEqual(128 * 1024);
  });

  it('OOXML is the one type collected whole', () => {
    expect(isStreaming('docx')).toBe(false);
    expect(isStreaming('rar')).toBe(true);
  });
});

describe('sanitizedCopy', () => {
  it('keeps the length for in-place types and forgets it for the others', async () => {
    const pdf = Buffer.from('%PDF-1.4\n<< /Author (Juan) >>\n');
    const copy = await sanitizedCopy(async () => Readable.from([pdf]), 'pdf', pdf.length);
    expect(copy.size).toBe(pdf.length);
    const chunks: Buffer[] = [];
    for await (const c of copy.body) chunks.push(c as Buffer);
    expect(Buffer.concat(chunks).toString('latin1')).toBe('%PDF-1.4\n<< /Author (    ) >>\n');
    expect((await sanitizedCopy(async () => Readable.from([pdf]), 'jpg', 10)).size).toBeUndefined();
    const rar = Readable.from([pdf]);
    expect(await sanitizedCopy(async () => rar, 'rar', 10)).toEqual({ body: rar, size: 10 });
  });

  it('a source that fails ends the copy with its error', async () => {
    const failing = new Readable({
      read() {
        this.push(Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x04, 0, 0]));
        this.destroy(new Error('segmento alterado'));
      },
    });
    const { body } = await sanitizedCopy(async () => failing, 'jpg', 100);
    await expect(
      (async () => {
        for await (const _ of body) void _;
      })(),
    ).rejects.toThrow('segmento alterado');
  });

  const read = async (body: Readable) => {
    const chunks: Buffer[] = [];
    for await (const c of body) chunks.push(c as Buffer);
    return Buffer.concat(chunks);
  };

  it('a PDF or Office copy past its limits rejects with SAFE_COPY_LIMIT (422) before sending anything', async () => {
    const bomb = pdfObjectStreamBomb(64);
    await expect(
      sanitizedCopy(async () => Readable.from([bomb]), 'pdf', bomb.length),
    ).rejects.toMatchObject({ code: 'SAFE_COPY_LIMIT', status: 422 });
    // Past its time: a deadline already gone.
    const docx = docxWith({ 'docProps/core.xml': '<cp:coreProperties/>' });
    await expect(
      sanitizedCopy(async () => Readable.from([docx]), 'docx', docx.length, {
        ...COPY_LIMITS,
        millis: -1,
      }),
    ).rejects.toMatchObject({ code: 'SAFE_COPY_LIMIT' });
  });

  it('a PDF copy larger than what is held is checked whole, then made again from a second read: the same bytes', async () => {
    const objects = deflateSync('5 0 << /Author (Juan Perez) /Producer (Acme) >>');
    const pdf = pdfWith([
      streamObject('/Type /ObjStm /N 1 /First 4 /Filter /FlateDecode', objects),
      streamObject('', randomBytes(200_000)),
    ]);
    const copyWith = async (held: number) => {
      let opens = 0;
      const copy = await sanitizedCopy(
        async () => {
          opens += 1;
          return Readable.from([pdf.subarray(0, 70_000), pdf.subarray(70_000)]);
        },
        'pdf',
        pdf.length,
        { ...COPY_LIMITS, held },
      );
      return { opens, size: copy.size, bytes: await read(copy.body) };
    };
    const once = await copyWith(COPY_LIMITS.held);
    const twice = await copyWith(64 * 1024);
    expect(once.opens).toBe(1);
    expect(twice.opens).toBe(2);
    expect(twice.bytes.equals(once.bytes)).toBe(true);
    expect(once.size).toBe(pdf.length);
    expect(twice.size).toBe(pdf.length);
    const at = once.bytes.indexOf('stream\n') + 'stream\n'.length;
    const inflated = inflateSync(once.bytes.subarray(at, at + objects.length)).toString('latin1');
    expect(inflated).not.toContain('Juan Perez');
    expect(inflated).toMatch(/^5 0 << \/Author \( +\) \/Producer \( +\) >>$/);
  });
});
