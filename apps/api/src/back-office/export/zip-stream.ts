import { Readable } from 'node:stream';
import { createHash } from 'node:crypto';
import { crc32 } from 'node:zlib';

/** One member of a ZIP: bytes at hand, or a stream opened only when its turn comes. */
export interface ZipMember {
  /** The path inside the archive ('/' separates folders). */
  name: string;
  content: Uint8Array | (() => Promise<Readable>);
  /**
   * What the archive holds instead when `content` cannot be opened or fails part-way (a file
   * whose safe copy cannot be made): a small member of its own, usually a note saying why.
   * Without it, such a failure ends the archive's stream with the error.
   */
  instead?: (error: unknown) => { name: string; content: Uint8Array };
}

/**
 * A ZIP archive as a stream, written member after member as the reader asks for more: a stored
 * file is read chunk by chunk and never held whole in memory (back-pressure reaches the source
 * through the async generator). Members are stored, not deflated: the files a case holds are
 * mostly compressed already (photos, video, PDF, Office), and storing costs only a CRC-32 (zlib's,
 * native) per chunk, so no chunk holds the event loop for long.
 *
 * Written here rather than with a ZIP library because a member that fails part-way must leave
 * the archive readable and complete without it: its bytes already sent stay in the stream, but
 * the central directory — what every ZIP reader lists and extracts from — never names them, and
 * names the `instead` member in their place (decision 0029). Plain ZIP (no ZIP64): a dossier is
 * at most 2 GB of files (the complaint quota) and a PDF; past 4 GiB the archive fails.
 */
/** A member as the archive holds it: its name, the SHA-256 (hex) of its bytes and their count. */
export interface ZippedMember {
  name: string;
  sha256: string;
  bytes: number;
}

/**
 * `seal`, when given, is called once every member is written, with what the archive holds, and
 * answers the members that close it (a dossier's signed manifest, decision 0052).
 */
export function zipStream(
  members: readonly ZipMember[],
  mtime = new Date(),
  seal?: (held: ZippedMember[]) => { name: string; content: Uint8Array }[],
): Readable {
  return Readable.from(zipChunks(members, mtime, seal), { objectMode: false });
}

const LOCAL_HEADER = 0x04034b50;
const DATA_DESCRIPTOR = 0x08074b50;
const CENTRAL_HEADER = 0x02014b50;
const END_OF_CENTRAL = 0x06054b50;
/** Bit 3: sizes and CRC follow the data; bit 11: the name is UTF-8. */
const FLAGS_STREAMED = 0x0808;
const FLAGS_KNOWN = 0x0800;
const VERSION = 20;
const LIMIT = 0xffffffff;

/** MS-DOS date and time (local time, two-second steps), as ZIP records them. */
function dosTime(d: Date): { time: number; date: number } {
  const year = Math.min(Math.max(d.getFullYear(), 1980), 2107);
  return {
    time: (d.getHours() << 11) | (d.getMinutes() << 5) | (d.getSeconds() >> 1),
    date: ((year - 1980) << 9) | ((d.getMonth() + 1) << 5) | d.getDate(),
  };
}

interface Written {
  name: Buffer;
  flags: number;
  crc: number;
  size: number;
  offset: number;
}

async function* zipChunks(
  members: readonly ZipMember[],
  mtime: Date,
  seal?: (held: ZippedMember[]) => { name: string; content: Uint8Array }[],
) {
  const { time, date } = dosTime(mtime);
  const listed: Written[] = [];
  const held: ZippedMember[] = [];
  let offset = 0;

  const localHeader = (name: Buffer, flags: number, crc: number, size: number) => {
    const h = Buffer.alloc(30);
    h.writeUInt32LE(LOCAL_HEADER, 0);
    h.writeUInt16LE(VERSION, 4);
    h.writeUInt16LE(flags, 6);
    h.writeUInt16LE(0, 8); // stored
    h.writeUInt16LE(time, 10);
    h.writeUInt16LE(date, 12);
    h.writeUInt32LE(crc, 14);
    h.writeUInt32LE(size, 18);
    h.writeUInt32LE(size, 22);
    h.writeUInt16LE(name.length, 26);
    return Buffer.concat([h, name]);
  };
  /** `chunk`, counted in the archive's offset (every byte sent counts, listed or not). */
  const sent = (chunk: Uint8Array) => {
    offset += chunk.length;
    if (offset > LIMIT) throw new Error('ZIP archive over 4 GiB');
    return chunk;
  };

  /** A member whose bytes are at hand: sizes and CRC in its header. */
  function* whole(path: string, content: Uint8Array) {
    const name = Buffer.from(path, 'utf8');
    const crc = crc32(content);
    listed.push({ name, flags: FLAGS_KNOWN, crc, size: content.length, offset });
    held.push({
      name: path,
      sha256: createHash('sha256').update(content).digest('hex'),
      bytes: content.length,
    });
    yield sent(localHeader(name, FLAGS_KNOWN, crc, content.length));
    if (content.length > 0) yield sent(content);
  }

  for (const member of members) {
    if (member.content instanceof Uint8Array) {
      yield* whole(member.name, member.content);
      continue;
    }
    const name = Buffer.from(member.name, 'utf8');
    const at = offset;
    let crc = 0;
    let size = 0;
    const hash = createHash('sha256');
    let source: Readable | null = null;
    try {
      // Opened before its header is written: a file that cannot be opened leaves no trace.
      source = await member.content();
      yield sent(localHeader(name, FLAGS_STREAMED, 0, 0));
      for await (const chunk of source) {
        const bytes = chunk as Uint8Array;
        crc = crc32(bytes, crc);
        hash.update(bytes);
        size += bytes.length;
        if (size > LIMIT) throw new Error('ZIP member over 4 GiB');
        yield sent(bytes);
      }
    } catch (error) {
      source?.destroy();
      if (!member.instead) throw error;
      const note = member.instead(error);
      yield* whole(note.name, note.content);
      continue;
    }
    const descriptor = Buffer.alloc(16);
    descriptor.writeUInt32LE(DATA_DESCRIPTOR, 0);
    descriptor.writeUInt32LE(crc, 4);
    descriptor.writeUInt32LE(size, 8);
    descriptor.writeUInt32LE(size, 12);
    yield sent(descriptor);
    listed.push({ name, flags: FLAGS_STREAMED, crc, size, offset: at });
    held.push({ name: member.name, sha256: hash.digest('hex'), bytes: size });
  }
  for (const closing of seal?.(held) ?? []) yield* whole(closing.name, closing.content);

  const start = offset;
  for (const m of listed) {
    const h = Buffer.alloc(46);
    h.writeUInt32LE(CENTRAL_HEADER, 0);
    h.writeUInt16LE(VERSION, 4); // made by: MS-DOS attributes, version 2.0
    h.writeUInt16LE(VERSION, 6);
    h.writeUInt16LE(m.flags, 8);
    h.writeUInt16LE(0, 10);
    h.writeUInt16LE(time, 12);
    h.writeUInt16LE(date, 14);
    h.writeUInt32LE(m.crc, 16);
    h.writeUInt32LE(m.size, 20);
    h.writeUInt32LE(m.size, 24);
    h.writeUInt16LE(m.name.length, 28);
    h.writeUInt32LE(m.offset, 42);
    yield sent(Buffer.concat([h, m.name]));
  }
  const end = Buffer.alloc(22);
  end.writeUInt32LE(END_OF_CENTRAL, 0);
  end.writeUInt16LE(listed.length, 8);
  end.writeUInt16LE(listed.length, 10);
  end.writeUInt32LE(offset - start, 12);
  end.writeUInt32LE(start, 16);
  yield end;
}

/** A name safe as one path segment of an archive: no folders, no control characters. */
export function zipSegment(name: string): string {
  const clean = [...name.normalize('NFC')]
    .map((ch) => (ch < ' ' || ch === '\u007f' || '/\\:*?"<>|'.includes(ch) ? '_' : ch))
    .join('')
    .replace(/^\.+/, '_')
    .trim();
  return clean.slice(0, 150) || 'archivo';
}
