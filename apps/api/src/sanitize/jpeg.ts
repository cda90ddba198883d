import { ByteParser } from './core';

const SOI = 0xd8;
const EOI = 0xd9;
const SOS = 0xda;
const APP0 = 0xe0;
const APP2 = 0xe2;
const APP14 = 0xee;
const COM = 0xfe;
const ICC = Buffer.from('ICC_PROFILE\0', 'latin1');
const ADOBE = Buffer.from('Adobe', 'latin1');
/** Markers that stand alone, with no length: TEM, RST0-7, SOI, EOI. */
const standalone = (m: number) => m === 0x01 || (m >= 0xd0 && m <= 0xd9);
const isRst = (m: number) => m >= 0xd0 && m <= 0xd7;

/**
 * JPEG, streamed. Keeps what decoding needs and drops what identifies:
 *
 * - kept: APP0 (JFIF), APP2 only when it is an ICC colour profile, APP14 "Adobe" (says how to read
 *   CMYK/YCCK), and every non-APP segment (tables, frame, scans);
 * - dropped: APP1 (Exif with GPS, XMP), APP13 (Photoshop/IPTC), other APP2 (MPF: the index of a
 *   second image), APP3–APP15, COM, and everything after the end-of-image marker (the second
 *   image of an "Ultra HDR" photo, or anything appended).
 *
 * Segments are read by their length up to a scan (SOS), skipping stray bytes between them as
 * decoders do; the entropy-coded data after it is
 * copied up to the next real marker, found by searching for 0xFF and skipping stuffed 0xFF00 and
 * restart markers. Memory: at most one APP2/APP14 segment (64 KiB) is held to look inside it.
 */
export class JpegSanitizer extends ByteParser {
  constructor() {
    super();
    this.need(2, (b) => {
      this.emit(b);
      if (b[0] === 0xff && b[1] === SOI) this.top();
      else this.passRest();
    });
  }

  /** Between segments, bytes that are not a marker are being skipped. */
  private stray = false;

  protected top(): void {
    this.need(1, (b) => {
      if (b[0] === 0xff) this.markerByte();
      else {
        // Not at a marker: decoders skip such bytes up to the next 0xFF (libjpeg's "extraneous
        // bytes before marker") and read on, so the segments after them (an Exif block with
        // GPS) are still there for any reader: drop the bytes and go on as decoders do.
        this.stray = true;
        this.scanning();
      }
    });
  }

  private markerByte(): void {
    this.need(1, (b) => {
      const m = b[0]!;
      if (m === 0xff) this.markerByte();
      else this.marker(m);
    });
  }

  private marker(m: number): void {
    if (standalone(m)) {
      this.emit(Buffer.from([0xff, m]));
      if (m === EOI) this.dropRest();
      else this.top();
      return;
    }
    this.need(2, (len) => {
      const length = len.readUInt16BE(0);
      const head = Buffer.from([0xff, m, len[0]!, len[1]!]);
      if (length < 2) {
        this.emit(head);
        this.passRest();
        return;
      }
      const body = length - 2;
      if (m === SOS) {
        this.emit(head);
        this.copy(body, () => this.scanning());
      } else if (m === APP2 || m === APP14) {
        this.need(body, (payload) => {
          const keep =
            m === APP2
              ? payload.subarray(0, ICC.length).equals(ICC)
              : payload.subarray(0, ADOBE.length).equals(ADOBE);
          if (keep) {
            this.emit(head);
            this.emit(payload);
          }
          this.top();
        });
      } else if ((m > APP0 && m <= 0xef) || m === COM) {
        this.skip(body);
      } else {
        this.emit(head);
        this.copy(body);
      }
    });
  }

  /**
   * Entropy-coded data: copied in one run up to the next marker that is not stuffing or RSTn.
   * Stray bytes between segments: dropped up to the next 0xFF.
   */
  protected override scan(chunk: Buffer, off: number): number {
    if (this.stray) {
      const ff = chunk.indexOf(0xff, off);
      if (ff < 0) return chunk.length;
      this.stray = false;
      this.markerByte();
      return ff + 1;
    }
    let i = off;
    for (;;) {
      const j = chunk.indexOf(0xff, i);
      if (j < 0) {
        this.emit(chunk.subarray(off));
        return chunk.length;
      }
      if (j + 1 >= chunk.length) {
        this.emit(chunk.subarray(off, j));
        this.afterFf();
        return chunk.length;
      }
      const x = chunk[j + 1]!;
      if (x === 0x00 || isRst(x)) {
        i = j + 2;
        continue;
      }
      this.emit(chunk.subarray(off, j));
      if (x === 0xff) {
        this.afterFf();
        return j + 1;
      }
      this.marker(x);
      return j + 2;
    }
  }

  /** An 0xFF in entropy-coded data whose next byte is in the next chunk. */
  private afterFf(): void {
    this.need(1, (b) => {
      const x = b[0]!;
      if (x === 0x00 || isRst(x)) {
        this.emit(Buffer.from([0xff, x]));
        this.scanning();
      } else if (x === 0xff) this.afterFf();
      else this.marker(x);
    });
  }
}
