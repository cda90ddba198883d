import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { contract } from '@canal/shared/contract';
import { acceptedEncoding } from '../../http/compression';
import { route } from '../../http/route';
import { AppError } from '../../errors';
import type { CachedAnswer } from '../../core/master-data/catalogue';

function send(request: FastifyRequest, reply: FastifyReply, answer: CachedAnswer) {
  // Revalidate every time (the lists may be edited) but answer 304 when nothing changed.
  reply
    .header('cache-control', 'no-cache')
    .header('etag', answer.etag)
    .type('application/json; charset=utf-8');
  if (request.headers['if-none-match'] === answer.etag) return reply.code(304).send();
  // Serialized and compressed once when the catalogue was built (the contract test parses it
  // strictly); brotli or gzip when the client takes it, as every browser does.
  reply.header('vary', 'accept-encoding');
  const encoding = acceptedEncoding(request.headers['accept-encoding']);
  if (encoding) return reply.header('content-encoding', encoding).send(answer[encoding]);
  return reply.send(answer.body);
}

/** SPEC §7 master data: no bot check, only x-filial; served from memory. */
export const masterDataRoutes: FastifyPluginAsync = async (app) => {
  const answers = (request: FastifyRequest) => app.services.catalogue.answers(request.organization);

  // The lists served whole: each endpoint and the catalogue's answer for it.
  const lists = [
    [contract.zones, 'zonas'],
    [contract.zonePlaces, 'lugares'],
    [contract.offenceCategories, 'delitos'],
    [contract.relationOptions, 'relaciones'],
    [contract.recognitionOptions, 'reconoce'],
  ] as const;
  for (const [endpoint, list] of lists)
    route(app, endpoint, {
      handler: (req, reply) => send(req, reply, answers(req)[list]),
    });
  route(app, contract.zoneAgencies, {
    handler: (req, reply) => {
      const answer = answers(req).agenciasByZone.get(req.params.zone);
      if (!answer) throw new AppError('ROUTE_NOT_FOUND', 'La zona indicada no existe.');
      return send(req, reply, answer);
    },
  });
};
