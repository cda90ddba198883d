import { Transform } from 'node:stream';
import type { Budget } from './limits';

/**
 * A metadata stripper fed one chunk at a time. It writes what it keeps through `out`, as views of
 * the input where it can (no copy), and holds at most a small, bounded amount between chunks.
 * A stripper that inflates (PDF, OOXML) answers a promise while it waits for the thread pool; the
 * next chunk comes only once it settles.
 */
export interface Sanitizer {
  write(chunk: Buffer, out: (b: Buffer) => void): void | Promise<void>;
  end(out: (b: Buffer) => void): void | Promise<void>;
}

type Step =
  | { kind: 'need'; n: number; then: (bytes: Buffer) => void }
  | { kind: 'copy' | 'skip' | 'zero'; n: number; then: () => void }
  | { kind: 'scan' };

/**
 * Base of the structural strippers (JPEG, PNG, MP4, MP3): a format is read as a sequence of
 * steps — need n bytes to decide (buffered only if they straddle chunks), then copy, skip or
 * zero a run of bytes (streamed, of any length) — so memory stays bounded by the largest header
 * a format decides on (64 KiB for a JPEG segment), not by the file.
 */
export abstract class ByteParser implements Sanitizer {
  private step: Step = { kind: 'copy', n: Infinity, then: () => {} };
  private acc: Buffer[] = [];
  private accLen = 0;
  private out: (b: Buffer) => void = () => {};
  /** Bytes of input consumed so far. */
  protected consumed = 0;

  /** Sets the step that follows a finished copy/skip/zero run by default. */
  protected abstract top(): void;
  /** For `scan` steps: consumes from `chunk` at `off`, returns the new offset. */
  protected scan(chunk: Buffer, _off: number): number {
    return chunk.length;
  }
  /** At the end of input, with `partial` the bytes of an unfinished `need` (dropped by default). */
  protected finish(_partial: Buffer | null): void {}

  protected emit(b: Buffer): void {
    if (b.length > 0) this.out(b);
  }
  protected need(n: number, then: (bytes: Buffer) => void): void {
    this.step = { kind: 'need', n, then };
  }
  protected copy(n: number, then = () => this.top()): void {
    this.step = n === 0 ? (then(), this.step) : { kind: 'copy', n, then };
  }
  protected skip(n: number, then = () => this.top()): void {
    this.step = n === 0 ? (then(), this.step) : { kind: 'skip', n, then };
  }
  protected zero(n: number, then = () => this.top()): void {
    this.step = n === 0 ? (then(), this.step) : { kind: 'zero', n, then };
  }
  protected passRest(): void {
    this.step = { kind: 'copy', n: Infinity, then: () => {} };
  }
  protected dropRest(): void {
    this.step = { kind: 'skip', n: Infinity, then: () => {} };
  }
  protected scanning(): void {
    this.step = { kind: 'scan' };
  }

  write(chunk: Buffer, out: (b: Buffer) => void): void {
    this.out = out;
    let off = 0;
    while (off < chunk.length) {
      const s = this.step;
      if (s.kind === 'scan') {
        const next = this.scan(chunk, off);
        this.consumed += next - off;
        off = next;
      } else if (s.kind === 'need') {
        if (this.accLen === 0 && chunk.length - off >= s.n) {
          const bytes = chunk.subarray(off, off + s.n);
          off += s.n;
          this.consumed += s.n;
          s.then(bytes);
          continue;
        }
        const take = Math.min(s.n - this.accLen, chunk.length - off);
        this.acc.push(chunk.subarray(off, off + take));
        this.accLen += take;
        off += take;
        this.consumed += take;
        if (this.accLen === s.n) {
          const bytes = Buffer.concat(this.acc, this.accLen);
          this.acc = [];
          this.accLen = 0;
          s.then(bytes);
        }
      } else {
        const n = Math.min(s.n, chunk.length - off);
        if (s.kind === 'copy') this.emit(chunk.subarray(off, off + n));
        else if (s.kind === 'zero') this.emit(Buffer.alloc(n));
        off += n;
        this.consumed += n;
        s.n -= n;
        if (s.n === 0) s.then();
      }
    }
  }

  end(out: (b: Buffer) => void): void {
    this.out = out;
    const partial = this.accLen > 0 ? Buffer.concat(this.acc, this.accLen) : null;
    this.acc = [];
    this.accLen = 0;
    this.finish(partial);
  }
}

/** Calls `done` when `work` has finished, at once when it did without waiting. */
function settle(work: () => void | Promise<void>, done: (error?: Error | null) => void): void {
  try {
    const pending = work();
    if (pending) pending.then(() => done(), done);
    else done();
  } catch (error) {
    done(error as Error);
  }
}

/** The sanitizer as a stream Transform. */
export function toTransform(sanitizer: Sanitizer): Transform {
  const transform: Transform = new Transform({
    transform(chunk: Buffer, _enc, done) {
      settle(() => sanitizer.write(chunk, push), done);
    },
    flush(done) {
      settle(() => sanitizer.end(push), done);
    },
  });
  const push = (b: Buffer) => {
    transform.push(b);
  };
  return transform;
}

/** Slices of this size are fed to a sanitizer run over a buffer, with a pause between them. */
const SLICE = 256 * 1024;

/**
 * Runs a sanitizer over a whole buffer (a file, or a part or stream inside one), a slice at a
 * time: the event loop serves other requests between slices, and the budget's deadline holds.
 */
export async function runOnBuffer(
  sanitizer: Sanitizer,
  data: Buffer,
  budget: Budget,
): Promise<Buffer> {
  const parts: Buffer[] = [];
  const out = (b: Buffer) => parts.push(b);
  for (let at = 0; at < data.length; at += SLICE) {
    await sanitizer.write(data.subarray(at, at + SLICE), out);
    await budget.pause();
  }
  await sanitizer.end(out);
  return parts.length === 1 ? parts[0]! : Buffer.concat(parts);
}
