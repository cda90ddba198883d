import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { requireOrganization } from '../../http/organization';
import { AppError } from '../../errors';
import type { CachedAnswer } from './catalogue';

const zoneParams = z.object({ zone: z.coerce.number().int('La zona indicada no es válida.') });

function send(request: FastifyRequest, reply: FastifyReply, answer: CachedAnswer) {
  // Revalidate every time (the lists may be edited) but answer 304 when nothing changed.
  reply.header('cache-control', 'no-cache').header('etag', answer.etag).type('application/json; charset=utf-8');
  if (request.headers['if-none-match'] === answer.etag) return reply.code(304).send();
  return reply.send(answer.body);
}

/** SPEC §7 master data: no bot check, only x-filial; served from memory. */
export const masterDataRoutes: FastifyPluginAsync = async (app) => {
  app.addHook('preHandler', requireOrganization);
  const tags = ['Datos maestros'];
  const answers = (request: FastifyRequest) => app.services.catalogue.answers(request.organization);

  app.get('/zonas', { schema: { tags, summary: 'Zonas con sus agencias' } }, (req, reply) =>
    send(req, reply, answers(req).zonas),
  );
  app.get('/zonas/lugares', { schema: { tags, summary: 'Zonas con sus lugares (incluye «Otro», -1)' } }, (req, reply) =>
    send(req, reply, answers(req).lugares),
  );
  app.get(
    '/agencias/zona/:zone',
    { schema: { tags, summary: 'Agencias de una zona', params: zoneParams } },
    (req, reply) => {
      const { zone } = req.params as z.infer<typeof zoneParams>;
      const answer = answers(req).agenciasByZone.get(zone);
      if (!answer) throw new AppError('ROUTE_NOT_FOUND', 'La zona indicada no existe.');
      return send(req, reply, answer);
    },
  );
  app.get('/delitos', { schema: { tags, summary: 'Categorías con sus tipos de denuncia' } }, (req, reply) =>
    send(req, reply, answers(req).delitos),
  );
  app.get(
    '/relacion-organizacion',
    { schema: { tags, summary: 'Opciones de relación con la organización' } },
    (req, reply) => send(req, reply, answers(req).relaciones),
  );
  app.get(
    '/reconoce-involucrados',
    { schema: { tags, summary: 'Opciones de reconocimiento de los involucrados' } },
    (req, reply) => send(req, reply, answers(req).reconoce),
  );
};
