import { Transform } from 'node:stream';

/**
 * A metadata stripper fed one chunk at a time. It writes what it keeps through `out`, as views of
 * the input where it can (no copy), and holds at most a small, bounded amount between chunks.
 */
export interface Sanitizer {
  write(chunk: Buffer, out: (b: Buffer) => void): void;
  end(out: (b: Buffer) => void): void;
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

/** The sanitizer as a stream Transform. */
export function toTransform(sanitizer: Sanitizer): Transform {
  const transform: Transform = new Transform({
    transform(chunk: Buffer, _enc, done) {
      try {
        sanitizer.write(chunk, push);
        done();
      } catch (error) {
        done(error as Error);
      }
    },
    flush(done) {
      try {
        sanitizer.end(push);
        done();
      } catch (error) {
        done(error as Error);
      }
    },
  });
  const push = (b: Buffer) => {
    transform.push(b);
  };
  return transform;
}

/** Runs a sanitizer over a whole buffer (for small files, or inside a container). */
export function runOnBuffer(sanitizer: Sanitizer, data: Buffer): Buffer {
  const parts: Buffer[] = [];
  const out = (b: Buffer) => parts.push(b);
  sanitizer.write(data, out);
  sanitizer.end(out);
  return Buffer.concat(parts);
}
