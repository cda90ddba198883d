import { deflateSync, inflateSync } from 'node:zlib';
import { runOnBuffer, type Sanitizer } from './core';

/**
 * Document-information keys whose values are blanked wherever they appear. /Title too: a title
 * can name its author ("Informe de Juan"); outline entries, which use the same key, lose their
 * labels in the copy (the pages are untouched).
 */
const KEYS = [
  '/Title',
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
const name = (k: string) => Buffer.from(k, 'latin1');
/** What the scanner notes about the object it is in, to decide on its stream. */
const OBJSTM = name('/ObjStm');
const METADATA = name('/Metadata');
const FLATE = name('/FlateDecode');
const LENGTH = name('/Length');
const STREAM = name('stream');
const ENDSTREAM = name('endstream');
const ENDOBJ = name('endobj');
const PATTERNS = [...KEYS, INFO, ...XMP_OPEN, OBJSTM, METADATA, FLATE, LENGTH, STREAM, ENDOBJ];
/**
 * A compressed object or metadata stream longer than this is let through as it is (memory
 * bound). Writers keep object streams small (pdf-lib: 50 objects; Acrobat: about 100).
 */
export const MAX_COLLECTED = 8 * 1024 * 1024;
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
  | { kind: 'xmp'; close: Buffer }
  | { kind: 'metaName' }
  | { kind: 'length'; text: string }
  | { kind: 'eol' }
  | { kind: 'collect'; left: number | null; parts: Buffer[]; size: number };

/** What is known of the current object's dictionary when its stream starts. */
interface ObjectNotes {
  objStm: boolean;
  metadata: boolean;
  flate: boolean;
  length: number | null;
}
const noNotes = (): ObjectNotes => ({ objStm: false, metadata: false, flate: false, length: null });

/**
 * The content of a compressed object stream or XMP stream, cleaned: inflated, blanked by a
 * PdfSanitizer of its own, deflated again and padded with line feeds to its original length (so
 * every offset in the file stays valid; readers stop at the end of the deflate data). Unchanged
 * when nothing in it needed blanking. When the cleaned data does not fit (it practically always
 * does: blanking makes it more compressible), or cannot be inflated, an XMP stream is blanked
 * whole and an object stream is emptied, rather than let anything through.
 */
function cleanCompressed(content: Buffer, metadata: boolean): Buffer {
  const padded = (data: Buffer) => {
    const out = Buffer.alloc(content.length, 0x0a);
    if (data.length <= out.length) data.copy(out);
    return out;
  };
  let inflated: Buffer;
  try {
    inflated = inflateSync(content);
  } catch {
    return metadata ? Buffer.alloc(content.length, SPACE) : content;
  }
  const cleaned = runOnBuffer(new PdfSanitizer(), inflated);
  if (cleaned.equals(inflated)) return content;
  const deflated = deflateSync(cleaned, { level: 9 });
  if (deflated.length <= content.length) return padded(deflated);
  return padded(deflateSync(Buffer.alloc(cleaned.length, SPACE), { level: 9 }));
}

/**
 * PDF, streamed, by overwriting in place: every byte keeps its offset, so the cross-reference
 * table stays valid and the output has the input's length. It blanks (with spaces) the values of
 * /Author, /Creator, /Producer, /Subject, /Keywords, /CreationDate and /ModDate, keeps their
 * brackets (so `(…)` becomes `(   )`), blanks the trailer's `/Info n 0 R` (readers then see no
 * information dictionary), and blanks XMP packets (`<x:xmpmeta …>…</x:xmpmeta>`).
 *
 * Compressed object streams (`/Type /ObjStm`, where PDF 1.5+ writers put the information
 * dictionary, referenced from a cross-reference stream) and compressed XMP streams
 * (`/Type /Metadata /Filter /FlateDecode`) are collected, inflated, blanked the same way and
 * deflated again into the same number of bytes (`cleanCompressed`).
 * Memory: a carry of a few bytes between chunks, one copy of each chunk, and one object or XMP
 * stream at a time (at most MAX_COLLECTED bytes; a larger one passes as it is).
 */
export class PdfSanitizer implements Sanitizer {
  private carry: Buffer = Buffer.alloc(0);
  private mode: Mode = { kind: 'scan' };
  private notes = noNotes();
  /** The byte before `carry` (whether `stream` starts a token). */
  private prev = 0x0a;
  /** Where the bytes of `work` not yet written out begin (bytes collected are not written). */
  private from = 0;
  private out: (b: Buffer) => void = () => {};

  write(chunk: Buffer, out: (b: Buffer) => void): void {
    const work = Buffer.concat([this.carry, chunk]);
    this.out = out;
    this.from = 0;
    const stop = this.process(work, false);
    if (stop > this.from) out(work.subarray(this.from, stop));
    if (stop > 0) this.prev = work[stop - 1]!;
    this.carry = Buffer.from(work.subarray(stop));
  }

  end(out: (b: Buffer) => void): void {
    const work = this.carry;
    this.out = out;
    this.from = 0;
    this.process(work, true);
    const mode = this.mode;
    if (mode.kind === 'collect') for (const part of mode.parts) out(part);
    if (work.length > this.from) out(work.subarray(this.from));
    this.carry = Buffer.alloc(0);
    this.mode = { kind: 'scan' };
  }

  /** True when `p` found at `at` is the token it looks like. */
  private isToken(work: Buffer, p: Buffer, at: number, n: number): boolean {
    if (p[0] === 0x2f) return at + p.length >= n || isDelimiter(work[at + p.length]!);
    if (p === STREAM) {
      const before = at > 0 ? work[at - 1]! : this.prev;
      const after = work[at + p.length];
      return (isWhite(before) || before === 0x3e) && (after === 0x0d || after === 0x0a);
    }
    if (p === ENDOBJ) return at + p.length >= n || isDelimiter(work[at + p.length]!);
    return true;
  }

  /** Writes out `work` up to `to` and hands the bytes from `to` to the collected stream. */
  private collect(work: Buffer, i: number, to: number): void {
    const mode = this.mode;
    if (mode.kind !== 'collect') return;
    if (i > this.from) this.out(work.subarray(this.from, i));
    if (to > i) mode.parts.push(Buffer.from(work.subarray(i, to)));
    mode.size += to - i;
    this.from = to;
  }

  /** The collected stream is whole: writes its cleaned content out. */
  private release(): void {
    const mode = this.mode;
    if (mode.kind !== 'collect') return;
    const content = Buffer.concat(mode.parts, mode.size);
    this.out(cleanCompressed(content, this.notes.metadata));
    this.notes = noNotes();
    this.mode = { kind: 'scan' };
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
            // A key must end at a delimiter (/AuthorX is another name); `stream` is a keyword.
            while (at >= 0 && at + p.length < n && !this.isToken(work, p, at, n))
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
          if (pattern === OBJSTM || pattern === FLATE || pattern === ENDOBJ) {
            if (pattern === OBJSTM) this.notes.objStm = true;
            else if (pattern === FLATE) this.notes.flate = true;
            else this.notes = noNotes();
            i = best + pattern.length;
            continue;
          }
          if (pattern === METADATA || pattern === LENGTH || pattern === STREAM) {
            this.mode =
              pattern === METADATA
                ? { kind: 'metaName' }
                : pattern === LENGTH
                  ? { kind: 'length', text: '' }
                  : { kind: 'eol' };
            i = best + pattern.length;
            continue;
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
        case 'metaName': {
          // `/Type /Metadata` names an XMP stream; `/Metadata 12 0 R` points to one.
          const b = work[i]!;
          if (isWhite(b)) i++;
          else {
            if (b < 0x30 || b > 0x39) this.notes.metadata = true;
            this.mode = { kind: 'scan' };
          }
          break;
        }
        case 'length': {
          const b = work[i]!;
          if ((isWhite(b) || (b >= 0x30 && b <= 0x39) || b === 0x52) && mode.text.length < 24) {
            mode.text += String.fromCharCode(b);
            i++;
          } else {
            const direct = /^\s*(\d+)\s*$/.exec(mode.text);
            this.notes.length = direct ? Number(direct[1]) : null;
            this.mode = { kind: 'scan' };
          }
          break;
        }
        case 'eol': {
          // After `stream`: CR LF or LF, then the content.
          if (work[i] === 0x0d) {
            if (i + 1 >= n && !final) return i;
            i += work[i + 1] === 0x0a ? 2 : 1;
          } else if (work[i] === 0x0a) i++;
          const notes = this.notes;
          if ((notes.objStm || notes.metadata) && notes.flate) {
            this.mode = { kind: 'collect', left: notes.length, parts: [], size: 0 };
            this.collect(work, i, i);
          } else {
            this.notes = noNotes();
            this.mode = { kind: 'scan' };
          }
          break;
        }
        case 'collect': {
          if (mode.left !== null) {
            const take = Math.min(mode.left, n - i);
            this.collect(work, i, i + take);
            i += take;
            mode.left -= take;
            if (mode.left === 0) this.release();
          } else {
            const at = work.indexOf(ENDSTREAM, i);
            const to = at >= 0 ? at : final ? n : Math.max(i, n - ENDSTREAM.length);
            this.collect(work, i, to);
            i = to;
            if (at >= 0) this.release();
            else if (!final) return i;
          }
          if (this.mode.kind === 'collect' && this.mode.size > MAX_COLLECTED) {
            // Too large to hold: let it through as it is.
            for (const part of this.mode.parts) this.out(part);
            this.notes = noNotes();
            this.mode = { kind: 'scan' };
          }
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
