// Law 21.719's rights of every person in the channel (issue 19): what the complainant changes or
// asks for on the portal, and the requests register staff keep for requests by any channel. One
// copy of each rule and message, for the forms and the API.
import { z } from 'zod';
import { MESSAGES } from '../messages';
import { emailSchema, phoneSchema, ticketNumberSchema } from './fields';

/** The rights a person may exercise (Law 21.719), as the wire names them. */
export const DATA_RIGHTS = [
  'acceso',
  'rectificacion',
  'supresion',
  'oposicion',
  'portabilidad',
  'bloqueo',
] as const;
export type DataRight = (typeof DATA_RIGHTS)[number];

export const DATA_RIGHT_LABELS: Record<DataRight, string> = {
  acceso: 'Acceso',
  rectificacion: 'Rectificación',
  supresion: 'Supresión',
  oposicion: 'Oposición',
  portabilidad: 'Portabilidad',
  bloqueo: 'Bloqueo temporal',
};

/**
 * What the complainant asks for on the portal: access and portability they serve themselves (the
 * JSON download), their e-mail and phone they correct themselves; the rest becomes a request.
 */
export const PORTAL_DATA_RIGHTS = ['supresion', 'bloqueo', 'rectificacion', 'oposicion'] as const;

/** Who asks. */
export const DATA_REQUESTERS = ['denunciante', 'denunciado', 'testigo', 'otro'] as const;
export type DataRequester = (typeof DATA_REQUESTERS)[number];
export const DATA_REQUESTER_LABELS: Record<DataRequester, string> = {
  denunciante: 'Persona denunciante',
  denunciado: 'Persona denunciada',
  testigo: 'Testigo',
  otro: 'Otra persona',
};

/** How the request arrived. */
export const DATA_REQUEST_CHANNELS = ['portal', 'correo', 'carta', 'presencial'] as const;
export type DataRequestChannel = (typeof DATA_REQUEST_CHANNELS)[number];
export const DATA_REQUEST_CHANNEL_LABELS: Record<DataRequestChannel, string> = {
  portal: 'Canal de denuncias',
  correo: 'Correo electrónico',
  carta: 'Carta',
  presencial: 'En persona',
};

export const DATA_REQUEST_DECISIONS = ['acogida', 'acogida_parcial', 'rechazada'] as const;
export type DataRequestDecision = (typeof DATA_REQUEST_DECISIONS)[number];
export const DATA_REQUEST_DECISION_LABELS: Record<DataRequestDecision, string> = {
  acogida: 'Acogida',
  acogida_parcial: 'Acogida en parte',
  rechazada: 'Rechazada',
};

export const DATA_REQUEST_TEXT_MAX = 4000;

export const DATA_RIGHTS_MESSAGES = {
  right: 'Debe indicar qué derecho ejerce.',
  detailRequired: '* Debe describir su solicitud.',
  detailMax: `* El texto no puede tener más de ${DATA_REQUEST_TEXT_MAX} caracteres.`,
  requester: 'Debe indicar quién hace la solicitud.',
  channel: 'Debe indicar por qué medio llegó la solicitud.',
  requesterName: 'Debe indicar el nombre de quien solicita.',
  organization: 'Debe indicar la organización.',
  decision: 'Debe indicar si la solicitud se acoge, se acoge en parte o se rechaza.',
  reasonRequired: 'Debe indicar el fundamento de la decisión.',
  answerRequired: 'Debe escribir la respuesta que se envía.',
  extensionReason: 'Debe indicar el motivo de la prórroga.',
  cases: 'Los casos indicados no son válidos.',
  receivedOn: 'La fecha de recepción no es válida (aaaa-mm-dd).',
  receivedInFuture: 'La fecha de recepción no puede ser posterior a hoy.',
} as const;

const text = (required: string) =>
  z
    .string({ error: required })
    .trim()
    .min(1, { error: required })
    .max(DATA_REQUEST_TEXT_MAX, DATA_RIGHTS_MESSAGES.detailMax);

// ---------- the portal ----------

/** POST /v1/denuncias/correo: the new contact address, confirmed by a link sent to it. */
export const contactEmailPayloadSchema = z.object(
  { denuncia_id: ticketNumberSchema, email: emailSchema },
  { error: MESSAGES.invalidData },
);
export type ContactEmailPayload = z.input<typeof contactEmailPayloadSchema>;

/** POST /v1/denuncias/correo/confirmar: the token of the link. */
export const confirmEmailPayloadSchema = z.object(
  { token: z.string({ error: MESSAGES.invalidData }).min(1).max(200) },
  { error: MESSAGES.invalidData },
);

/** POST /v1/denuncias/telefono */
export const contactPhonePayloadSchema = z.object(
  { denuncia_id: ticketNumberSchema, fono: phoneSchema },
  { error: MESSAGES.invalidData },
);

/** POST /v1/denuncias/solicitud-datos */
export const portalDataRequestPayloadSchema = z.object(
  {
    denuncia_id: ticketNumberSchema,
    derecho: z.enum(PORTAL_DATA_RIGHTS, { error: DATA_RIGHTS_MESSAGES.right }),
    detalle: text(DATA_RIGHTS_MESSAGES.detailRequired),
  },
  { error: MESSAGES.invalidData },
);
export type PortalDataRequestPayload = z.input<typeof portalDataRequestPayloadSchema>;

/** The portal's forms on the detail page (front names). */
export const contactEmailFormSchema = z.object({ email: emailSchema });
export const contactPhoneFormSchema = z.object({ phone: phoneSchema });
export const portalDataRequestFormSchema = z.object({
  right: z.enum(PORTAL_DATA_RIGHTS, { error: DATA_RIGHTS_MESSAGES.right }),
  detail: text(DATA_RIGHTS_MESSAGES.detailRequired),
});
export type PortalDataRequestFormValues = z.output<typeof portalDataRequestFormSchema>;

// ---------- the register (back office) ----------

const civilDay = z
  .string({ error: DATA_RIGHTS_MESSAGES.receivedOn })
  .regex(/^\d{4}-\d{2}-\d{2}$/, { error: DATA_RIGHTS_MESSAGES.receivedOn });

/** A request that arrived by e-mail, letter or in person, recorded by an administrator. */
export const newDataRequestSchema = z.object({
  organizacion: z.string({ error: DATA_RIGHTS_MESSAGES.organization }).min(1).max(60),
  solicitante: z.enum(DATA_REQUESTERS, { error: DATA_RIGHTS_MESSAGES.requester }),
  nombre: text(DATA_RIGHTS_MESSAGES.requesterName).pipe(z.string().max(200)),
  contacto: z.string().trim().max(200).optional(),
  derecho: z.enum(DATA_RIGHTS, { error: DATA_RIGHTS_MESSAGES.right }),
  canal: z.enum(DATA_REQUEST_CHANNELS, { error: DATA_RIGHTS_MESSAGES.channel }),
  /** yyyy-mm-dd (Chile): the day it arrived; the answer period runs from it. Default today. */
  recibida: civilDay.optional(),
  detalle: text(DATA_RIGHTS_MESSAGES.detailRequired),
  /** Case ids the request concerns. */
  casos: z
    .array(z.number().int().positive(), { error: DATA_RIGHTS_MESSAGES.cases })
    .max(50, { error: DATA_RIGHTS_MESSAGES.cases }),
});
export type NewDataRequest = z.input<typeof newDataRequestSchema>;

export const dataRequestExtensionSchema = z.object({
  motivo: text(DATA_RIGHTS_MESSAGES.extensionReason),
});

export const dataRequestAnswerSchema = z.object({
  decision: z.enum(DATA_REQUEST_DECISIONS, { error: DATA_RIGHTS_MESSAGES.decision }),
  fundamento: text(DATA_RIGHTS_MESSAGES.reasonRequired),
  respuesta: text(DATA_RIGHTS_MESSAGES.answerRequired),
});
export type DataRequestAnswer = z.input<typeof dataRequestAnswerSchema>;
