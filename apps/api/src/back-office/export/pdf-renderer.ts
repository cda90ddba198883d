import { Piscina } from 'piscina';
import type { Config } from '../../config';
import { AppError } from '../../errors';
import type { PdfBlock, PdfLimits } from './pdf-document';
import type { PdfOutcome, PdfTask } from './pdf-worker';

export interface PdfRendererSettings extends PdfLimits {
  /** Threads that make documents at once. */
  workers: number;
  /** Documents that may wait for a thread; past that, BUSY. */
  maxQueue: number;
  /** From the request to the bytes, waiting included; past it the thread is stopped. */
  timeLimitMs: number;
  /** The heap of a thread (V8's old generation); past it the thread dies, the document fails. */
  memoryMb: number;
}

/**
 * The largest document: 5,000 A4 pages and 50 MB (a case's dossier with its whole audit trail
 * of thousands of entries is a few hundred pages and a few MB).
 */
const MAX_PAGES = 5_000;
const MAX_BYTES = 50 * 1024 * 1024;

/** The renderer's settings from the process's (PDF_WORKERS, PDF_TIME_LIMIT_SECONDS, PDF_MEMORY_MB). */
export const pdfRendererSettings = (
  config: Pick<Config, 'PDF_WORKERS' | 'PDF_TIME_LIMIT_SECONDS' | 'PDF_MEMORY_MB'>,
): PdfRendererSettings => ({
  workers: config.PDF_WORKERS,
  maxQueue: 4 * config.PDF_WORKERS,
  timeLimitMs: config.PDF_TIME_LIMIT_SECONDS * 1000,
  memoryMb: config.PDF_MEMORY_MB,
  maxPages: MAX_PAGES,
  maxBytes: MAX_BYTES,
});

/**
 * Makes PDF documents (`pdf-document.ts`) in worker threads, so that laying out and serialising
 * a large one never holds the event loop: other requests, health probes included, go on being
 * answered. Each document has a time limit (the thread running it is terminated and replaced),
 * a memory limit (the thread's heap) and limits of pages and bytes; past any of them it fails
 * with DOCUMENT_LIMIT, and when too many wait, with BUSY — both Spanish 503s sent before any
 * byte of the answer. Threads start on first use and stop after a minute idle.
 */
export class PdfRenderer {
  private readonly pool: Piscina<PdfTask, PdfOutcome>;
  /** Documents running or waiting. (Counted here: piscina's `maxQueue` does not count tasks
   * that carry an abort signal, as every one here does.) */
  private inFlight = 0;

  constructor(
    private readonly settings: PdfRendererSettings,
    onError: (error: Error) => void = () => {},
  ) {
    // The worker has this module's own extension: from the sources (tests, `npm start`) the
    // thread loads TypeScript through tsx; the build has it compiled beside the server
    // (scripts/build-api.mjs), and the built server names no TypeScript file.
    const extension = import.meta.url.slice(import.meta.url.lastIndexOf('.'));
    const fromSource = extension !== '.js';
    this.pool = new Piscina({
      filename: new URL(`./pdf-worker${extension}`, import.meta.url).href,
      minThreads: 0,
      maxThreads: settings.workers,
      idleTimeout: 60_000,
      resourceLimits: { maxOldGenerationSizeMb: settings.memoryMb },
      execArgv: fromSource ? ['--import', 'tsx'] : [],
    });
    // A thread that dies with no document running (nothing waits for it) is only logged.
    this.pool.on('error', onError);
  }

  /** The PDF of `blocks`; DOCUMENT_LIMIT or BUSY (AppError) past a limit. */
  async render(meta: PdfTask['meta'], blocks: PdfBlock[], now = new Date()): Promise<Uint8Array> {
    const { maxPages, maxBytes, timeLimitMs, workers, maxQueue } = this.settings;
    if (this.inFlight >= workers + maxQueue) throw new AppError('BUSY');
    this.inFlight += 1;
    const signal = AbortSignal.timeout(timeLimitMs);
    let outcome: PdfOutcome;
    try {
      outcome = await this.pool.run(
        { meta, blocks, now: now.getTime(), limits: { maxPages, maxBytes } },
        { signal },
      );
    } catch (error) {
      if (signal.aborted) throw new AppError('DOCUMENT_LIMIT');
      if ((error as { code?: string }).code === 'ERR_WORKER_OUT_OF_MEMORY')
        throw new AppError('DOCUMENT_LIMIT');
      throw error;
    } finally {
      this.inFlight -= 1;
    }
    if (outcome instanceof Uint8Array) return outcome;
    throw new AppError('DOCUMENT_LIMIT');
  }

  /** Stops the threads (the app's close). */
  close(): Promise<void> {
    return this.pool.destroy();
  }
}
