import { ByteParser } from './core';

const ID3V1_BYTES = 128;
const APE = Buffer.from('APETAGEX', 'latin1');
const APE_BYTES = 32;
/** APE flags: bit 31 "the tag has a header", bit 29 "this is the header". */
const HAS_HEADER = 0x80000000;
const IS_HEADER = 0x20000000;
/** A tag claiming more than this is not a tag (or not one worth trusting). */
const MAX_APE = 64 * 1024 * 1024;
/**
 * Bytes held back from the end: an ID3v1 tag and an APE tag written without a header (footer
 * only, found from the end) of up to 16 KiB. An APE tag with a header (what APEv2 writers put)
 * is found where it starts, whatever its size.
 */
const HOLD = ID3V1_BYTES + APE_BYTES + 16 * 1024;

/** The APE header or footer at `at` in `b`, if one is there: its tag size and flags. */
function apeAt(b: Buffer, at: number): { size: number; flags: number } | null {
  if (at < 0 || at + APE_BYTES > b.length || !b.subarray(at, at + 8).equals(APE)) return null;
  const version = b.readUInt32LE(at + 8);
  const size = b.readUInt32LE(at + 12);
  if ((version !== 1000 && version !== 2000) || size < APE_BYTES || size > MAX_APE) return null;
  return { size, flags: b.readUInt32LE(at + 20) };
}

const isId3v1 = (b: Buffer, at: number) =>
  at >= 0 && b.length - at >= ID3V1_BYTES && b.toString('latin1', at, at + 3) === 'TAG';

/**
 * MP3, streamed: drops ID3v2 tags at the start (title, artist, comments, pictures, and whatever
 * a recorder wrote), APEv2/APEv1 tags (where their header is, or at the end before or after an
 * ID3v1 tag) and an ID3v1 tag at the end. Memory: at most twice HOLD bytes (about 33 KiB) held back.
 * (ID3v2 tags appended at the end are not removed.)
 */
export class Mp3Sanitizer extends ByteParser {
  private tail = Buffer.alloc(0);
  /** Bytes received since the last look, not yet joined to `tail` (joined once they add up). */
  private pending: Buffer[] = [];
  private pendingBytes = 0;

  constructor() {
    super();
    this.top();
  }

  protected top(): void {
    this.need(10, (h) => {
      if (
        h.toString('latin1', 0, 3) === 'ID3' &&
        h[3]! < 0xff &&
        (h[6]! | h[7]! | h[8]! | h[9]!) < 0x80
      ) {
        const size = (h[6]! << 21) | (h[7]! << 14) | (h[8]! << 7) | h[9]!;
        const footer = h[5]! & 0x10 ? 10 : 0;
        this.skip(size + footer);
      } else {
        this.scanning();
        this.hold(h);
      }
    });
  }

  protected override scan(chunk: Buffer, off: number): number {
    this.hold(chunk.subarray(off));
    return chunk.length;
  }

  /**
   * Adds `b` to what is held, drops an APE tag whose header shows up (and an ID3v1 tag right
   * before it), and emits all but the last HOLD bytes.
   */
  private hold(b: Buffer, now = false): void {
    if (b.length > 0) {
      this.pending.push(b.length < HOLD ? Buffer.from(b) : b);
      this.pendingBytes += b.length;
    }
    if (!now && this.pendingBytes < HOLD) return;
    let work = Buffer.concat([this.tail, ...this.pending]);
    this.pending = [];
    this.pendingBytes = 0;
    for (let from = 0; ;) {
      const at = work.indexOf(APE, from);
      if (at < 0 || at + APE_BYTES > work.length) break;
      const ape = apeAt(work, at);
      if (!ape || !(ape.flags & IS_HEADER)) {
        from = at + 1;
        continue;
      }
      const before = isId3v1(work, at - ID3V1_BYTES) ? at - ID3V1_BYTES : at;
      this.emit(work.subarray(0, before));
      const total = APE_BYTES + ape.size;
      const available = work.length - at;
      if (available < total) {
        this.tail = Buffer.alloc(0);
        this.skip(total - available, () => this.scanning());
        return;
      }
      work = work.subarray(at + total);
      from = 0;
    }
    const cut = Math.max(0, work.length - HOLD);
    this.emit(work.subarray(0, cut));
    this.tail = Buffer.from(work.subarray(cut));
  }

  protected override finish(partial: Buffer | null): void {
    this.scanning();
    this.hold(partial ?? Buffer.alloc(0), true);
    let end = this.tail.length;
    for (let changed = true; changed;) {
      changed = false;
      if (end >= ID3V1_BYTES && isId3v1(this.tail.subarray(0, end), end - ID3V1_BYTES)) {
        end -= ID3V1_BYTES;
        changed = true;
      }
      const ape = apeAt(this.tail, end - APE_BYTES);
      if (ape && !(ape.flags & IS_HEADER)) {
        const total = ape.size + (ape.flags & HAS_HEADER ? APE_BYTES : 0);
        if (total <= end) {
          end -= total;
          changed = true;
        }
      }
    }
    this.emit(this.tail.subarray(0, end));
    this.tail = Buffer.alloc(0);
  }
}
