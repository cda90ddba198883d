import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { staffCommentSchema, statusChangeSchema } from '@canal/shared';
import { contentDisposition } from '../attachments/routes';
import { requireStaff } from '../staff/guard';
import { idParamSchema } from '../staff/schemas';
import { addInternalNote, assignCase, changeStatus, recordMilestone, replyToComplainant, setExclusion } from './actions';
import { downloadCaseFile } from './attachments';
import { viewCase } from './case-view';
import { inbox, inboxQuerySchema } from './inbox';

const statusBody = statusChangeSchema;
const commentBody = staffCommentSchema;
const assignBody = z.object({ usuario_id: z.number({ error: 'Debe indicar a la persona o null.' }).int().positive().nullable() });
const milestoneBody = z.object({ fecha: z.string({ error: 'Debe indicar la fecha del hito.' }), comentario: z.string().max(5000).optional() });
const fileParams = idParamSchema.extend({ fileId: z.uuid({ error: 'El archivo solicitado no existe.' }) });
const exclusionParams = idParamSchema.extend({ userId: z.coerce.number({ error: 'El usuario no es válido.' }).int().positive() });
const milestoneParams = idParamSchema.extend({ clave: z.string().max(40) });

/** Cases of the back office: inbox, case view, files, status, dialogue, assignment, milestones. */
export const caseRoutes: FastifyPluginAsync = async (base) => {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const { services } = app;
  const tags = ['Gestión: casos'];
  app.addHook('preHandler', requireStaff);

  app.get('/casos', { schema: { tags, summary: 'Bandeja: filtros, orden por próximo vencimiento, paginada', querystring: inboxQuerySchema } }, async (request) =>
    inbox(services, request.staff, request.query),
  );

  app.get('/casos/:id', { schema: { tags, summary: 'Un caso completo (la consulta queda auditada)', params: idParamSchema } }, async (request) =>
    viewCase(services, request.staff, request.params.id),
  );

  app.get(
    '/casos/:id/archivos/:fileId',
    { schema: { tags, summary: 'Descarga un archivo (imágenes sin metadatos; auditada)', params: fileParams } },
    async (request, reply) => {
      const file = await downloadCaseFile(services, request.staff, request.params.id, request.params.fileId);
      return reply
        .header('content-type', file.mimetype)
        .header('content-length', String(file.size))
        .header('content-disposition', contentDisposition(file.name))
        .header('x-content-type-options', 'nosniff')
        .send(file.body);
    },
  );

  app.post('/casos/:id/estado', { schema: { tags, summary: 'Cambia el estado con un comentario (Cerrada exige resolución)', params: idParamSchema, body: statusBody } }, async (request, reply) => {
    await changeStatus(services, request.staff, request.params.id, request.body);
    return reply.code(201).send({ message: 'Estado actualizado.' });
  });

  app.post('/casos/:id/respuestas', { schema: { tags, summary: 'Respuesta visible para la persona denunciante', params: idParamSchema, body: commentBody } }, async (request, reply) => {
    await replyToComplainant(services, request.staff, request.params.id, request.body.comentario);
    return reply.code(201).send({ message: 'Respuesta registrada.' });
  });

  app.post('/casos/:id/notas', { schema: { tags, summary: 'Nota interna (no la ve la persona denunciante)', params: idParamSchema, body: commentBody } }, async (request, reply) => {
    await addInternalNote(services, request.staff, request.params.id, request.body.comentario);
    return reply.code(201).send({ message: 'Nota registrada.' });
  });

  app.put('/casos/:id/asignacion', { schema: { tags, summary: 'Asigna el caso (o lo deja sin asignar con null)', params: idParamSchema, body: assignBody } }, async (request) => {
    await assignCase(services, request.staff, request.params.id, request.body.usuario_id);
    return { message: 'Asignación actualizada.' };
  });

  app.put('/casos/:id/exclusiones/:userId', { schema: { tags, summary: 'Excluye a una persona del caso (administradores)', params: exclusionParams } }, async (request) => {
    await setExclusion(services, request.staff, request.params.id, request.params.userId, true);
    return { message: 'Exclusión registrada.' };
  });

  app.delete('/casos/:id/exclusiones/:userId', { schema: { tags, summary: 'Quita una exclusión (administradores)', params: exclusionParams } }, async (request) => {
    await setExclusion(services, request.staff, request.params.id, request.params.userId, false);
    return { message: 'Exclusión eliminada.' };
  });

  app.put('/casos/:id/hitos/:clave', { schema: { tags, summary: 'Registra la fecha en que se cumplió un hito legal', params: milestoneParams, body: milestoneBody } }, async (request) => {
    await recordMilestone(services, request.staff, request.params.id, request.params.clave, request.body);
    return { message: 'Hito registrado.' };
  });
};
