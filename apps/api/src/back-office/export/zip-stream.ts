import { Readable } from 'node:stream';
import { Zip, ZipPassThrough } from 'fflate';

/** One member of a ZIP: bytes at hand, or a stream opened only when its turn comes. */
export interface ZipMember {
  /** The path inside the archive ('/' separates folders). */
  name: string;
  content: Uint8Array | (() => Promise<Readable>);
}

/**
 * A ZIP archive as a stream, written member after member as the reader asks for more: a stored
 * file is read chunk by chunk and never held whole in memory (back-pressure reaches the source
 * through the async generator). Members are stored, not deflated: the files a case holds are
 * mostly compressed already (photos, video, PDF, Office). An error of a member's stream ends the
 * archive's stream with that error.
 */
export function zipStream(members: readonly ZipMember[], mtime = new Date()): Readable {
  return Readable.from(zipChunks(members, mtime), { objectMode: false });
}

async function* zipChunks(members: readonly ZipMember[], mtime: Date) {
  const ready: Uint8Array[] = [];
  let failure: Error | null = null;
  const zip = new Zip((error, chunk) => {
    if (error) failure = error;
    else ready.push(chunk);
  });
  function* drain() {
    if (failure) throw failure;
    while (ready.length > 0) yield ready.shift()!;
  }
  for (const member of members) {
    const entry = new ZipPassThrough(member.name);
    entry.mtime = mtime;
    zip.add(entry);
    if (member.content instanceof Uint8Array) {
      entry.push(member.content, true);
    } else {
      for await (const chunk of await member.content()) {
        entry.push(chunk as Uint8Array);
        yield* drain();
      }
      entry.push(new Uint8Array(0), true);
    }
    yield* drain();
  }
  zip.end();
  yield* drain();
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
