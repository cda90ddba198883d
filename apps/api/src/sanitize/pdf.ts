import type { Sanitizer } from './core';

/**
 * Document-information keys whose values are blanked wherever they appear. /Title is kept: it is
 * the document's visible title (and outline entries use the same key), not who made it.
 */
const KEYS = [
  '/Author',
  '/Creator',
  '/Producer',
  '/Subject',
  '/Keywords',
  '/CreationDate',
  '/ModDate',
].map((k) => Buffer.from(k, 'latin1'));
/** The trailer's (or cross-reference stream's) reference to the information dictionary. */
const INFO = Buffer.from('/Info', 'latin1');
const XMP_OPEN = ['<x:xmpmeta', '<x:xapmeta'].map((k) => Buffer.from(k, 'latin1'));
const XMP_CLOSE = ['</x:xmpmeta>', '</x:xapmeta>'].map((k) => Buffer.from(k, 'latin1'));
const PATTERNS = [...KEYS, INFO, ...XMP_OPEN];
const LOOKAHEAD = Math.max(...PATTERNS.map((p) => p.length)) + 1;
const SPACE = 0x20;
/** A value longer than this is not metadata (or not a string): stop blanking. */
const MAX_VALUE = 64 * 1024;

const isWhite = (b: number) =>
  b === 0x20 || b === 0x0a || b === 0x0d || b === 0x09 || b === 0x0c || b === 0;
const isDelimiter = (b: number) =>
  isWhite(b) ||
  b === 0x28 ||
  b === 0x29 ||
  b === 0x3c ||
  b === 0x3e ||
  b === 0x5b ||
  b === 0x5d ||
  b === 0x7b ||
  b === 0x7d ||
  b === 0x2f ||
  b === 0x25;

type Mode =
  | { kind: 'scan' }
  | { kind: 'value' }
  | { kind: 'literal'; depth: number; escape: boolean; left: number }
  | { kind: 'hex'; left: number }
  | { kind: 'ref'; left: number }
  | { kind: 'xmp'; close: Buffer };

/**
 * PDF, streamed, by overwriting in place: every byte keeps its offset, so the cross-reference
 * table stays valid and the output has the input's length. It blanks (with spaces) the values of
 * /Author, /Creator, /Producer, /Subject, /Keywords, /CreationDate and /ModDate, keeps their
 * brackets (so `(…)` becomes `(   )`), blanks the trailer's `/Info n 0 R` (readers then see no
 * information dictionary), and blanks XMP packets (`<x:xmpmeta …>…</x:xmpmeta>`).
 *
 * What it cannot see: objects inside compressed object streams (PDF 1.5+ writers may put the
 * information dictionary there; unreferenced once /Info is blanked, but its bytes stay, deflated)
 * and XMP in a compressed stream. A rewrite of the PDF would be needed for those.
 * Memory: a carry of a few bytes between chunks, plus one copy of each chunk.
 */
export class PdfSanitizer implements Sanitizer {
  private carry: Buffer = Buffer.alloc(0);
  private mode: Mode = { kind: 'scan' };

  write(chunk: Buffer, out: (b: Buffer) => void): void {
    const work = Buffer.concat([this.carry, chunk]);
    const stop = this.process(work, false);
    if (stop > 0) out(work.subarray(0, stop));
    this.carry = Buffer.from(work.subarray(stop));
  }

  end(out: (b: Buffer) => void): void {
    const work = this.carry;
    this.process(work, true);
    if (work.length > 0) out(work);
    this.carry = Buffer.alloc(0);
  }

  /** Blanks in place from the start of `work`; returns where unprocessed bytes begin. */
  private process(work: Buffer, final: boolean): number {
    let i = 0;
    const n = work.length;
    while (i < n) {
      const mode = this.mode;
      switch (mode.kind) {
        case 'scan': {
          let best = -1;
          let pattern: Buffer | null = null;
          for (const p of PATTERNS) {
            let at = work.indexOf(p, i);
            // A key must end at a delimiter (/AuthorX is another name).
            while (
              at >= 0 &&
              at + p.length < n &&
              p[0] === 0x2f &&
              !isDelimiter(work[at + p.length]!)
            )
              at = work.indexOf(p, at + 1);
            if (at >= 0 && (best < 0 || at < best)) {
              best = at;
              pattern = p;
            }
          }
          const safeEnd = final ? n : n - LOOKAHEAD;
          if (best < 0 || pattern === null || (!final && best + pattern.length >= n)) {
            return final ? n : Math.max(i, safeEnd);
          }
          if (pattern === INFO) {
            work.fill(SPACE, best, best + INFO.length);
            this.mode = { kind: 'ref', left: 32 };
          } else if (XMP_OPEN.some((p) => p === pattern)) {
            this.mode = {
              kind: 'xmp',
              close: XMP_CLOSE[XMP_OPEN.findIndex((p) => p === pattern)]!,
            };
            i = best;
            continue;
          } else this.mode = { kind: 'value' };
          i = best + pattern.length;
          break;
        }
        case 'value': {
          const b = work[i]!;
          if (isWhite(b)) i++;
          else if (b === 0x28) {
            this.mode = { kind: 'literal', depth: 1, escape: false, left: MAX_VALUE };
            i++;
          } else if (b === 0x3c) {
            if (i + 1 >= n && !final) return i;
            this.mode = work[i + 1] === 0x3c ? { kind: 'scan' } : { kind: 'hex', left: MAX_VALUE };
            i++;
          } else this.mode = { kind: 'scan' };
          break;
        }
        case 'literal': {
          const b = work[i]!;
          if (mode.escape) mode.escape = false;
          else if (b === 0x5c) mode.escape = true;
          else if (b === 0x28) mode.depth++;
          else if (b === 0x29 && --mode.depth === 0) {
            this.mode = { kind: 'scan' };
            i++;
            break;
          }
          work[i++] = SPACE;
          if (--mode.left === 0) this.mode = { kind: 'scan' };
          break;
        }
        case 'hex': {
          if (work[i] === 0x3e) this.mode = { kind: 'scan' };
          else work[i] = SPACE;
          i++;
          if (--mode.left === 0) this.mode = { kind: 'scan' };
          break;
        }
        case 'ref': {
          const b = work[i]!;
          if (isWhite(b) || (b >= 0x30 && b <= 0x39)) work[i++] = SPACE;
          else {
            if (b === 0x52) work[i++] = SPACE;
            this.mode = { kind: 'scan' };
          }
          if (--mode.left === 0) this.mode = { kind: 'scan' };
          break;
        }
        case 'xmp': {
          const at = work.indexOf(mode.close, i);
          if (at >= 0) {
            work.fill(SPACE, i, at + mode.close.length);
            i = at + mode.close.length;
            this.mode = { kind: 'scan' };
          } else {
            const upTo = final ? n : Math.max(i, n - mode.close.length + 1);
            work.fill(SPACE, i, upTo);
            return upTo;
          }
          break;
        }
      }
    }
    return n;
  }
}
