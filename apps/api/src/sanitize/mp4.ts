import { ByteParser } from './core';

/** Boxes walked into: udta and meta live in moov and its tracks. */
const CONTAINERS = new Set(['moov', 'trak', 'mdia']);
/**
 * User data and metadata: ©xyz (the place it was filmed), ©ART/©aut/©nam, the Apple
 * "com.apple.quicktime.location.ISO6709" and make/model keys, XMP. And vendor extensions
 * (`uuid` boxes): XMP in an MP4 (BE7ACFCB-97A9-42E8-9C71-999491E3AFAC: author, GPS), a camera's
 * Exif (Canon's CMT boxes: serial number, GPS). None is needed to play.
 */
const METADATA = new Set(['udta', 'meta', 'uuid']);

/**
 * MP4 / MOV (ISO base media), streamed box by box. Each udta, meta and uuid box inside moov or a
 * track (and at the top level) becomes a `free` box of the same length, its content zeroed: nothing
 * moves, so the chunk offsets (stco/co64) into mdat stay right, and the output has the input's
 * length. Everything else is copied; only box headers (8–16 bytes) are held.
 */
export class Mp4Sanitizer extends ByteParser {
  private readonly ends: number[] = [];

  constructor() {
    super();
    this.top();
  }

  protected top(): void {
    while (this.ends.length > 0 && this.consumed >= this.ends.at(-1)!) this.ends.pop();
    this.need(8, (h) => {
      const size = h.readUInt32BE(0);
      const start = this.consumed - 8;
      if (size === 1)
        this.need(8, (ext) =>
          this.box(Buffer.concat([h, ext]), start, Number(ext.readBigUInt64BE(0))),
        );
      else this.box(h, start, size === 0 ? Infinity : size);
    });
  }

  private box(header: Buffer, start: number, size: number): void {
    const type = header.toString('latin1', 4, 8);
    const parentEnd = this.ends.at(-1) ?? Infinity;
    if (size < header.length || start + size > parentEnd) {
      // Not a box that fits its parent: not a file this understands; keep the rest as it is.
      this.emit(header);
      this.passRest();
      return;
    }
    const body = size - header.length;
    if (CONTAINERS.has(type)) {
      this.emit(header);
      this.ends.push(start + size);
      this.top();
    } else if (METADATA.has(type)) {
      const free = Buffer.from(header);
      free.write('free', 4, 'latin1');
      this.emit(free);
      this.zero(body);
    } else {
      this.emit(header);
      this.copy(body);
    }
  }

  protected override finish(partial: Buffer | null): void {
    if (partial) this.emit(partial);
  }
}
