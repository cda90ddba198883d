// The one place where each entity is mapped between its wire shape (Spanish, SPEC §3) and its
// front-side shape (English, SPEC §3).
import {
  OTHER_PLACE,
  OTHER_PLACE_LABEL,
  isLaw21643Type,
  type StaffIntakeChannel,
} from './constants';
import type {
  Category,
  ComplaintDetail,
  ComplaintFile,
  ComplaintForm,
  LogEntry,
  TicketInfo,
  UploadBitacora,
} from './model';
import type { PrivacyNoticeWire } from './contract/privacy-notice';
import type { TranscriptWire } from './contract/transcripts';
import { formatRut } from './rut';
import type {
  Adjunto,
  AdjuntoListado,
  BitacoraEntry,
  CategoriaDelitos,
  DenunciaCampos,
  DenunciaDetalle,
  DenunciaPayload,
  Lugar,
  PasswordRecoveryPayload,
  StaffIntakePayload,
  UploadBitacoraPayload,
  Zona,
  ZonaConLugares,
} from './wire';

const trimmed = (text: string | undefined): string => (text ?? '').trim();
const orUndefined = (text: string | undefined): string | undefined => {
  const value = trimmed(text);
  return value === '' ? undefined : value;
};

/**
 * Complaint form + save modal → the `denuncia` part. `agencia_id` only when the place is above -1
 * (else `otro_lugar` carries the place); `denunciante` only when not anonymous, with the RUT
 * formatted; the ticket e-mail is also the contact e-mail. The accused and representation fields
 * only for types 26–28 and only when given (a type chosen after typing them drops them).
 */
export function toDenunciaPayload(
  form: ComplaintForm,
  ticketInfo: TicketInfo,
  filialId: string,
): DenunciaPayload {
  const email = ticketInfo.email.trim();
  const isOther = form.occurrencePlace <= OTHER_PLACE;
  const payload: DenunciaPayload = {
    campo_reconoce_involucrados_id: form.canIdentify,
    campo_toma_conocimiento_id: form.knowledgeSource,
    denuncia_ticket: { email, pass: ticketInfo.password },
    email_contacto: email,
    es_anonima: form.anonymous,
    fecha_delito: form.occurrenceDate.trim(),
    filial: filialId,
    otro_lugar: isOther ? trimmed(form.otherPlace) : '',
    relacion_organizacion_id: form.relationshipWithOrganization,
    relato: form.description.trim(),
    tipo_delito_id: form.crimeId,
    zona_id: form.occurrenceZone,
  };
  if (!isOther) payload.agencia_id = form.occurrencePlace;
  if (isLaw21643Type(form.crimeId)) {
    const accusedName = orUndefined(form.accusedName);
    const accusedPosition = orUndefined(form.accusedPosition);
    if (accusedName !== undefined) payload.denunciado_nombre = accusedName;
    if (accusedPosition !== undefined) payload.denunciado_cargo = accusedPosition;
    if (form.accusedIsManager === true) payload.denunciado_es_gerente = true;
    if (form.onBehalfOfAnother === true) {
      payload.a_nombre_de_otro = true;
      payload.fundamento_representacion = trimmed(form.representationBasis);
    }
  }
  if (!form.anonymous) {
    payload.denunciante = {
      apellido_materno: trimmed(form.complainantMiddleName),
      apellido_paterno: trimmed(form.complainantLastName),
      email,
      fono: trimmed(form.complainantContactNumber),
      nombres: trimmed(form.complainantFirstName),
      rut: formatRut(form.complainantRut ?? '').toUpperCase(),
    };
  }
  return payload;
}

/**
 * The same complaint form, recorded by staff → POST /v1/gestion/denuncias: the portal's mapping
 * without the ticket part; the contact e-mail only when the person gave one.
 */
export function toStaffIntakePayload(
  form: ComplaintForm,
  intake: { channel: StaffIntakeChannel; email?: string },
  filialId: string,
): StaffIntakePayload {
  const email = trimmed(intake.email);
  const {
    denuncia_ticket: _ticket,
    email_contacto: _contact,
    ...fields
  } = toDenunciaPayload(form, { email, password: '' }, filialId);
  if (fields.denunciante && email === '') delete fields.denunciante.email;
  const payload: StaffIntakePayload = { ...fields, canal: intake.channel };
  if (email !== '') payload.email_contacto = email;
  return payload;
}

export interface DenunciaPayloadAsForm {
  form: ComplaintForm;
  ticketInfo: TicketInfo;
  filialId: string;
}

/** The `denuncia` part → the form it came from (the API can validate it as the front did). */
export function fromDenunciaPayload(payload: DenunciaPayload): DenunciaPayloadAsForm {
  const place = payload.agencia_id ?? OTHER_PLACE;
  const form: ComplaintForm = {
    anonymous: payload.es_anonima,
    canIdentify: payload.campo_reconoce_involucrados_id,
    crimeId: payload.tipo_delito_id,
    description: payload.relato,
    knowledgeSource: payload.campo_toma_conocimiento_id,
    occurrenceDate: payload.fecha_delito,
    occurrencePlace: place,
    occurrenceZone: payload.zona_id,
    relationshipWithOrganization: payload.relacion_organizacion_id,
  };
  if (place === OTHER_PLACE) form.otherPlace = payload.otro_lugar ?? '';
  if (payload.denunciado_nombre !== undefined) form.accusedName = payload.denunciado_nombre;
  if (payload.denunciado_cargo !== undefined) form.accusedPosition = payload.denunciado_cargo;
  if (payload.denunciado_es_gerente === true) form.accusedIsManager = true;
  if (payload.a_nombre_de_otro === true) {
    form.onBehalfOfAnother = true;
    form.representationBasis = payload.fundamento_representacion ?? '';
  }
  const person = payload.es_anonima ? undefined : payload.denunciante;
  if (person) {
    form.complainantRut = person.rut;
    form.complainantFirstName = person.nombres;
    form.complainantLastName = person.apellido_paterno;
    form.complainantContactNumber = person.fono;
    const middle = orUndefined(person.apellido_materno);
    if (middle !== undefined) form.complainantMiddleName = middle;
  }
  return {
    form,
    ticketInfo: { email: payload.denuncia_ticket.email, password: payload.denuncia_ticket.pass },
    filialId: payload.filial,
  };
}

export function fromBitacoraEntry(entry: BitacoraEntry): LogEntry {
  return {
    event: entry.evento,
    creationDate: entry.sistema_fecha_creacion,
    comment: entry.comentario,
    user: entry.usuario,
  };
}

/** The complainant's fields of a complaint (the detail without its id, code and log). */
export type ComplaintFields = Omit<
  ComplaintDetail,
  'id' | 'code' | 'binnacle' | 'replacementRequest' | 'teamRead' | 'summary'
>;

export function fromDenunciaDetalle(wire: DenunciaDetalle): ComplaintDetail {
  return {
    id: wire.id,
    code: wire.codigo_denuncia,
    ...fromDenunciaCampos(wire),
    binnacle: wire.denuncia_bitacora.map(fromBitacoraEntry),
    replacementRequest: wire.solicitud_reemplazo && { sentAt: wire.solicitud_reemplazo.fecha },
    teamRead: wire.lectura_equipo && {
      entryIndex: wire.lectura_equipo.indice,
      readAt: wire.lectura_equipo.leido,
    },
    summary: {
      previousVisit: wire.resumen.visita_anterior,
      documentsBy: wire.resumen.antecedentes_hasta,
      law21643: wire.resumen.plazos_ley_21643 && {
        decisionBy: wire.resumen.plazos_ley_21643.decision,
        investigationBy: wire.resumen.plazos_ley_21643.investigacion,
      },
    },
  };
}

/** The complainant's fields, as both the portal's detail and the back office's case view send them. */
export function fromDenunciaCampos(wire: DenunciaCampos): ComplaintFields {
  return {
    status: wire.estado_denuncia,
    canIdentify: wire.reconoce_involucrados,
    occurrenceDate: wire.fecha_ocurrencia_hecho,
    createdAt: wire.fecha_denuncia,
    description: wire.descripcion_hecho,
    complainantEmail: wire.email,
    complainantContactNumber: wire.fono,
    complainantFirstName: wire.nombre,
    complainantMiddleName: wire.apellido_materno,
    complainantLastName: wire.apellido_paterno,
    complainantRut: wire.rut,
    zone: wire.zona,
    place: wire.lugar,
    otherPlace: wire.otro_lugar,
    type: wire.tipo_denuncia,
    subType: wire.subtipo_denuncia,
    knowledgeType: wire.tipo_conocimiento,
    relationshipWithOrganization: wire.relacion_organizacion,
    responseDate: wire.fecha_respuesta,
  };
}

export function fromCategoriaDelitos(wire: CategoriaDelitos): Category {
  return {
    id: wire.categoria.id,
    title: wire.categoria.nombre,
    crimes: wire.delito_tipos.map((tipo) => ({
      id: tipo.id,
      title: tipo.nombre,
      description: tipo.descripcion,
      ...(tipo.grupo !== null && tipo.grupo.trim() !== '' ? { group: tipo.grupo } : {}),
    })),
  };
}

export function fromAdjunto(wire: Adjunto): ComplaintFile {
  return { id: wire.id, path: wire.path, mimetype: wire.mimetype, name: wire.name };
}

/** A file of the complainant's list: with its size, and whether the team sent it. */
export function fromAdjuntoListado(
  wire: AdjuntoListado,
): ComplaintFile & { size: number; fromTeam: boolean } {
  return { ...fromAdjunto(wire), size: wire.size, fromTeam: wire.del_equipo };
}

/**
 * The places of a zone for the place select: its agencies (or its `lugares`), plus "Otro" (-1) when
 * the list lacks it (SPEC §3). No zone gives only "Otro".
 */
export function placesForZone(zona: Zona | ZonaConLugares | null | undefined): Lugar[] {
  const places: Lugar[] = !zona
    ? []
    : 'lugares' in zona
      ? zona.lugares.map((l) => ({ value: l.value, label: l.label }))
      : zona.agencias.map((a) => ({ value: a.id, label: a.nombre }));
  if (!places.some((p) => p.value === OTHER_PLACE)) {
    places.push({ value: OTHER_PLACE, label: OTHER_PLACE_LABEL });
  }
  return places;
}

export function toUploadBitacora({
  id,
  comment,
  user,
  uploads,
}: UploadBitacora): UploadBitacoraPayload {
  return {
    codigo: id,
    comentario: comment.trim(),
    usuario: user.trim(),
    ...(uploads?.length ? { subidas: uploads } : {}),
  };
}

/**
 * Code + e-mail → recovery payload, only when both are present; the code is parsed as an integer
 * (digits only). Otherwise null (SPEC §5).
 */
export function toCodeRecovery(
  codigo: string | number | null | undefined,
  email: string | null | undefined,
): PasswordRecoveryPayload | null {
  const mail = (email ?? '').trim();
  const text = String(codigo ?? '').trim();
  if (mail === '' || !/^\d+$/.test(text)) return null;
  const code = Number.parseInt(text, 10);
  return Number.isSafeInteger(code) && code > 0 ? { codigo: code, email: mail } : null;
}

/** The privacy notice's data (Law 21.719): the controller's contact and the retention period. */
export function fromPrivacyNotice(wire: PrivacyNoticeWire) {
  return {
    organizationId: wire.organizacion,
    contact: wire.contacto && {
      name: wire.contacto.nombre,
      email: wire.contacto.correo,
      address: wire.contacto.direccion,
      phone: wire.contacto.telefono,
    },
    retentionYears: wire.retencion_anios,
  };
}
export type PrivacyNotice = ReturnType<typeof fromPrivacyNotice>;

/** The transcript of an oral complaint as the complainant reads it (decision 0064). */
export function fromTranscripcion(wire: TranscriptWire) {
  return {
    /** Newest first. */
    versions: wire.versiones.map((v) => ({
      version: v.version,
      text: v.texto,
      issuedAt: v.fecha,
      state: v.estado,
      corrections: v.correcciones,
      answeredAt: v.respondida,
    })),
    accepted: wire.aceptada,
  };
}
export type ComplaintTranscript = ReturnType<typeof fromTranscripcion>;
