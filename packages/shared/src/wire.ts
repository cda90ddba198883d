// Wire shapes of SPEC §3 and §7, with the spec's Spanish names ({product} = organizacion, DESIGN §4.1).
// Dates on the wire: dd/mm/yyyy; instants: ISO 8601.

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
}

/** Answer of POST /v1/denuncias. */
export interface DenunciaCreated {
  ticket: number;
  email: string;
}

export interface LoginPayload {
  ticket: number;
  password: string;
}

/** Answer of POST /v1/denuncias/login: a Bearer token. */
export interface LoginAnswer {
  token: string;
}

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
export interface StatusAnswer {
  codigo: number;
  estado: string;
}

export interface ResetPasswordPayload {
  token: string;
  password: string;
  repeatPassword: string;
}

/** A log (bitácora) entry as read. */
export interface BitacoraEntry {
  comentario: string | null;
  /** ISO 8601 instant. */
  sistema_fecha_creacion: string;
  evento: string | null;
  usuario: string | null;
}

/** Answer of GET /v1/denuncias/{id}. Optional values are null (shown as "-"). */
export interface DenunciaDetalle {
  /** Public id, equal to the ticket code. */
  id: number;
  denuncia_bitacora: BitacoraEntry[];
  reconoce_involucrados: string | null;
  codigo_denuncia: number;
  fono: string | null;
  email: string | null;
  nombre: string | null;
  apellido_paterno: string | null;
  apellido_materno: string | null;
  rut: string | null;
  /** dd/mm/yyyy */
  fecha_denuncia: string;
  descripcion_hecho: string;
  tipo_conocimiento: string | null;
  /** dd/mm/yyyy */
  fecha_ocurrencia_hecho: string;
  lugar: string | null;
  otro_lugar: string | null;
  relacion_organizacion: string | null;
  /** dd/mm/yyyy or null */
  fecha_respuesta: string | null;
  estado_denuncia: string;
  subtipo_denuncia: string | null;
  tipo_denuncia: string | null;
  zona: string | null;
}

/** An attachment of GET /v1/denuncias/{id}/adjuntos; `path` is a short-lived link (DESIGN §4.7). */
export interface Adjunto {
  id: string;
  path: string;
  mimetype: string;
  name: string;
}

// ---- Master data ----

export interface Agencia {
  id: number;
  nombre: string;
}

/** GET /v1/datos-maestros/zonas */
export interface Zona {
  id: number;
  nombre: string;
  agencias: Agencia[];
}

export interface Lugar {
  value: number;
  label: string;
}

/** GET /v1/datos-maestros/zonas/lugares */
export interface ZonaConLugares {
  id: number;
  nombre: string;
  lugares: Lugar[];
}

export interface DelitoTipo {
  id: number;
  nombre: string;
  descripcion: string;
  grupo: string | null;
}

/** GET /v1/datos-maestros/delitos */
export interface CategoriaDelitos {
  categoria: { id: number; nombre: string };
  delito_tipos: DelitoTipo[];
}

/** Relation and involved-recognition options. */
export interface OpcionSimple {
  id: number;
  descripcion: string;
}

/** Every error answer. */
export interface ApiError {
  message: string;
}
