import { PassThrough, pipeline, type Readable, type Transform } from 'node:stream';
import { runOnBuffer, toTransform, type Sanitizer } from './core';

export type { Sanitizer } from './core';
import { JpegSanitizer } from './jpeg';
import { Mp3Sanitizer } from './mp3';
import { Mp4Sanitizer } from './mp4';
import { OoxmlSanitizer } from './ooxml';
import { PdfSanitizer } from './pdf';
import { PngSanitizer } from './png';

/**
 * The investigator's copy of a file (issue 9, DESIGN §6): identifying metadata removed, chosen
 * by the file's extension. The stored original is never changed.
 *
 * Streaming with bounded memory: jpg/jpeg, png, pdf, mp4/mov/m4a/m4v, mp3.
 * Collected whole (bounded by the upload limit): docx/xlsx/pptx.
 * Anything else passes through unchanged.
 */
const SANITIZERS: Record<string, () => Sanitizer> = {
  jpg: () => new JpegSanitizer(),
  jpeg: () => new JpegSanitizer(),
  png: () => new PngSanitizer(),
  pdf: () => new PdfSanitizer(),
  mp4: () => new Mp4Sanitizer(),
  m4v: () => new Mp4Sanitizer(),
  m4a: () => new Mp4Sanitizer(),
  mov: () => new Mp4Sanitizer(),
  mp3: () => new Mp3Sanitizer(),
  docx: () => new OoxmlSanitizer(),
  xlsx: () => new OoxmlSanitizer(),
  pptx: () => new OoxmlSanitizer(),
};

/** Types whose copy keeps the original's exact length (overwritten in place): the download can
 * keep its Content-Length. Others change length: send them chunked, without Content-Length. */
const SAME_LENGTH = new Set(['pdf', 'mp4', 'm4v', 'm4a', 'mov']);

const normalise = (extension: string) => extension.toLowerCase().replace(/^\./, '');

/** True when files of this extension are rewritten (false: they pass through as they are). */
export const isSanitized = (extension: string) => normalise(extension) in SANITIZERS;

/** True when the sanitized copy has the same length as the original. */
export const keepsLength = (extension: string) =>
  !isSanitized(extension) || SAME_LENGTH.has(normalise(extension));

/** A Transform that strips metadata from a file of this extension (a PassThrough for others). */
export function sanitizingStream(extension: string): Transform {
  const make = SANITIZERS[normalise(extension)];
  return make ? toTransform(make()) : new PassThrough();
}

/** The stripper for this extension, to drive by hand (null when files pass through). */
export function sanitizerFor(extension: string): Sanitizer | null {
  return SANITIZERS[normalise(extension)]?.() ?? null;
}

/** True when the stripper for this extension streams with bounded memory (OOXML does not). */
export const isStreaming = (extension: string) =>
  !isSanitized(extension) || !['docx', 'xlsx', 'pptx'].includes(normalise(extension));

/** The same, over a whole buffer. */
export function sanitizeBuffer(extension: string, data: Buffer): Buffer {
  const make = SANITIZERS[normalise(extension)];
  return make ? runOnBuffer(make(), data) : data;
}

/**
 * The investigator's copy of `source` (a decrypted stored file): what a download route sends.
 * Errors of the source (an altered stored segment, a read failure) end the copy with the same
 * error, so the answer is cut rather than left hanging. `size` is the original's length when
 * the copy keeps it, else undefined (send without Content-Length).
 */
export function sanitizedCopy(
  source: Readable,
  extension: string,
  originalSize: number,
): { body: Readable; size: number | undefined } {
  if (!isSanitized(extension)) return { body: source, size: originalSize };
  const body = pipeline(source, sanitizingStream(extension), () => {});
  return { body, size: keepsLength(extension) ? originalSize : undefined };
}
