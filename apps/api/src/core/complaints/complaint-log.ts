import {
  CASE_PRIORITY_LABELS,
  CHANNEL_LABELS,
  DATA_RIGHT_LABELS,
  RETALIATION_DUE_WORKING_DAYS,
  type CasePriority,
  type ComplaintChannel,
  type DataRight,
} from '@canal/shared';
import type { SealingKey } from '../../crypto/keys';
import { logComment, sealField } from '../../crypto/sealed-field';

/**
 * The complaint's log (the bitácora, table `complaint_log`): the wording of every entry and the
 * name of every author live here, and every entry is built here, whichever side writes it; the
 * complaint store (`complaintStore.appendLog`) persists it. The complainant reads the visible
 * entries; staff read them all. No other file types an event or an author.
 */

/** The author the complainant and staff read on entries the system writes itself. */
export const AUTHOR_SYSTEM = 'Sistema';
/** The author of what the complainant writes or sends. */
export const AUTHOR_COMPLAINANT = 'Denunciante';
/** What the complainant reads as the author of a staff entry: the team, never a person's name. */
export const AUTHOR_TEAM = 'Equipo de investigación';
/** The author of a notice about the complainant's personal data (a security incident, Law 21.719). */
export const AUTHOR_DATA_PROTECTION = 'Protección de datos';

const duplicateOrRelated = (duplicate: boolean, of: string) =>
  duplicate ? `Marcado como duplicado de ${of}` : `Relacionado con ${of}`;

/** Every event of the log, as the complainant and staff read it (neutral Spanish). */
export const LOG_EVENTS = {
  // Written by the system.
  filed: 'Denuncia ingresada',
  breachNotice: 'Aviso de incidente de seguridad',
  acknowledged: 'Hito: Acuse de recibo',
  passwordReset: 'Contraseña de seguimiento restablecida',
  /** The person set their password with the short code of a receipt (decision 0075). */
  activatedWithCode: 'Contraseña de seguimiento creada con el código de activación',
  assignedByRule: (name: string) => `Caso asignado a ${name} por una regla de aviso`,
  // Law 21.719: the complainant's own corrections, and the register's answers (decision 0044).
  emailChanged: 'Correo de contacto actualizado',
  phoneChanged: 'Número de contacto actualizado',
  dataRequestAnswered: 'Respuesta a su solicitud sobre datos personales',
  dataRequestExtended: 'Plazo de respuesta de su solicitud sobre datos prorrogado',
  /** The question after closing (decision 0060): neutral, the same for every case. */
  retaliationCheckin: 'Consulta de seguimiento después del cierre',
  // Written by the complainant.
  complainantComment: 'Comentario del denunciante',
  complainantUpload: 'Antecedentes enviados por el denunciante',
  /** The complainant's answer to a transcript's version (decision 0064); never its text. */
  transcriptAccepted: (version: number) => `Transcripción (versión ${version}) aceptada`,
  transcriptCorrected: (version: number) =>
    `Correcciones propuestas a la transcripción (versión ${version})`,
  /** Never the reason: only administrators and auditors read it (decision 0022). */
  replacementRequested: 'Solicitud de cambio de la persona investigadora',
  /** The right asked for, never the text. */
  dataRequested: (right: DataRight) =>
    `Solicitud sobre sus datos personales: ${DATA_RIGHT_LABELS[right].toLowerCase()}`,
  retaliationReported: 'Aviso de represalias',
  // Written by staff.
  /**
   * Visible (decision 0075): a person whose access someone else obtained by posing as them reads
   * here that a new activation was handed over, and when.
   */
  activationReissued:
    'El equipo entregó en persona un nuevo código de activación; los códigos y enlaces anteriores dejaron de funcionar',
  recordedByStaff: (channel: ComplaintChannel) =>
    `Denuncia registrada por el equipo (canal ${CHANNEL_LABELS[channel].toLowerCase()})`,
  status: (status: string) => `Cambio de estado: ${status}`,
  reply: 'Respuesta del equipo de investigación',
  /** A transcript's version awaits the complainant's review (decision 0064); never its text. */
  transcriptIssued: 'Transcripción disponible para su revisión',
  note: 'Nota interna',
  milestone: (label: string) => `Hito: ${label}`,
  milestoneAtClosing: (label: string) => `Hito: ${label} (registrado al cerrar el caso)`,
  assigned: (name: string | null) => (name ? `Caso asignado a ${name}` : 'Caso sin asignar'),
  exclusion: (name: string, excluded: boolean) =>
    excluded
      ? `${name} queda excluido del caso por conflicto de interés`
      : `${name} deja de estar excluido del caso`,
  priority: (priority: CasePriority | null) =>
    priority ? `Prioridad: ${CASE_PRIORITY_LABELS[priority]}` : 'Prioridad quitada',
  tags: (added: string[], removed: string[]) =>
    'Etiquetas ' +
    [
      added.length ? `agregadas: ${added.join(', ')}` : '',
      removed.length ? `quitadas: ${removed.join(', ')}` : '',
    ]
      .filter(Boolean)
      .join('; '),
  /** On the case marked: it is a duplicate of, or related to, case number `other`. */
  linked: (other: string, duplicate: boolean) => duplicateOrRelated(duplicate, other),
  /** On the other case of the pair: case number `marked` points at it. */
  linkedFrom: (marked: string, duplicate: boolean) =>
    duplicate ? `${marked} marcado como duplicado de este caso` : `Relacionado con ${marked}`,
  unlinked: (other: string | null) => `Vínculo con ${other} quitado`,
  reclassified: (from: string, to: string) => `Cambio de tipo de denuncia: de «${from}» a «${to}»`,
  replacementAccepted: 'Solicitud de cambio de la persona investigadora: acogida',
  replacementRejected: 'Solicitud de cambio de la persona investigadora: rechazada',
  retaliationAttended: 'Aviso de represalias: atendido',
} as const;

/** The comments the API itself writes on an entry (a person's comment is theirs). */
export const LOG_COMMENTS = {
  replacementAccepted:
    'Su solicitud fue acogida. El caso quedó a cargo de otra persona del equipo de investigación.',
  /** What the check-in asks, `days` after closing (decision 0060). */
  retaliationCheckin: (days: number) =>
    `Han pasado ${days} días desde el cierre de su denuncia. ¿Ha sufrido represalias por ` +
    'haberla presentado, como un despido, un cambio de funciones, de turno o de trato, u ' +
    'hostigamiento? Si es así, use el botón «Sufrí represalias» de esta página: el equipo de ' +
    'investigación y la administración del canal recibirán un aviso y deberán atenderlo en un ' +
    `plazo de ${RETALIATION_DUE_WORKING_DAYS} días hábiles. Si no ha sufrido represalias, no necesita hacer nada.`,
  retaliationAttended:
    'El equipo de investigación revisó su aviso de represalias. Si la situación continúa, ' +
    'puede volver a avisar o acudir a la Dirección del Trabajo.',
} as const;

/**
 * The complainant's messages to the team: what "the last message read by the team" is about
 * (decision 0022). Their request to replace the investigator is not one: administrators answer it.
 */
export const COMPLAINANT_MESSAGE_EVENTS = [
  LOG_EVENTS.complainantComment,
  LOG_EVENTS.complainantUpload,
] as const;

/** One entry of a complaint's log, ready to be stored. */
export interface LogEntry {
  complaintId: number;
  event: string;
  commentEnc: string | null;
  author: string;
  visible: boolean;
  /** The staff member who wrote it; null for the complainant and the system. */
  staffUserId: number | null;
}

/** A comment for the log, sealed with the complaint's data key when the entry is built. */
export interface LogComment {
  key: SealingKey;
  text: string;
}

const sealed = (complaintId: number, comment?: LogComment | null) =>
  comment ? sealField(comment.key, comment.text, logComment(complaintId)) : null;

/** An entry the system writes (author "Sistema"). */
export const systemEntry = (
  complaintId: number,
  event: string,
  visible: boolean,
  comment?: LogComment | null,
): LogEntry => ({
  complaintId,
  event,
  commentEnc: sealed(complaintId, comment),
  author: AUTHOR_SYSTEM,
  visible,
  staffUserId: null,
});

/** A notice about the complainant's personal data: visible, signed by data protection. */
export const dataProtectionEntry = (
  complaintId: number,
  event: string,
  comment: LogComment,
): LogEntry => ({
  complaintId,
  event,
  commentEnc: sealed(complaintId, comment),
  author: AUTHOR_DATA_PROTECTION,
  visible: true,
  staffUserId: null,
});

/** An entry of the complainant's: always visible to them. */
export const complainantEntry = (
  complaintId: number,
  event: string,
  comment?: LogComment | null,
): LogEntry => ({
  complaintId,
  event,
  commentEnc: sealed(complaintId, comment),
  author: AUTHOR_COMPLAINANT,
  visible: true,
  staffUserId: null,
});

/**
 * An entry a staff member writes: a visible one (the complainant reads it) is signed by the team,
 * a staff-only one by the person; either way the row keeps who wrote it.
 */
export const staffEntry = (
  complaintId: number,
  person: { id: number; name: string },
  event: string,
  { visible, comment }: { visible: boolean; comment?: LogComment | null },
): LogEntry => ({
  complaintId,
  event,
  commentEnc: sealed(complaintId, comment),
  author: visible ? AUTHOR_TEAM : person.name,
  visible,
  staffUserId: person.id,
});

/** Who an audit row's actor is, as screens and the dossier show it: a person's name, or the system. */
export const actorName = <T>(actorId: number | null, name: T): T | typeof AUTHOR_SYSTEM =>
  actorId === null ? AUTHOR_SYSTEM : name;
