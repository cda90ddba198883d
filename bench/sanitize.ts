// Memory and speed of the investigator's copy: `node --import tsx bench/sanitize.ts [MiB]` (part
// of `npm run bench`). First the stripper's throughput on ordinary files (a PDF of scanned pages
// with object streams and compressed XMP, a DOCX with photos and comments, a phone photo, a
// video), each beside a floor measured in the same run: the same bytes through a bare
// PassThrough. Then one encrypted JPEG of 100 MiB (a real header, noise as entropy-coded data, an
// EXIF segment and an appended second image), downloaded three times at once, each decrypting and
// stripping as the download route would: the growth of the process's resident memory (goal: under
// 64 MB) and the throughput. Figures only; nothing is asserted.
//
// BENCH_SANITIZE_BASE=<path of another tree's apps/api/src/sanitize/index.ts> adds that stripper's
// throughput as a column, measured in the same rounds (a before/after on a busy machine), e.g. of
// main: `git archive <commit> apps/api/src/sanitize | tar -x -C /tmp/base`.
import { randomBytes } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PassThrough, Readable, Writable, type Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { strToU8, zipSync } from 'fflate';
import jpeg from 'jpeg-js';
import { PDFDocument, PDFName, StandardFonts } from 'pdf-lib';
import { decryptingStream, encryptingStream, sanitizingStream } from '@canal/api/testing';

const MiB = 1024 * 1024;
const total = Number(process.argv[2] ?? 100) * MiB;
const key = randomBytes(32);

function segment(marker: number, payload: Buffer): Buffer {
  const head = Buffer.from([0xff, marker, 0, 0]);
  head.writeUInt16BE(payload.length + 2, 2);
  return Buffer.concat([head, payload]);
}

/** A JPEG of `total` bytes, streamed: headers of a real encoded image, then noise as scan data. */
function bigJpeg(): Readable {
  const small = jpeg.encode(
    { data: randomBytes(8 * 8 * 4), width: 8, height: 8 } as jpeg.RawImageData<Buffer>,
    90,
  ).data;
  const sos = small.indexOf(Buffer.from([0xff, 0xda]));
  const sosEnd = sos + 2 + small.readUInt16BE(sos + 2);
  const head = Buffer.concat([
    small.subarray(0, 2),
    segment(0xe1, Buffer.from('Exif\0\0GPSLatitude 33.4489 S', 'latin1')),
    small.subarray(2, sosEnd),
  ]);
  const tail = Buffer.concat([Buffer.from([0xff, 0xd9]), small]);
  // Noise with every 0xFF stuffed, as an encoder writes it.
  const block = randomBytes(MiB);
  for (let i = 0; i < block.length - 1; i++) if (block[i] === 0xff) block[i + 1] = 0;
  block[block.length - 1] = 0;
  let sent = 0;
  const body = total - head.length - tail.length;
  let state: 'head' | 'body' | 'tail' | 'done' = 'head';
  return new Readable({
    read() {
      if (state === 'head') {
        state = 'body';
        return void this.push(head);
      }
      if (state === 'body') {
        const n = Math.min(64 * 1024, body - sent);
        const at = sent % (block.length - 64 * 1024);
        this.push(block.subarray(at, at + n));
        sent += n;
        if (sent >= body) state = 'tail';
        return;
      }
      if (state === 'tail') {
        state = 'done';
        return void this.push(tail);
      }
      this.push(null);
    },
  });
}

/** A photo of `size` bytes: a real JPEG's headers, an EXIF block with GPS, noise as scan data. */
function photo(size: number): Buffer {
  const small = jpeg.encode(
    { data: randomBytes(8 * 8 * 4), width: 8, height: 8 } as jpeg.RawImageData<Buffer>,
    90,
  ).data;
  const sos = small.indexOf(Buffer.from([0xff, 0xda]));
  const sosEnd = sos + 2 + small.readUInt16BE(sos + 2);
  const scan = randomBytes(size);
  for (let i = 0; i < scan.length - 1; i++) if (scan[i] === 0xff) scan[i + 1] = 0;
  scan[scan.length - 1] = 0;
  return Buffer.concat([
    small.subarray(0, 2),
    segment(0xe1, Buffer.from('Exif\0\0GPSLatitude 33.4489 S', 'latin1')),
    small.subarray(2, sosEnd),
    scan,
    Buffer.from([0xff, 0xd9]),
  ]);
}

function box(type: string, ...content: Buffer[]): Buffer {
  const body = Buffer.concat(content);
  const head = Buffer.alloc(8);
  head.writeUInt32BE(body.length + 8, 0);
  head.write(type, 4, 'latin1');
  return Buffer.concat([head, body]);
}

const XMP =
  '<?xpacket begin="" id="W5M0MpCehiHzreSzNTczkc9d"?><x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF><dc:creator>Juan Perez</dc:creator></rdf:RDF></x:xmpmeta><?xpacket end="w"?>';

/**
 * Ordinary files as people send them. PDF: 40 pages of text, 8 of them with a scanned page of
 * 1 MiB, object streams, compressed XMP and an information dictionary (about 9 MiB). DOCX: 4,000
 * paragraphs with revision marks, a comment, document properties and three photos of 1 MiB
 * (about 3.3 MiB). JPEG: a 4 MiB phone photo with GPS. MP4: a movie box with its user data and
 * 32 MiB of media.
 */
async function ordinaryFiles(): Promise<[string, Buffer][]> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const scan = await doc.embedJpg(photo(MiB));
  for (let p = 0; p < 40; p++) {
    const page = doc.addPage([595, 842]);
    for (let line = 0; line < 40; line++)
      page.drawText(`Linea ${line} de la pagina ${p}: antecedentes de la denuncia.`, {
        x: 40,
        y: 800 - line * 18,
        size: 11,
        font,
      });
    if (p % 5 === 0) page.drawImage(scan, { x: 40, y: 40, width: 500, height: 700 });
  }
  // A scanned page each time: a new image object (the same bytes), as a scanner writes them.
  for (let k = 1; k < 8; k++)
    doc.getPage(k * 5 - 1).drawImage(await doc.embedJpg(photo(MiB)), { x: 0, y: 0 });
  doc.setAuthor('Juan Perez');
  doc.setTitle('Informe');
  doc.catalog.set(
    PDFName.of('Metadata'),
    doc.context.register(doc.context.flateStream(XMP, { Type: 'Metadata', Subtype: 'XML' })),
  );
  const pdf = Buffer.from(await doc.save({ useObjectStreams: true }));

  const paragraphs = Array.from(
    { length: 4000 },
    (_, i) =>
      `<w:p><w:r><w:t>Parrafo ${i} del relato, con hechos, fechas y lugares.</w:t></w:r>${
        i % 50 === 0
          ? `<w:ins w:id="${i}" w:author="Juan Perez"><w:r><w:t>x</w:t></w:r></w:ins>`
          : ''
      }</w:p>`,
  ).join('');
  const docx = Buffer.from(
    zipSync({
      '[Content_Types].xml': strToU8('<Types/>'),
      '_rels/.rels': strToU8('<Relationships/>'),
      'word/document.xml': strToU8(`<w:document><w:body>${paragraphs}</w:body></w:document>`),
      'word/comments.xml': strToU8(
        '<w:comments><w:comment w:id="0" w:author="Juan Perez" w:initials="JP"><w:p/></w:comment></w:comments>',
      ),
      'word/media/image1.jpeg': [photo(MiB), { level: 0 }],
      'word/media/image2.jpeg': [photo(MiB), { level: 0 }],
      'word/media/image3.jpeg': [photo(MiB), { level: 0 }],
      'docProps/core.xml': strToU8(
        '<cp:coreProperties><dc:title>Informe</dc:title><dc:creator>Juan Perez</dc:creator></cp:coreProperties>',
      ),
      'docProps/app.xml': strToU8('<Properties><Company>Acme</Company></Properties>'),
    }),
  );

  const mp4 = Buffer.concat([
    box('ftyp', Buffer.from('isom\0\0\x02\0isomiso2mp41', 'latin1')),
    box(
      'moov',
      box('mvhd', Buffer.alloc(100)),
      box('trak', box('tkhd', Buffer.alloc(84)), box('mdia', box('mdhd', Buffer.alloc(24)))),
      box('udta', box('\xa9xyz', Buffer.from('+33.4489-070.6693/', 'latin1'))),
    ),
    box('mdat', randomBytes(32 * MiB)),
  ]);
  return [
    ['pdf', pdf],
    ['docx', docx],
    ['jpg', photo(4 * MiB)],
    ['mp4', mp4],
  ];
}

/** `data` in 64 KiB chunks, as the decrypting stream gives a stored file. */
const chunks = (data: Buffer) =>
  Readable.from(
    (function* () {
      for (let at = 0; at < data.length; at += 64 * 1024) yield data.subarray(at, at + 64 * 1024);
    })(),
  );

const sink = () =>
  new Writable({
    write(_c, _e, done) {
      done();
    },
  });

/**
 * MiB/s of the stripper on each ordinary file beside the floor (the same bytes through a bare
 * PassThrough). Each measurement streams the file again and again until 32 MiB have gone through
 * (so a busy moment of the machine weighs less), rounds interleaved so that the load falls on
 * both alike; medians of 7.
 */
async function throughput(rounds = 7): Promise<void> {
  const files = await ordinaryFiles();
  const base = process.env.BENCH_SANITIZE_BASE
    ? (
        (await import(process.env.BENCH_SANITIZE_BASE)) as {
          sanitizingStream: (e: string) => Transform;
        }
      ).sanitizingStream
    : null;
  const rate = async (data: Buffer, through: () => Transform) => {
    const times = Math.ceil((32 * MiB) / data.length);
    const start = process.hrtime.bigint();
    for (let k = 0; k < times; k++) await pipeline(chunks(data), through(), sink());
    return (times * data.length) / MiB / (Number(process.hrtime.bigint() - start) / 1e9);
  };
  const median = (xs: number[]) => xs.sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
  const column = (label: string, xs: number[]) =>
    `${label} ${median(xs).toFixed(0).padStart(5)} MiB/s  `;
  console.log(
    '== sanitize: stripping ordinary files, 64 KiB chunks (median of 7 rounds of 32 MiB)',
  );
  for (const [ext, data] of files) {
    const ours: number[] = [];
    const theirs: number[] = [];
    const floor: number[] = [];
    for (let r = 0; r < rounds; r++) {
      if (base) theirs.push(await rate(data, () => base(ext)));
      ours.push(await rate(data, () => sanitizingStream(ext)));
      floor.push(await rate(data, () => new PassThrough()));
    }
    console.log(
      `${ext.padEnd(5)} ${(data.length / MiB).toFixed(1).padStart(5)} MiB  ` +
        (base ? column('base', theirs) : '') +
        column('strip', ours) +
        column('floor (PassThrough)', floor).trimEnd(),
    );
  }
}

const gc = (globalThis as { gc?: () => void }).gc;

async function downloads(file: string, round: number): Promise<void> {
  gc?.();
  const before = process.memoryUsage();
  let peak = before.rss;
  const sampler = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage().rss);
  }, 20);
  const start = process.hrtime.bigint();
  const sizes = await Promise.all(
    [0, 1, 2].map(async () => {
      let bytes = 0;
      let gps = false;
      await pipeline(
        await decryptingStream(file, key),
        sanitizingStream('jpg'),
        new Writable({
          highWaterMark: 64 * 1024,
          write(chunk: Buffer, _e, done) {
            bytes += chunk.length;
            if (chunk.includes('GPSLatitude')) gps = true;
            done();
          },
        }),
      );
      return { bytes, gps };
    }),
  );
  const seconds = Number(process.hrtime.bigint() - start) / 1e9;
  clearInterval(sampler);
  peak = Math.max(peak, process.memoryUsage().rss);
  console.log(
    `== sanitize, round ${round}: 3 concurrent downloads of a ${total / MiB} MiB JPEG (decrypt + strip)`,
  );
  console.log(
    `rss before ${(before.rss / MiB).toFixed(0)} MiB, peak ${(peak / MiB).toFixed(0)} MiB, ` +
      `growth ${((peak - before.rss) / MiB).toFixed(1)} MiB (goal < 61 MiB = 64 MB)`,
  );
  console.log(
    `${((3 * total) / MiB / seconds).toFixed(0)} MiB/s in all; out ${sizes[0]!.bytes} bytes each; ` +
      `GPS left: ${sizes.some((s) => s.gps)}`,
  );
}

export async function run(): Promise<void> {
  const dir = await mkdtemp(path.join(tmpdir(), 'bench-sanitize-'));
  const file = path.join(dir, 'photo.bin');
  try {
    await throughput();
    await pipeline(bigJpeg(), encryptingStream(key), createWriteStream(file));
    for (const round of [1, 2]) await downloads(file, round);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await run();
