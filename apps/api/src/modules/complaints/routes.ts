import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  addCommentPayloadSchema,
  loginPayloadSchema,
  statusPayloadSchema,
  uploadBitacoraSchema,
  MAX_FILE_BYTES,
  MAX_FILES_PER_REQUEST,
} from '@canal/shared';
import type { ClientLimits } from '../../app';
import { requireOrganization } from '../../http/organization';
import { requireComplainant, requireHuman, ticketFrom } from '../../http/guards';
import { parseOrThrow } from '../../http/validation';
import { receiveMultipart } from '../attachments/receive';
import { login } from '../auth/login';
import { createComplaint, validateDenuncia } from './create-complaint';
import { complaintForSession, complaintOfSession, listAttachments, readComplaintDetail } from './read-complaint';
import { AppError } from '../../errors';
import { addComplainantComment, addComplainantFiles, assertUploadAllowed, statusOf } from './follow-up';

/** Upload routes may run for as long as a 120 MB file takes on a slow line. */
export const multipartLimits = {
  fileSize: MAX_FILE_BYTES,
  files: MAX_FILES_PER_REQUEST,
  fields: 5,
  parts: MAX_FILES_PER_REQUEST + 5,
  fieldSize: 1024 * 1024,
};

const idParams = z.object({ id: z.string() });
const ok = z.object({ message: z.string() });

/** SPEC §7: the complainant's calls under /v1/denuncias. Thin: each hands over to one use case. */
export const complaintRoutes: FastifyPluginAsync<{ limits: ClientLimits }> = async (base, { limits }) => {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const tags = ['Denuncias'];
  const security = [{ botCheck: [] }];
  const signedIn = [{ botCheck: [], bearer: [] }];
  app.addHook('preHandler', requireOrganization);
  app.addHook('preHandler', requireHuman);

  app.post(
    '/',
    {
      schema: {
        tags,
        security,
        summary: 'Ingresa una denuncia (multipart: parte JSON «denuncia» y partes «files»)',
        consumes: ['multipart/form-data'],
        response: { 201: z.object({ ticket: z.number(), email: z.string() }) },
      },
    },
    async (request, reply) => {
      const { services } = app;
      const org = request.organization;
      const dataKey = services.keyring.newDataKey();
      const upload = await receiveMultipart(request, services.files, {
        jsonField: 'denuncia',
        key: dataKey.key,
        parseJson: (raw) => validateDenuncia(services, org, raw),
      });
      const created = await createComplaint(services, org, upload.json, dataKey, upload.files);
      return reply.code(201).send(created);
    },
  );

  app.post(
    '/login',
    {
      schema: { tags, security, summary: 'Ingreso con código y contraseña', body: loginPayloadSchema },
      config: { rateLimit: { max: limits.login, timeWindow: '15 minutes' } },
    },
    async (request) => login(app.services, request.organization, ticketFrom(request.body.ticket), request.body.password),
  );

  app.get(
    '/:id',
    { preHandler: requireComplainant, schema: { tags, security: signedIn, summary: 'Detalle de la denuncia', params: idParams } },
    async (request) => {
      const row = await complaintForSession(app.services, request.organization, ticketFrom(request.params.id), request.sessionComplaintId);
      return readComplaintDetail(app.services, row);
    },
  );

  app.get(
    '/:id/adjuntos',
    { preHandler: requireComplainant, schema: { tags, security: signedIn, summary: 'Archivos de la denuncia', params: idParams } },
    async (request) => {
      const row = await complaintForSession(app.services, request.organization, ticketFrom(request.params.id), request.sessionComplaintId);
      return listAttachments(app.services, row);
    },
  );

  app.post(
    '/add-comentario',
    {
      preHandler: requireComplainant,
      schema: { tags, security: signedIn, summary: 'Agrega un comentario a la bitácora', body: addCommentPayloadSchema, response: { 201: ok } },
    },
    async (request, reply) => {
      const row = await complaintForSession(app.services, request.organization, ticketFrom(request.body.denuncia_id), request.sessionComplaintId);
      await addComplainantComment(app.services, row, request.body.comentario);
      return reply.code(201).send({ message: 'Comentario agregado.' });
    },
  );

  app.post(
    '/upload-files',
    {
      preHandler: requireComplainant,
      schema: {
        tags,
        security: signedIn,
        summary: 'Adjunta antecedentes (multipart: parte JSON «bitacora» y partes «files»); solo con estado «Faltan antecedentes»',
        consumes: ['multipart/form-data'],
        response: { 201: ok },
      },
    },
    async (request, reply) => {
      const { services } = app;
      const session = request.sessionComplaintId;
      const row = await complaintOfSession(services, request.organization, session);
      assertUploadAllowed(row);
      const upload = await receiveMultipart(request, services.files, {
        jsonField: 'bitacora',
        key: services.keyring.unwrapDataKey(row.data_key),
        parseJson: (raw) => {
          const bitacora = parseOrThrow(uploadBitacoraSchema, raw);
          if (ticketFrom(bitacora.codigo) !== row.ticket) throw new AppError('NOT_FOUND');
          return bitacora;
        },
      });
      await addComplainantFiles(services, row, upload.json.comentario ?? '', upload.files);
      return reply.code(201).send({ message: 'Antecedentes recibidos.' });
    },
  );

  app.post(
    '/estado-denuncia',
    { preHandler: requireComplainant, schema: { tags, security: signedIn, summary: 'Estado de la denuncia', body: statusPayloadSchema } },
    async (request) => {
      const row = await complaintForSession(app.services, request.organization, ticketFrom(request.body.codigo), request.sessionComplaintId);
      return statusOf(row);
    },
  );
};
