// Wire shapes of SPEC §3 and §7, with the spec's Spanish names ({product} = organizacion, DESIGN §4.1).
// Dates on the wire: dd/mm/yyyy; instants: ISO 8601.
// Request payloads are interfaces checked by the schemas in ./schemas; answers are zod schemas
// (the API contract, ./contract, declares them per endpoint) with their types inferred.
import { z } from 'zod';
import type { StaffIntakeChannel } from './constants';

/** The complainant block of a non-anonymous complaint. */
export interface DenunciantePayload {
  apellido_materno?: string;
  apellido_paterno: string;
  /** The contact e-mail, repeated here by the front (optional). */
  email?: string;
  fono: string;
  nombres: string;
  rut: string;
}

/** The `denuncia` JSON part of POST /v1/denuncias (multipart, with repeated `files` parts). */
export interface DenunciaPayload {
  campo_reconoce_involucrados_id: number;
  campo_toma_conocimiento_id: number;
  denuncia_ticket: { email: string; pass: string };
  email_contacto: string;
  es_anonima: boolean;
  /** dd/mm/yyyy */
  fecha_delito: string;
  /** Organisation GUID. */
  filial: string;
  /** The place written by hand; meaningful only without agencia_id. */
  otro_lugar?: string;
  relacion_organizacion_id: number;
  relato: string;
  tipo_delito_id: number;
  zona_id: number;
  /** Present only when the chosen place is greater than -1; absent means "Otro". */
  agencia_id?: number;
  /** Present only when es_anonima is false. */
  denunciante?: DenunciantePayload;
  // Law 21.643 complaints only (types 26–28; refused for other types), each optional (decision 0021).
  /** Who is accused. */
  denunciado_nombre?: string;
  /** Their position. */
  denunciado_cargo?: string;
  /** The accused is the employer's manager or legal representative: the case goes to the DT. */
  denunciado_es_gerente?: boolean;
  /** Filed on someone else's behalf; then `fundamento_representacion` says on what basis. */
  a_nombre_de_otro?: boolean;
  fundamento_representacion?: string;
  /**
   * The pending filing (POST /v1/denuncias/borradores) whose files the filing names in
   * `subidas` (decision 0074); with the pending filing's token in the `x-borrador` header.
   */
  borrador?: string;
  /** Finished resumable (tus) uploads of the pending filing, to become the complaint's files. */
  subidas?: string[];
}

/** A complaint's own fields, whoever files it (the portal's payload without the ticket part). */
export type ComplaintFieldsPayload = Omit<
  DenunciaPayload,
  'denuncia_ticket' | 'email_contacto' | 'borrador' | 'subidas'
>;

/** POST /v1/gestion/denuncias: a complaint staff record, received verbally, in writing or in person. */
export interface StaffIntakePayload extends ComplaintFieldsPayload {
  canal: StaffIntakeChannel;
  /** Where the confirmation mail and later news go; absent when the person gave none. */
  email_contacto?: string;
}

/**
 * Answer of POST /v1/denuncias/borradores (decision 0074): a pending filing, whose files the
 * filing form sends over tus with `token` (header `x-borrador`) before filing names them.
 */
export const borradorAbiertoSchema = z.object({
  borrador: z.string(),
  token: z.string(),
  /** ISO 8601: after this the pending filing and its files are deleted. */
  vence: z.string(),
});
export type BorradorAbierto = z.infer<typeof borradorAbiertoSchema>;

/** Answer of POST /v1/denuncias. */
export const denunciaCreatedSchema = z.object({ ticket: z.number(), email: z.string() });
export type DenunciaCreated = z.infer<typeof denunciaCreatedSchema>;

export interface LoginPayload {
  ticket: number;
  password: string;
}

/** Answer of POST /v1/denuncias/login: a Bearer token. */
export const loginAnswerSchema = z.object({ token: z.string() });
export type LoginAnswer = z.infer<typeof loginAnswerSchema>;

export interface AddCommentPayload {
  comentario: string;
  denuncia_id: number;
}

/** The `bitacora` part of POST /v1/denuncias/upload-files. */
export interface UploadBitacoraPayload {
  codigo: number;
  comentario: string;
  /** The complainant's e-mail. */
  usuario: string;
  /** Finished resumable (tus) uploads of this complaint to attach with the entry (issue 21). */
  subidas?: string[];
}

export interface CodeRecoveryPayload {
  codigo?: number;
  email: string;
}

export interface PasswordRecoveryPayload {
  codigo: number;
  email: string;
}

export interface StatusPayload {
  codigo: number;
}

/** Answer of POST /v1/denuncias/estado-denuncia (DESIGN §4.8). */
export const statusAnswerSchema = z.object({ codigo: z.number(), estado: z.string() });
export type StatusAnswer = z.infer<typeof statusAnswerSchema>;

export interface ResetPasswordPayload {
  token: string;
  password: string;
  repeatPassword: string;
}

/** A log (bitácora) entry as read. */
export const bitacoraEntrySchema = z.object({
  comentario: z.string().nullable(),
  /** ISO 8601 instant. */
  sistema_fecha_creacion: z.string(),
  evento: z.string().nullable(),
  usuario: z.string().nullable(),
});
export type BitacoraEntry = z.infer<typeof bitacoraEntrySchema>;

/**
 * The complainant's fields of a complaint with labels resolved (no ticket, no log): the portal's
 * detail and the back office's case view both send them. Optional values are null (shown as "-").
 */
export const denunciaCamposSchema = z.object({
  reconoce_involucrados: z.string().nullable(),
  fono: z.string().nullable(),
  email: z.string().nullable(),
  nombre: z.string().nullable(),
  apellido_paterno: z.string().nullable(),
  apellido_materno: z.string().nullable(),
  rut: z.string().nullable(),
  /** dd/mm/yyyy */
  fecha_denuncia: z.string(),
  descripcion_hecho: z.string(),
  tipo_conocimiento: z.string().nullable(),
  /** dd/mm/yyyy */
  fecha_ocurrencia_hecho: z.string(),
  lugar: z.string().nullable(),
  otro_lugar: z.string().nullable(),
  relacion_organizacion: z.string().nullable(),
  /** dd/mm/yyyy or null */
  fecha_respuesta: z.string().nullable(),
  estado_denuncia: z.string(),
  subtipo_denuncia: z.string().nullable(),
  tipo_denuncia: z.string().nullable(),
  zona: z.string().nullable(),
});
export type DenunciaCampos = z.infer<typeof denunciaCamposSchema>;

/**
 * What a Law 21.643 complaint adds (decision 0021), as staff read it: the payload's names; null
 * (shown as "-") when not given or the type does not ask it. The portal's detail does not send them.
 */
export const denunciaLey21643Schema = z.object({
  denunciado_nombre: z.string().nullable(),
  denunciado_cargo: z.string().nullable(),
  denunciado_es_gerente: z.boolean(),
  a_nombre_de_otro: z.boolean(),
  fundamento_representacion: z.string().nullable(),
});
export type DenunciaLey21643 = z.infer<typeof denunciaLey21643Schema>;

/** Answer of GET /v1/denuncias/{id}. */
export const denunciaDetalleSchema = z.object({
  /** Public id, equal to the ticket code. */
  id: z.number(),
  denuncia_bitacora: z.array(bitacoraEntrySchema),
  codigo_denuncia: z.number(),
  ...denunciaCamposSchema.shape,
  /**
   * Additions (issue 11, decision 0022): the complainant's request to replace the investigator
   * still waiting for an answer (ISO 8601 instant it was sent), or null.
   */
  solicitud_reemplazo: z.object({ fecha: z.string() }).nullable(),
  /**
   * The complainant's last entry of denuncia_bitacora (its index) and when the team first read it
   * (ISO 8601 instant; null: not yet), never who; null when they wrote nothing yet.
   */
  lectura_equipo: z.object({ indice: z.number().int(), leido: z.string().nullable() }).nullable(),
  /**
   * Addition (issue 22, decision 0061): what the page's summary says. `visita_anterior`: the ISO
   * instant of the sign-in before this one (entries after it are new), null on the first;
   * `antecedentes_hasta`: while "Faltan antecedentes", the day (yyyy-mm-dd) to send them by;
   * `plazos_ley_21643`: for types 26–28, the days the decision and the investigation are due.
   */
  resumen: z.object({
    visita_anterior: z.string().nullable(),
    antecedentes_hasta: z.string().nullable(),
    plazos_ley_21643: z.object({ decision: z.string(), investigacion: z.string() }).nullable(),
  }),
});
export type DenunciaDetalle = z.infer<typeof denunciaDetalleSchema>;

/** An attachment of GET /v1/denuncias/{id}/adjuntos; `path` is a short-lived link (DESIGN §4.7). */
export const adjuntoSchema = z.object({
  id: z.string(),
  path: z.string(),
  mimetype: z.string(),
  name: z.string(),
});
export type Adjunto = z.infer<typeof adjuntoSchema>;

/** An element of the GET /v1/denuncias/{id}/adjuntos answer: the attachment, its size in bytes and who sent it. */
export const adjuntoListadoSchema = adjuntoSchema.extend({
  size: z.number(),
  /** Sent by the investigation team with a reply (not in the original API: an addition). */
  del_equipo: z.boolean(),
});
export type AdjuntoListado = z.infer<typeof adjuntoListadoSchema>;

// ---- Master data ----

export const agenciaSchema = z.object({ id: z.number(), nombre: z.string() });
export type Agencia = z.infer<typeof agenciaSchema>;

/** GET /v1/datos-maestros/zonas */
export const zonaSchema = z.object({
  id: z.number(),
  nombre: z.string(),
  agencias: z.array(agenciaSchema),
});
export type Zona = z.infer<typeof zonaSchema>;

export const lugarSchema = z.object({ value: z.number(), label: z.string() });
export type Lugar = z.infer<typeof lugarSchema>;

/** GET /v1/datos-maestros/zonas/lugares */
export const zonaConLugaresSchema = z.object({
  id: z.number(),
  nombre: z.string(),
  lugares: z.array(lugarSchema),
});
export type ZonaConLugares = z.infer<typeof zonaConLugaresSchema>;

export const delitoTipoSchema = z.object({
  id: z.number(),
  nombre: z.string(),
  descripcion: z.string(),
  grupo: z.string().nullable(),
});
export type DelitoTipo = z.infer<typeof delitoTipoSchema>;

/** GET /v1/datos-maestros/delitos */
export const categoriaDelitosSchema = z.object({
  categoria: z.object({ id: z.number(), nombre: z.string() }),
  delito_tipos: z.array(delitoTipoSchema),
});
export type CategoriaDelitos = z.infer<typeof categoriaDelitosSchema>;

/** Relation and involved-recognition options. */
export const opcionSimpleSchema = z.object({ id: z.number(), descripcion: z.string() });
export type OpcionSimple = z.infer<typeof opcionSimpleSchema>;

/** Every error answer (apps/api/src/http/errors.ts): one Spanish sentence the person reads. */
export const apiErrorSchema = z.object({ message: z.string() });
export type ApiError = z.infer<typeof apiErrorSchema>;
