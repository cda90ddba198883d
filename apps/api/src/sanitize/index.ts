import { PassThrough, pipeline, Readable, type Transform } from 'node:stream';
import { runOnBuffer, toTransform, type Sanitizer } from './core';
import { JpegSanitizer } from './jpeg';
import { Budget, COPY_LIMITS, type CopyLimits } from './limits';
import { Mp3Sanitizer } from './mp3';
import { Mp4Sanitizer } from './mp4';
import { OoxmlSanitizer } from './ooxml';
import { PdfSanitizer } from './pdf';
import { PngSanitizer } from './png';

export type { Sanitizer } from './core';
export { COPY_LIMITS, isLimitError, type CopyLimits } from './limits';

/**
 * The investigator's copy of a file (issue 9, DESIGN §6): identifying metadata removed, chosen
 * by the file's extension. The stored original is never changed.
 *
 * Streaming with bounded memory: jpg/jpeg, png, pdf, mp4/mov/m4a/m4v, mp3.
 * Collected whole (bounded by the upload limit): docx/xlsx/pptx.
 * Anything else passes through unchanged.
 * PDF and Office files inflate compressed data: their work is bounded (`limits.ts`) and their
 * copy is made before a download answers (`sanitizedCopy`; decision 0028).
 */
const SANITIZERS: Record<string, (budget: Budget) => Sanitizer> = {
  jpg: () => new JpegSanitizer(),
  jpeg: () => new JpegSanitizer(),
  png: () => new PngSanitizer(),
  pdf: (budget) => new PdfSanitizer(budget),
  mp4: () => new Mp4Sanitizer(),
  m4v: () => new Mp4Sanitizer(),
  m4a: () => new Mp4Sanitizer(),
  mov: () => new Mp4Sanitizer(),
  mp3: () => new Mp3Sanitizer(),
  docx: (budget) => new OoxmlSanitizer(budget),
  xlsx: (budget) => new OoxmlSanitizer(budget),
  pptx: (budget) => new OoxmlSanitizer(budget),
};

/** Types whose copy keeps the original's exact length (overwritten in place): the download can
 * keep its Content-Length. Others change length: send them chunked, without Content-Length. */
const SAME_LENGTH = new Set(['pdf', 'mp4', 'm4v', 'm4a', 'mov']);

/**
 * Types whose stripping inflates compressed data (PDF object streams, OOXML parts): their copy
 * is made, within COPY_LIMITS, before the answer starts. The others are a linear pass over the
 * bytes with a bounded amount held, and stream as they are stripped.
 */
const INFLATING = new Set(['pdf', 'docx', 'xlsx', 'pptx']);

const normalise = (extension: string) => extension.toLowerCase().replace(/^\./, '');

/** True when files of this extension are rewritten (false: they pass through as they are). */
export const isSanitized = (extension: string) => normalise(extension) in SANITIZERS;

/** True when the sanitized copy has the same length as the original. */
export const keepsLength = (extension: string) =>
  !isSanitized(extension) || SAME_LENGTH.has(normalise(extension));

/**
 * A Transform that strips metadata from a file of this extension (a PassThrough for others).
 * Past a limit it fails with SAFE_COPY_LIMIT, wherever the stream is.
 */
export function sanitizingStream(extension: string, limits = COPY_LIMITS): Transform {
  const make = SANITIZERS[normalise(extension)];
  return make ? toTransform(make(new Budget(limits))) : new PassThrough();
}

/** The stripper for this extension, to drive by hand (null when files pass through). */
export function sanitizerFor(extension: string, limits = COPY_LIMITS): Sanitizer | null {
  return SANITIZERS[normalise(extension)]?.(new Budget(limits)) ?? null;
}

/** True when the stripper for this extension streams with bounded memory (OOXML does not). */
export const isStreaming = (extension: string) =>
  !isSanitized(extension) || !['docx', 'xlsx', 'pptx'].includes(normalise(extension));

/** The same, over a whole buffer. */
export async function sanitizeBuffer(
  extension: string,
  data: Buffer,
  limits = COPY_LIMITS,
): Promise<Buffer> {
  const make = SANITIZERS[normalise(extension)];
  if (!make) return data;
  const budget = new Budget(limits);
  return runOnBuffer(make(budget), data, budget);
}

/**
 * Runs `sanitizer` over `source` to its end within `budget`, holding the output up to `hold`
 * bytes: the output when it fit, null when it did not (then only the limits were checked).
 */
async function makeCopy(
  source: Readable,
  sanitizer: Sanitizer,
  budget: Budget,
  hold: number,
): Promise<{ parts: Buffer[]; size: number } | null> {
  const copy: { parts: Buffer[] | null; size: number } = { parts: [], size: 0 };
  const out = (b: Buffer) => {
    copy.size += b.length;
    if (copy.size > hold) copy.parts = null;
    else copy.parts?.push(b);
  };
  try {
    for await (const chunk of source) {
      await sanitizer.write(chunk as Buffer, out);
      budget.check();
    }
    await sanitizer.end(out);
  } finally {
    source.destroy();
  }
  return copy.parts && { parts: copy.parts, size: copy.size };
}

/**
 * The investigator's copy of a stored file (`open` reads it decrypted): what a download route
 * sends, what the dossier packs. `size` is the copy's length when known, else undefined (send
 * without Content-Length).
 *
 * JPEG, PNG, MP4 and MP3 copies stream as they are stripped (memory bounded whatever the size);
 * errors of the source (an altered stored segment, a read failure) end the copy with the same
 * error, so the answer is cut rather than left hanging.
 *
 * PDF and OOXML copies inflate compressed data, so they are made before the answer starts, within
 * `limits` (bytes inflated, per part and in all; time; depth): past a limit this rejects with
 * SAFE_COPY_LIMIT (422) and nothing is sent; the stored original is kept. An OOXML copy is held
 * whole (so is its original). A PDF copy up to `limits.held` bytes is held and sent; a larger one
 * has been made whole and checked, its bytes dropped, and is made again from a second read while
 * it is sent (the same bytes give the same work, within the same limits), so memory stays bounded
 * for a large scanned PDF.
 */
export async function sanitizedCopy(
  open: () => Promise<Readable>,
  extension: string,
  originalSize: number,
  limits: CopyLimits = COPY_LIMITS,
): Promise<{ body: Readable; size: number | undefined }> {
  const ext = normalise(extension);
  const make = SANITIZERS[ext];
  if (!make) return { body: await open(), size: originalSize };
  if (!INFLATING.has(ext)) {
    const body = pipeline(await open(), sanitizingStream(ext, limits), () => {});
    return { body, size: keepsLength(ext) ? originalSize : undefined };
  }
  const budget = new Budget(limits);
  const held = await makeCopy(
    await open(),
    make(budget),
    budget,
    isStreaming(ext) ? limits.held : Infinity,
  );
  if (held) return { body: Readable.from(held.parts, { objectMode: false }), size: held.size };
  // No deadline the second time: the work was done once within it, and now the client's pace sets
  // how long the answer takes.
  const again = sanitizingStream(ext, { ...limits, millis: Infinity });
  const body = pipeline(await open(), again, () => {});
  return { body, size: keepsLength(ext) ? originalSize : undefined };
}
