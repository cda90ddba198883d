// Signed download links of the complainant's files (DESIGN §4.7): no header, five minutes.
import { z } from 'zod';
import { MIME_BY_EXTENSION } from '../files';
import { ALWAYS, binary, endpoint, errors } from './core';

/** The content types a stored file may be served with (the accepted types, or a fallback). */
export const FILE_CONTENT_TYPES = [
  ...new Set([...Object.values(MIME_BY_EXTENSION), 'application/octet-stream']),
] as const;

export const downloadFile = endpoint({
  method: 'GET',
  path: '/v1/archivos/:id',
  tag: 'Denuncias',
  access: 'public',
  summary: 'Descarga un archivo con un enlace firmado (e: vence, s: firma)',
  params: z.object({ id: z.uuid().or(z.string()) }),
  querystring: z.object({ e: z.coerce.number().optional(), s: z.string().optional() }),
  // 410: the signature is wrong or expired; 404: the file is gone; 422: a team file's copy
  // without metadata could not be made within its limits.
  responses: { 200: binary(FILE_CONTENT_TYPES), ...errors(400, 404, 410, 422, ...ALWAYS) },
});

export const files = { downloadFile } as const;
