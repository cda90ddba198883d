// The complainant's rights over their data on the portal (Law 21.719, issue 19): a machine-readable
// copy of what they gave, correcting their contact e-mail (confirmed by a link to the new address)
// and phone, and asking for erasure, blocking, correction of anything else, or objecting.
import { z } from 'zod';
import {
  confirmEmailPayloadSchema,
  contactEmailPayloadSchema,
  contactPhonePayloadSchema,
  portalDataRequestPayloadSchema,
} from '../schemas/data-rights';
import { denunciaCamposSchema } from '../wire';
import { ALWAYS, endpoint, errors, messageSchema } from './core';
import { complainantHeaders, humanHeaders } from './headers';
import { transcriptSchema } from './transcripts';

const tag = 'Denuncias: sus datos personales';

/** The format's name and version, first in the file, so a program reading it knows what it is. */
export const PERSONAL_DATA_FORMAT = 'canal-denuncias/datos-personales/1';

/**
 * Portability: everything the complainant gave, their log as they read it and the list of their
 * files (name, type, size, date). Nothing staff-internal: no internal notes, no staff names, no
 * investigator, no priority or tags.
 */
export const personalDataExportSchema = z.object({
  formato: z.literal(PERSONAL_DATA_FORMAT),
  /** ISO 8601 instant the copy was made. */
  generado: z.string(),
  organizacion: z.string(),
  codigo_denuncia: z.number(),
  denuncia: denunciaCamposSchema,
  bitacora: z.array(
    z.object({
      /** ISO 8601 instant. */
      fecha: z.string(),
      evento: z.string(),
      comentario: z.string().nullable(),
      autor: z.string(),
    }),
  ),
  archivos: z.array(
    z.object({
      nombre: z.string(),
      tipo: z.string(),
      /** Bytes. */
      tamano: z.number(),
      /** ISO 8601 instant. */
      fecha: z.string(),
      /** Sent by the team with a reply, not by the complainant. */
      del_equipo: z.boolean(),
    }),
  ),
  /**
   * The transcript of an oral complaint as the complainant reads it on the detail page: every
   * version, their answers and corrections (empty versions: none).
   */
  transcripcion: transcriptSchema,
});
export type PersonalDataExportWire = z.infer<typeof personalDataExportSchema>;

const ticketParams = z.object({ id: z.string() });

export const personalDataExport = endpoint({
  method: 'GET',
  path: '/v1/denuncias/:id/mis-datos',
  tag,
  access: 'complainant',
  summary:
    'Copia de sus datos en formato legible por máquina (portabilidad, Ley 21.719): lo que entregó, su bitácora y la lista de sus archivos',
  headers: complainantHeaders,
  params: ticketParams,
  responses: { 200: personalDataExportSchema, ...errors(400, 401, 403, 404, ...ALWAYS) },
});

export const changeContactEmail = endpoint({
  method: 'POST',
  path: '/v1/denuncias/correo',
  tag,
  access: 'complainant',
  summary:
    'Pide cambiar el correo de contacto: se envía un enlace a la dirección nueva, que la confirma (vence en 24 horas)',
  headers: complainantHeaders,
  body: contactEmailPayloadSchema,
  // 409: the address is the one already recorded.
  responses: { 200: messageSchema, ...errors(400, 401, 403, 404, 409, ...ALWAYS) },
});

export const confirmContactEmail = endpoint({
  method: 'POST',
  path: '/v1/denuncias/correo/confirmar',
  tag,
  access: 'human',
  summary: 'Confirma el cambio de correo con el enlace recibido en la dirección nueva',
  headers: humanHeaders,
  body: confirmEmailPayloadSchema,
  // 410: the link is unknown, used or expired.
  responses: {
    200: messageSchema.extend({ ticket: z.number() }),
    ...errors(400, 403, 410, ...ALWAYS),
  },
});

export const changeContactPhone = endpoint({
  method: 'POST',
  path: '/v1/denuncias/telefono',
  tag,
  access: 'complainant',
  summary: 'Corrige el número de contacto de una denuncia identificada',
  headers: complainantHeaders,
  body: contactPhonePayloadSchema,
  // 409: an anonymous complaint has no contact number.
  responses: { 200: messageSchema, ...errors(400, 401, 403, 404, 409, ...ALWAYS) },
});

export const requestDataRight = endpoint({
  method: 'POST',
  path: '/v1/denuncias/solicitud-datos',
  tag,
  access: 'complainant',
  summary:
    'Pide la supresión, el bloqueo o la rectificación de sus datos, o se opone a su tratamiento: queda en el registro de solicitudes, con su plazo legal',
  headers: complainantHeaders,
  body: portalDataRequestPayloadSchema,
  responses: { 201: messageSchema, ...errors(400, 401, 403, 404, ...ALWAYS) },
});

export const dataRights = {
  personalDataExport,
  changeContactEmail,
  confirmContactEmail,
  changeContactPhone,
  requestDataRight,
} as const;
