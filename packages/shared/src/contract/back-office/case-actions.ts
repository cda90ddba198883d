// What staff do to a case: status, dialogue, assignment, exclusions, milestones, priority, tags,
// links and type. Every one answers 404 for a case out of scope and 409 for a closed or unchanged one.
import { z } from 'zod';
import { MAX_FILES_PER_REQUEST } from '../../constants';
import {
  casePrioritySchema,
  caseTagsSchema,
  reclassificationSchema,
  staffCommentSchema,
  staffReplySchema,
  statusChangeSchema,
} from '../../schemas/staff';
import { endpoint, errors, messageSchema } from '../core';
import { SIGNED_IN_WRITE, idParamSchema, staffHeaders } from './common';
import { CASES_TAG as tag } from './cases-inbox';

export const newCaseLinkSchema = z.object({
  numero: z
    .string({ error: 'Debe indicar el número del otro caso.' })
    .trim()
    .toUpperCase()
    .min(1, { error: 'Debe indicar el número del otro caso.' })
    .max(40, { error: 'El número de caso no es válido.' }),
  tipo: z.enum(['duplicado_de', 'relacionado'], {
    error: 'El vínculo debe ser duplicado_de o relacionado.',
  }),
});

export const assignmentSchema = z.object({
  usuario_id: z.number({ error: 'Debe indicar a la persona o null.' }).int().positive().nullable(),
});

export const milestoneRecordSchema = z.object({
  fecha: z.string({ error: 'Debe indicar la fecha del hito.' }),
  comentario: z.string().max(5000).optional(),
});

const exclusionParams = idParamSchema.extend({
  userId: z.coerce.number({ error: 'El usuario no es válido.' }).int().positive(),
});
const milestoneParams = idParamSchema.extend({ clave: z.string().max(40) });

/**
 * 404: the case does not exist or the person may not see it; 409: the case is closed or unchanged;
 * 410: erased at the end of its retention period; 423: blocked (Law 21.719, decision 0046).
 */
const WRITE = [400, 404, 409, 410, 423, ...SIGNED_IN_WRITE] as const;

export const changeStatus = endpoint({
  method: 'POST',
  path: '/v1/gestion/casos/:id/estado',
  tag,
  access: 'staff',
  summary:
    'Cambia el estado con un comentario (Cerrada exige resolución y, si quedan hitos abiertos, confirmarlos en hitos_confirmados: si no, 409 que los nombra)',
  headers: staffHeaders,
  params: idParamSchema,
  body: statusChangeSchema,
  responses: { 201: messageSchema, ...errors(...WRITE) },
});

export const replyToComplainant = endpoint({
  method: 'POST',
  path: '/v1/gestion/casos/:id/respuestas',
  tag,
  access: 'staff',
  summary:
    'Respuesta visible para la persona denunciante; «subidas» nombra los archivos que la persona subió antes por tus (POST /v1/gestion/casos/:id/subidas) y quedan en la respuesta',
  headers: staffHeaders,
  params: idParamSchema,
  body: staffReplySchema,
  responses: { 201: messageSchema, ...errors(...WRITE) },
});

export const replyWithFiles = endpoint({
  method: 'POST',
  path: '/v1/gestion/casos/:id/respuestas/archivos',
  tag,
  access: 'staff',
  summary:
    'Respuesta visible con archivos del equipo (multipart: parte JSON «respuesta» y partes «files»; mismos tipos y límites que los de la persona denunciante)',
  headers: staffHeaders,
  params: idParamSchema,
  multipart: {
    json: { field: 'respuesta', schema: staffCommentSchema },
    files: { field: 'files', max: MAX_FILES_PER_REQUEST },
  },
  responses: { 201: messageSchema, ...errors(413, 415, ...WRITE) },
});

export const addInternalNote = endpoint({
  method: 'POST',
  path: '/v1/gestion/casos/:id/notas',
  tag,
  access: 'staff',
  summary: 'Nota interna (no la ve la persona denunciante)',
  headers: staffHeaders,
  params: idParamSchema,
  body: staffCommentSchema,
  responses: { 201: messageSchema, ...errors(...WRITE) },
});

export const assignCase = endpoint({
  method: 'PUT',
  path: '/v1/gestion/casos/:id/asignacion',
  tag,
  access: 'staff',
  summary: 'Asigna el caso (o lo deja sin asignar con null)',
  headers: staffHeaders,
  params: idParamSchema,
  body: assignmentSchema,
  responses: { 200: messageSchema, ...errors(...WRITE) },
});

export const excludeFromCase = endpoint({
  method: 'PUT',
  path: '/v1/gestion/casos/:id/exclusiones/:userId',
  tag,
  access: 'staff',
  summary: 'Excluye a una persona del caso (administradores)',
  headers: staffHeaders,
  params: exclusionParams,
  responses: { 200: messageSchema, ...errors(...WRITE) },
});

export const removeExclusion = endpoint({
  method: 'DELETE',
  path: '/v1/gestion/casos/:id/exclusiones/:userId',
  tag,
  access: 'staff',
  summary: 'Quita una exclusión (administradores)',
  headers: staffHeaders,
  params: exclusionParams,
  responses: { 200: messageSchema, ...errors(...WRITE) },
});

export const reclassifyCase = endpoint({
  method: 'PUT',
  path: '/v1/gestion/casos/:id/tipo',
  tag,
  access: 'staff',
  summary:
    'Cambia el tipo de denuncia con un motivo (bitácora interna y auditoría); los plazos legales pasan a ser los del nuevo tipo, contados desde el ingreso',
  headers: staffHeaders,
  params: idParamSchema,
  body: reclassificationSchema,
  responses: { 200: messageSchema, ...errors(...WRITE) },
});

export const recordMilestone = endpoint({
  method: 'PUT',
  path: '/v1/gestion/casos/:id/hitos/:clave',
  tag,
  access: 'staff',
  summary:
    'Registra la fecha en que se cumplió un hito legal (en un caso cerrado, solo los posteriores al cierre)',
  headers: staffHeaders,
  params: milestoneParams,
  body: milestoneRecordSchema,
  responses: { 200: messageSchema, ...errors(...WRITE) },
});

export const setCasePriority = endpoint({
  method: 'PUT',
  path: '/v1/gestion/casos/:id/prioridad',
  tag,
  access: 'staff',
  summary: 'Fija la prioridad (riesgo) del caso, o la quita con null (auditado)',
  headers: staffHeaders,
  params: idParamSchema,
  body: casePrioritySchema,
  responses: { 200: messageSchema, ...errors(...WRITE) },
});

export const setCaseTags = endpoint({
  method: 'PUT',
  path: '/v1/gestion/casos/:id/etiquetas',
  tag,
  access: 'staff',
  summary: 'Reemplaza las etiquetas del caso (lo agregado y quitado queda auditado)',
  headers: staffHeaders,
  params: idParamSchema,
  body: caseTagsSchema,
  responses: { 200: messageSchema, ...errors(...WRITE) },
});

const linkParams = idParamSchema.extend({
  linkedId: z.coerce.number({ error: 'El caso vinculado no es válido.' }).int().positive(),
});

export const linkCase = endpoint({
  method: 'PUT',
  path: '/v1/gestion/casos/:id/vinculos',
  tag,
  access: 'staff',
  summary: 'Marca el caso como duplicado de otro, o relacionado con otro, por su número (auditado)',
  headers: staffHeaders,
  params: idParamSchema,
  body: newCaseLinkSchema,
  responses: { 200: messageSchema, ...errors(...WRITE) },
});

export const unlinkCase = endpoint({
  method: 'DELETE',
  path: '/v1/gestion/casos/:id/vinculos/:linkedId',
  tag,
  access: 'staff',
  summary: 'Quita el vínculo entre dos casos (auditado)',
  headers: staffHeaders,
  params: linkParams,
  responses: { 200: messageSchema, ...errors(...WRITE) },
});
