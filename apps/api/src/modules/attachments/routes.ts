import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { open } from '../../crypto/keys';
import { AppError } from '../../errors';
import { complaintsRepository as repo } from '../complaints/repository';
import { verifyFileLink } from './signed-url';

const params = z.object({ id: z.uuid().or(z.string()) });
const query = z.object({ e: z.coerce.number().optional(), s: z.string().optional() });

/** Signed download links (DESIGN §4.7): no header needed, five minutes, always as an attachment. */
export const fileRoutes: FastifyPluginAsync = async (base) => {
  const app = base.withTypeProvider<ZodTypeProvider>();
  app.get(
    '/archivos/:id',
    { schema: { tags: ['Denuncias'], summary: 'Descarga un archivo con un enlace firmado', params, querystring: query } },
    async (request, reply) => {
      const { services } = app;
      const { id } = request.params;
      const { e, s } = request.query;
      if (e === undefined || !s || !verifyFileLink(services.fileLinkSecret, id, e, s)) {
        throw new AppError('LINK_INVALID');
      }
      const file = await repo.fileById(services.db, id);
      if (!file) throw new AppError('NOT_FOUND', 'El archivo solicitado no existe.');
      const key = services.keyring.unwrapDataKey(file.data_key);
      const name = open(key, file.name_enc);
      const stream = await services.files.read(file.storage_key, key);
      return reply
        .header('content-type', file.mimetype)
        .header('content-length', String(file.size_bytes))
        .header('content-disposition', contentDisposition(name))
        .header('x-content-type-options', 'nosniff')
        .header('cache-control', 'no-store')
        .send(stream);
    },
  );
};

/** RFC 6266: an ASCII fallback and the UTF-8 name. */
export function contentDisposition(name: string): string {
  const ascii = name.normalize('NFD').replace(/[^\x20-\x7e]/g, '').replace(/["\\]/g, '_') || 'archivo';
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}
