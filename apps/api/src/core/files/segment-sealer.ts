import type { SegmentCodec } from '../../crypto/file-segments';

/**
 * Cuts the bytes of one resumable PATCH into the file's segments (64 KiB) and seals each as soon
 * as it is whole (decision 0055). A segment that lies whole inside an incoming chunk is sealed
 * from a view of that chunk; only one that straddles chunks is gathered, into one buffer reused
 * for the whole PATCH. So the one Buffer made per segment is its ciphertext (Node has no
 * `cipher.update` into a given buffer), never a copy of the plaintext, whatever the size of the
 * chunks: five uploads at once had made about twice the garbage a filing makes, and the server's
 * memory grew past DESIGN §7's 64 MB while V8 waited to collect it (docs/bench/uploads.md,
 * round 3). Whether a segment is the file's last is known from its size, so none waits for a
 * byte after it, as the multipart path's `Segmenter` must.
 */
export class SegmentSealer {
  private gathered: Buffer | null = null;
  private fill = 0;
  private index: number;
  private readonly lastIndex: number;

  constructor(
    private readonly codec: SegmentCodec,
    /** The whole file's plaintext bytes. */
    private readonly size: number,
    /** Where this PATCH starts: a segment boundary (what the server kept). */
    offset: number,
    /** Takes each piece of sealed bytes (ciphertext, then tag), in order. */
    private readonly push: (sealed: Buffer) => void,
  ) {
    if (offset % codec.segmentBytes !== 0) throw new RangeError('offset inside a segment');
    this.index = offset / codec.segmentBytes;
    this.lastIndex = Math.max(0, Math.ceil(size / codec.segmentBytes) - 1);
  }

  /**
   * Where the whole segments sealed so far end: the offset the upload resumes from. The bytes of
   * a segment not yet whole are never sealed nor stored; the client sends them again.
   */
  get kept(): number {
    return Math.min(this.index * this.codec.segmentBytes, this.size);
  }

  /** Seals every segment `chunk` completes; keeps the start of the next one. */
  feed(chunk: Buffer): void {
    let at = 0;
    while (at < chunk.length) {
      const want = this.segmentLength();
      if (want <= 0) throw new RangeError('bytes past the end of the file');
      if (this.fill === 0 && chunk.length - at >= want) {
        this.seal(chunk.subarray(at, at + want));
        at += want;
        continue;
      }
      this.gathered ??= Buffer.allocUnsafe(this.codec.segmentBytes);
      const take = Math.min(want - this.fill, chunk.length - at);
      chunk.copy(this.gathered, this.fill, at, at + take);
      this.fill += take;
      at += take;
      if (this.fill === want) {
        this.fill = 0;
        this.seal(this.gathered.subarray(0, want));
      }
    }
  }

  /** The plaintext bytes of the segment being built: a whole one, or the file's shorter last. */
  private segmentLength(): number {
    const segment = this.codec.segmentBytes;
    return Math.min(segment, this.size - this.index * segment);
  }

  private seal(plain: Buffer): void {
    this.codec.seal(plain, this.index, this.index === this.lastIndex, this.push);
    this.index += 1;
  }
}
