import path from 'node:path';
import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  extensionOf,
  isAllowedFileName,
  MAX_FILE_BYTES,
  MAX_FILES_PER_REQUEST,
} from '@canal/shared';
import { AppError } from '../../errors';
import { STREAM_CHUNK_BYTES } from '../../storage/object-store';
import type { FileStore, HashedFile, StagedFile } from './storage';

/** The most a multipart request may carry: the files of one filing and a few fields. */
export const multipartLimits = {
  fileSize: MAX_FILE_BYTES,
  files: MAX_FILES_PER_REQUEST,
  fields: 5,
  parts: MAX_FILES_PER_REQUEST + 5,
  fieldSize: 1024 * 1024,
};

/**
 * Lets the routes of `app` take multipart bodies: registered by the two plugins whose routes take
 * files (the complainant's calls and the case team's), so the rest of the API neither parses
 * multipart nor runs the plugin's two asynchronous hooks on every request (decision 0025, round 4;
 * a multipart body sent elsewhere gets 415). busboy's file parts buffer 1 MiB before pausing the
 * socket (16 KiB by default): fewer pauses and wake-ups per upload (decision 0027).
 */
export async function acceptMultipart(app: FastifyInstance): Promise<void> {
  await app.register(multipart, {
    limits: multipartLimits,
    fileHwm: STREAM_CHUNK_BYTES,
    highWaterMark: STREAM_CHUNK_BYTES,
  });
}

/** A stored file about to join a complaint: its name and extension as the person gave them. */
export interface IncomingFile extends StagedFile {
  name: string;
  extension: string;
}

/** A file received in a request, hashed while it streamed (a filing's receipt names each hash). */
export interface ReceivedFile extends IncomingFile, HashedFile {}

export interface ReceivedUpload<T> {
  json: T;
  files: ReceivedFile[];
}

/**
 * Reads a multipart request made of one JSON part (`jsonField`) and repeated `files` parts.
 * The JSON is checked by `parseJson` the moment it arrives, so a bad form is refused before any
 * large file is read; files stream into staging, encrypted with `key`. On any failure everything
 * staged so far is deleted before the error goes on.
 */
export async function receiveMultipart<T>(
  request: FastifyRequest,
  store: FileStore,
  options: {
    jsonField: string;
    /** The key files are sealed with; a function is asked at each file (after the JSON part). */
    key: Buffer | (() => Buffer);
    parseJson: (raw: unknown) => T | Promise<T>;
  },
): Promise<ReceivedUpload<T>> {
  if (!request.isMultipart()) throw new AppError('UNSUPPORTED_MEDIA_TYPE');
  const files: ReceivedFile[] = [];
  let json: T | undefined;
  let sawJson = false;
  try {
    for await (const part of request.parts()) {
      if (part.type === 'field') {
        if (part.fieldname !== options.jsonField) continue;
        let raw: unknown;
        try {
          raw = JSON.parse(String(part.value));
        } catch {
          throw new AppError('INVALID_JSON');
        }
        json = await options.parseJson(raw);
        sawJson = true;
        continue;
      }
      if (part.fieldname !== 'files') {
        part.file.resume();
        continue;
      }
      const name = cleanFileName(part.filename);
      if (name.length > MAX_FILE_NAME) {
        part.file.resume();
        throw new AppError('FILE_NAME_TOO_LONG');
      }
      if (!isAllowedFileName(name)) {
        part.file.resume();
        throw new AppError('FILE_TYPE_NOT_ALLOWED');
      }
      const extension = extensionOf(name);
      const key = typeof options.key === 'function' ? options.key() : options.key;
      const staged = await store.stage(part.file, extension, key);
      files.push({ ...staged, name, extension });
      if (part.file.truncated) throw new AppError('FILE_TOO_LARGE');
    }
    if (!sawJson) throw new AppError('MISSING_COMPLAINT_PART');
    return { json: json as T, files };
  } catch (error) {
    await store.discard(files);
    throw mapMultipartError(error);
  }
}

function cleanFileName(raw: string | undefined): string {
  // Keep the last path segment only, without control characters; the stored name is generated.
  const base = path.basename(String(raw ?? '').replace(/\\/g, '/'));
  return base
    .replace(/[\u0000-\u001f\u007f]/g, '') // eslint-disable-line no-control-regex -- removing them is the point
    .trim();
}

/** Longest file name kept (characters); a longer one is refused with its own message. */
const MAX_FILE_NAME = 200;

function mapMultipartError(error: unknown): unknown {
  const code = (error as { code?: string }).code;
  switch (code) {
    case 'FST_REQ_FILE_TOO_LARGE':
      return new AppError('FILE_TOO_LARGE');
    case 'FST_FILES_LIMIT':
      return new AppError('TOO_MANY_FILES');
    case 'FST_PARTS_LIMIT':
    case 'FST_FIELDS_LIMIT':
      return new AppError('VALIDATION', 'La solicitud tiene demasiadas partes.');
    case 'FST_INVALID_MULTIPART_CONTENT_TYPE':
      return new AppError('UNSUPPORTED_MEDIA_TYPE');
    case 'ECONNRESET':
    case 'ECONNABORTED':
    case 'ERR_STREAM_PREMATURE_CLOSE':
      // The client went away mid-upload: its problem, not the server's (logged as a refusal).
      return new AppError('MALFORMED_FORM');
  }
  // busboy's own words for a body that is not the multipart it claims: no or wrong boundary,
  // cut short, broken part headers.
  if (
    error instanceof Error &&
    !(error instanceof AppError) &&
    /multipart|boundary|unexpected end of|malformed part header|aborted/i.test(error.message)
  )
    return new AppError('MALFORMED_FORM');
  return error;
}
