import type { Readable } from 'node:stream';
import type { FastifyError, FastifyInstance, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { AppError, ERRORS } from '../errors';
import { ErasedKeyError } from '../crypto/erasure-keys';

interface Problem {
  status: number;
  message: string;
  retryAfter?: number;
}

/** A write the disk had no room for (ENOSPC; EDQUOT, a quota): the local file store's. */
function isNoSpace(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return code === 'ENOSPC' || code === 'EDQUOT';
}

/** Maps anything thrown to a status and a Spanish message; details of a 5xx stay in the log. */
export function toProblem(error: unknown): Problem {
  if (isNoSpace(error)) return { status: 507, message: ERRORS.STORAGE_FULL.message };
  // A case erased after the backup this database was restored from: its key is destroyed
  // (decision 0047) until the next sweep makes it a tombstone again.
  if (error instanceof ErasedKeyError) return { status: 410, message: ERRORS.CASE_ERASED.message };
  if (error instanceof AppError) {
    return { status: error.status, message: error.message, retryAfter: error.retryAfterSeconds };
  }
  if (hasZodFastifySchemaValidationErrors(error)) {
    return { status: 400, message: error.validation[0]?.message ?? ERRORS.VALIDATION.message };
  }
  const fe = error as FastifyError;
  switch (fe.code) {
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return { status: 413, message: ERRORS.BODY_TOO_LARGE.message };
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
    case 'FST_INVALID_MULTIPART_CONTENT_TYPE':
      return { status: 415, message: ERRORS.UNSUPPORTED_MEDIA_TYPE.message };
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
    case 'FST_ERR_CTP_INVALID_CONTENT_LENGTH':
      return { status: 400, message: ERRORS.VALIDATION.message };
    case 'FST_REQ_FILE_TOO_LARGE':
      return { status: 413, message: ERRORS.FILE_TOO_LARGE.message };
    case 'FST_FILES_LIMIT':
      return { status: 400, message: ERRORS.TOO_MANY_FILES.message };
  }
  if (fe.statusCode === 429) return { status: 429, message: ERRORS.TOO_MANY_ATTEMPTS.message };
  // JSON.parse failures from the body parser, and other client-side 4xx raised by Fastify itself.
  if (error instanceof SyntaxError || fe.code === 'FST_ERR_CTP_INVALID_JSON_BODY') {
    return { status: 400, message: ERRORS.INVALID_JSON.message };
  }
  if (fe.validation) return { status: 400, message: ERRORS.VALIDATION.message };
  if (typeof fe.statusCode === 'number' && fe.statusCode >= 400 && fe.statusCode < 500) {
    return { status: fe.statusCode, message: ERRORS.VALIDATION.message };
  }
  return { status: 500, message: ERRORS.INTERNAL.message };
}

export interface ErrorHandlingOptions {
  /** Called on every answer 507 (a write the disk had no room for): readiness fails a while. */
  onDiskFull?: () => void;
}

export function registerErrorHandling(
  app: FastifyInstance,
  options: ErrorHandlingOptions = {},
): void {
  app.setErrorHandler((error, request, reply) => {
    const problem = toProblem(error);
    if (error instanceof AppError && error.code === 'FILE_INTEGRITY')
      request.log.error(
        { err: error, integrity: true },
        'archivo almacenado alterado o incompleto',
      );
    else if (error instanceof AppError && error.code === 'SAFE_COPY_LIMIT')
      request.log.warn(
        { limit: error.cause },
        'copia segura retenida: el archivo excede los límites de procesamiento',
      );
    else if (error instanceof AppError && error.code === 'DATABASE_UNAVAILABLE')
      request.log.warn({ err: error.cause ?? error }, 'base de datos no disponible');
    else if (problem.status === 507) {
      request.log.error(
        { err: error instanceof AppError ? (error.cause ?? error) : error },
        'sin espacio en disco',
      );
      options.onDiskFull?.();
    } else if (problem.status >= 500) request.log.error({ err: error }, 'error no controlado');
    else
      request.log.info(
        { status: problem.status, code: (error as FastifyError).code },
        'solicitud rechazada',
      );
    if (problem.retryAfter) reply.header('retry-after', String(problem.retryAfter));
    return reply.code(problem.status).send({ message: problem.message });
  });
}

/**
 * Logs a download cut short by a stored file that fails its integrity check after the answer
 * started (Fastify then destroys the connection: the client sees an aborted transfer).
 */
export function logIntegrityFailures(request: FastifyRequest, body: Readable): void {
  body.once('error', (error) => {
    if (error instanceof AppError && error.code === 'FILE_INTEGRITY')
      request.log.error(
        { err: error, integrity: true },
        'archivo almacenado alterado o incompleto',
      );
  });
}
