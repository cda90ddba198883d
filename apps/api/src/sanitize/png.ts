import { ByteParser } from './core';

const SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
/** Text (author, comments, software, XMP in iTXt), Exif and the modification time. */
const METADATA = new Set(['tEXt', 'iTXt', 'zTXt', 'eXIf', 'tIME']);

/**
 * PNG, streamed chunk by chunk: drops the metadata chunks and everything after IEND; copies the
 * rest without holding it (only the 8-byte chunk headers are looked at).
 */
export class PngSanitizer extends ByteParser {
  constructor() {
    super();
    this.need(8, (sig) => {
      this.emit(sig);
      if (sig.equals(SIGNATURE)) this.top();
      else this.passRest();
    });
  }

  protected top(): void {
    this.need(8, (h) => {
      const length = h.readUInt32BE(0);
      const type = h.toString('latin1', 4, 8);
      if (length > 0x7fffffff) {
        this.emit(h);
        this.passRest();
      } else if (METADATA.has(type)) this.skip(length + 4);
      else {
        this.emit(h);
        this.copy(length + 4, type === 'IEND' ? () => this.dropRest() : undefined);
      }
    });
  }
}
