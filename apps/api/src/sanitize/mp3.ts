import { ByteParser } from './core';

const ID3V1_BYTES = 128;

/**
 * MP3, streamed: drops ID3v2 tags at the start (title, artist, comments, pictures, and whatever
 * a recorder wrote) and an ID3v1 tag in the last 128 bytes. Memory: 128 bytes held back.
 * (APEv2 tags and ID3v2 tags appended at the end are not removed.)
 */
export class Mp3Sanitizer extends ByteParser {
  private tail = Buffer.alloc(0);

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
        this.hold(h);
        this.scanning();
      }
    });
  }

  protected override scan(chunk: Buffer, off: number): number {
    this.hold(chunk.subarray(off));
    return chunk.length;
  }

  /** Emits all but the last 128 bytes seen. */
  private hold(b: Buffer): void {
    if (b.length >= ID3V1_BYTES) {
      this.emit(this.tail);
      this.emit(b.subarray(0, b.length - ID3V1_BYTES));
      this.tail = Buffer.from(b.subarray(b.length - ID3V1_BYTES));
      return;
    }
    const joined = Buffer.concat([this.tail, b]);
    const cut = Math.max(0, joined.length - ID3V1_BYTES);
    this.emit(joined.subarray(0, cut));
    this.tail = joined.subarray(cut);
  }

  protected override finish(partial: Buffer | null): void {
    if (partial) this.hold(partial);
    const isId3v1 =
      this.tail.length === ID3V1_BYTES && this.tail.toString('latin1', 0, 3) === 'TAG';
    if (!isId3v1) this.emit(this.tail);
  }
}
