import { promisify } from 'node:util';
import { deflate } from 'node:zlib';
import { runOnBuffer, type Sanitizer } from './core';
import { Budget, isLimitError, limitReached } from './limits';
import {
  EMPTY_ZLIB,
  ENDOBJ,
  ENDSTREAM,
  FLATE,
  INFO,
  isWhite,
  LENGTH,
  LINE_FEED,
  LOOKAHEAD,
  MAX_VALUE,
  METADATA,
  OBJSTM,
  PdfTokenFinder,
  SPACE,
  STREAM,
  XMP_CLOSE,
  XMP_OPEN,
} from './pdf-tokens';

const deflateAsync = promisify(deflate);

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
  | { kind: 'collect'; left: number | null; parts: Buffer[]; size: number }
  | { kind: 'wipe'; left: number | null; fill: Buffer; pad: number; written: number };

/** What is known of the current object's dictionary when its stream starts. */
interface ObjectNotes {
  objStm: boolean;
  metadata: boolean;
  flate: boolean;
  length: number | null;
}
const noNotes = (): ObjectNotes => ({ objStm: false, metadata: false, flate: false, length: null });

/**
 * The content of a compressed object stream, cleaned: inflated (bounded, on the thread pool),
 * blanked by a PdfSanitizer of its own (a slice at a time), deflated again and padded with line
 * feeds to its original length (so every offset in the file stays valid; readers stop at the end
 * of the deflate data). Unchanged when nothing in it needed blanking, or when it cannot be
 * inflated (readers cannot read it either). When the cleaned data does not fit (it practically
 * always does: blanking makes it more compressible), the objects are blanked whole rather than
 * let anything through. Past a limit of the budget: SAFE_COPY_LIMIT.
 */
async function cleanObjectStream(content: Buffer, budget: Budget): Promise<Buffer> {
  const padded = (data: Buffer) => {
    const out = Buffer.alloc(content.length, LINE_FEED);
    if (data.length <= out.length) data.copy(out);
    return out;
  };
  let inflated: Buffer;
  try {
    inflated = await budget.inflate(content);
  } catch (error) {
    if (isLimitError(error)) throw error;
    return content;
  }
  const cleaned = await runOnBuffer(new PdfSanitizer(budget, true), inflated, budget);
  if (cleaned.equals(inflated)) return content;
  const deflated = await deflateAsync(cleaned, { level: 9 });
  budget.check();
  if (deflated.length <= content.length) return padded(deflated);
  return padded(await deflateAsync(Buffer.alloc(cleaned.length, SPACE), { level: 9 }));
}

/**
 * PDF, streamed, by overwriting in place: every byte keeps its offset, so the cross-reference
 * table stays valid and the output has the input's length. It blanks (with spaces) the values of
 * /Title, /Author, /Creator, /Producer, /Subject, /Keywords, /CreationDate and /ModDate, keeps
 * their brackets (so `(…)` becomes `(   )`), blanks the trailer's `/Info n 0 R` (readers then see
 * no information dictionary), and blanks XMP packets wherever they appear.
 *
 * A metadata stream (`/Type /Metadata`: XMP, with or without its `x:xmpmeta` wrapper, in any
 * encoding) is emptied whole without being read: a compressed one becomes an empty zlib stream
 * padded with line feeds, another one spaces. Compressed object streams (`/Type /ObjStm`, where
 * PDF 1.5+ writers put the information dictionary, referenced from a cross-reference stream) are
 * collected and cleaned (`cleanObjectStream`), within the budget's limits.
 * Memory: a carry of a few bytes between chunks, one copy of each chunk, and one object stream
 * at a time (at most the budget's `part` bytes, compressed and inflated).
 *
 * The search for the next token keeps where each pattern next occurs, so a chunk is searched
 * once per pattern, not once per token found (linear in its length).
 */
export class PdfSanitizer implements Sanitizer {
  /**
   * `nested`: the content of an object stream, which holds no streams (the `stream` keyword there
   * is not one).
   */
  constructor(
    private readonly budget = new Budget(),
    private readonly nested = false,
  ) {}

  private carry: Buffer = Buffer.alloc(0);
  private mode: Mode = { kind: 'scan' };
  private notes = noNotes();
  /** Where the bytes of `work` not yet written out begin (bytes collected are not written). */
  private from = 0;
  private out: (b: Buffer) => void = () => {};
  /** A collected object stream, whole: to clean before going on. */
  private ready: Buffer | null = null;
  /** The next token's finder (it also keeps the byte before `carry`). */
  private readonly tokens = new PdfTokenFinder();

  write(chunk: Buffer, out: (b: Buffer) => void): void | Promise<void> {
    this.out = out;
    this.from = 0;
    return this.advance(Buffer.concat([this.carry, chunk]), 0, false);
  }

  end(out: (b: Buffer) => void): void | Promise<void> {
    this.out = out;
    this.from = 0;
    const work = this.carry;
    this.carry = Buffer.alloc(0);
    return this.advance(work, 0, true);
  }

  /**
   * Processes `work` from `i`. When an object stream is whole, waits for it to be cleaned, writes
   * it out and goes on from where it ended: synchronous until then.
   */
  private advance(work: Buffer, i: number, final: boolean): void | Promise<void> {
    const stop = this.process(work, i, final);
    // At the end of the file an unfinished object stream is cleaned as far as it goes.
    const mode = this.mode;
    if (final && !this.ready && mode.kind === 'collect') {
      this.ready = Buffer.concat(mode.parts, mode.size);
      this.from = stop;
    }
    const content = this.ready;
    if (content) {
      this.ready = null;
      return cleanObjectStream(content, this.budget).then((cleaned) => {
        this.out(cleaned);
        this.notes = noNotes();
        this.mode = { kind: 'scan' };
        return this.advance(work, stop, final);
      });
    }
    if (final) {
      if (work.length > this.from) this.out(work.subarray(this.from));
      this.mode = { kind: 'scan' };
      return;
    }
    if (stop > this.from) this.out(work.subarray(this.from, stop));
    if (stop > 0) this.tokens.prev = work[stop - 1]!;
    this.carry = Buffer.from(work.subarray(stop));
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

  /** The collected stream is whole: it is cleaned before the rest is processed. */
  private release(): void {
    const mode = this.mode;
    if (mode.kind === 'collect') this.ready = Buffer.concat(mode.parts, mode.size);
  }

  /** Blanks in place from `start` in `work`; returns where unprocessed bytes begin. */
  private process(work: Buffer, start: number, final: boolean): number {
    let i = start;
    const n = work.length;
    while (i < n) {
      const mode = this.mode;
      switch (mode.kind) {
        case 'scan': {
          const best = this.tokens.nextToken(work, i, n);
          const pattern = this.tokens.token;
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
          if (this.nested) {
            this.mode = { kind: 'scan' };
          } else if (notes.metadata) {
            this.mode = {
              kind: 'wipe',
              left: notes.length,
              fill: notes.flate ? EMPTY_ZLIB : Buffer.alloc(0),
              pad: notes.flate ? LINE_FEED : SPACE,
              written: 0,
            };
          } else if (notes.objStm && notes.flate) {
            this.mode = { kind: 'collect', left: notes.length, parts: [], size: 0 };
            this.collect(work, i, i);
          } else {
            this.notes = noNotes();
            this.mode = { kind: 'scan' };
          }
          break;
        }
        case 'collect': {
          let whole: boolean;
          if (mode.left !== null) {
            const take = Math.min(mode.left, n - i);
            this.collect(work, i, i + take);
            i += take;
            mode.left -= take;
            whole = mode.left === 0;
          } else {
            const at = work.indexOf(ENDSTREAM, i);
            const to = at >= 0 ? at : final ? n : Math.max(i, n - ENDSTREAM.length);
            this.collect(work, i, to);
            i = to;
            whole = at >= 0;
          }
          // Held whole to be inflated: past the part's bound the copy is withheld, never let
          // through uncleaned.
          if (mode.size > this.budget.limits.part) throw limitReached('part');
          if (whole) {
            this.release();
            return i;
          }
          if (!final && mode.left === null) return i;
          break;
        }
        case 'wipe': {
          // A metadata stream's content, overwritten in place up to its length or `endstream`.
          let to: number;
          let whole: boolean;
          if (mode.left !== null) {
            to = i + Math.min(mode.left, n - i);
            mode.left -= to - i;
            whole = mode.left === 0;
          } else {
            const at = work.indexOf(ENDSTREAM, i);
            to = at >= 0 ? at : final ? n : Math.max(i, n - ENDSTREAM.length);
            whole = at >= 0;
          }
          const fill = Math.max(0, Math.min(to - i, mode.fill.length - mode.written));
          if (fill > 0) mode.fill.copy(work, i, mode.written, mode.written + fill);
          work.fill(mode.pad, i + fill, to);
          mode.written += to - i;
          i = to;
          if (whole) {
            this.notes = noNotes();
            this.mode = { kind: 'scan' };
          } else if (!final && mode.left === null) return i;
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
