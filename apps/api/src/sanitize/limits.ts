import { constants, inflate, inflateRaw, type ZlibOptions } from 'node:zlib';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { AppError } from '../errors';

const MiB = 1024 * 1024;

/** What making one file's safe copy may take (SECURITY.md, "bounded work"). */
export interface CopyLimits {
  /** Bytes inflated in all: every PDF object stream, OOXML part and package inside it. */
  inflated: number;
  /** Bytes one stream or part may inflate to: it is held in memory while it is cleaned. */
  part: number;
  /** Milliseconds to make the copy before its first byte is sent (Infinity: no deadline). */
  millis: number;
  /** OOXML packages inside a package (an Excel chart in a Word file is one level). */
  depth: number;
  /**
   * A PDF copy up to this size is held and sent once whole; a larger one is made whole and
   * checked first (its bytes dropped), then made again while it is sent.
   */
  held: number;
}

/**
 * A real object stream holds a few hundred objects (well under 1 MiB inflated); a Word part is a
 * few MiB. A file that needs more is a decompression bomb, or too odd to strip with confidence:
 * its copy is withheld (SAFE_COPY_LIMIT).
 */
export const COPY_LIMITS: CopyLimits = {
  inflated: 256 * MiB,
  part: 32 * MiB,
  millis: 60_000,
  depth: 2,
  held: 16 * MiB,
};

/** The copy is withheld: a limit of `CopyLimits` was reached (what is logged says which). */
export const limitReached = (what: string) => {
  const error = new AppError('SAFE_COPY_LIMIT');
  error.cause = what;
  return error;
};

/** True when `error` says a copy was withheld for its limits. */
export const isLimitError = (error: unknown) =>
  error instanceof AppError && error.code === 'SAFE_COPY_LIMIT';

const inflateWith = (raw: boolean, data: Buffer, options: ZlibOptions) =>
  new Promise<Buffer>((resolve, reject) =>
    (raw ? inflateRaw : inflate)(data, options, (error, out) =>
      error ? reject(error) : resolve(out),
    ),
  );

/**
 * The work one file's copy may still do: bytes to inflate and a deadline, shared by everything
 * in the file. Inflating runs on libuv's thread pool (async zlib) with a bounded output; CPU work
 * in JavaScript goes in slices with `pause()` between them, so other requests keep their turn.
 */
export class Budget {
  private inflated = 0;
  private readonly deadline: number;
  private lastPause = Date.now();

  constructor(readonly limits: CopyLimits = COPY_LIMITS) {
    this.deadline = Date.now() + limits.millis;
  }

  /** Throws SAFE_COPY_LIMIT once the deadline has passed. */
  check(): void {
    if (Date.now() > this.deadline) throw limitReached('time');
  }

  /**
   * Lets the event loop serve others when this copy has held it for a few milliseconds, then
   * checks the deadline.
   */
  async pause(): Promise<void> {
    if (Date.now() - this.lastPause >= 5) {
      await nextTurn();
      this.lastPause = Date.now();
    }
    this.check();
  }

  /**
   * `data` inflated (zlib, or raw deflate for zip entries), stopped at the part's bound or what
   * is left of the file's; past either, SAFE_COPY_LIMIT. A stream cut short gives what it holds
   * (readers show that much too). Other damage throws zlib's error.
   */
  async inflate(data: Buffer, raw = false): Promise<Buffer> {
    const left = this.limits.inflated - this.inflated;
    const max = Math.min(this.limits.part, left);
    if (max <= 0) throw limitReached('inflated');
    let out: Buffer;
    try {
      out = await inflateWith(raw, data, {
        maxOutputLength: max,
        finishFlush: constants.Z_SYNC_FLUSH,
        // Output buffers sized to the input: a bomb fills few large ones (fewer trips to the pool),
        // a small part does not allocate a large one.
        chunkSize: Math.min(Math.max(data.length * 4, 16 * 1024), 1024 * 1024),
      });
    } catch (error) {
      if ((error as { code?: string }).code === 'ERR_BUFFER_TOO_LARGE')
        throw limitReached(max === left ? 'inflated' : 'part');
      throw error;
    }
    this.inflated += out.length;
    this.check();
    return out;
  }

  /** Counts `n` bytes held whole that were not inflated here (a part stored uncompressed). */
  hold(n: number): void {
    if (n > this.limits.part) throw limitReached('part');
  }
}
