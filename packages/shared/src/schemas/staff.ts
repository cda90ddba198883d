// Back-office forms and payloads: one copy of each rule and message, used by the staff pages and by
// the API routes that receive them.
import { z } from 'zod';
import { COMPLAINT_STATUSES, MAX_FILES_PER_REQUEST, STATUS_CLOSED } from '../constants';
import { ORGANIZATIONS } from '../organizations';

export const STAFF_ROLES = ['administrador', 'investigador', 'auditor'] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];

/** Each role in words. */
export const ROLE_LABELS: Record<StaffRole, string> = {
  administrador: 'Administrador/a',
  investigador: 'Investigador/a',
  auditor: 'Auditor/a',
};

const worksOnEveryOrganization = (role: StaffRole, organizationIds: readonly string[]) =>
  role === 'administrador' && organizationIds.length === 0;

/** What each role may do (DESIGN §8), for the API's guards and the back-office screens alike. */
export const ROLE_RULES = {
  /** Administrators manage users, alerts, master data and statistics. */
  isAdministrator: (role: StaffRole) => role === 'administrador',
  /** Auditors only read. */
  canChangeCases: (role: StaffRole) => role !== 'auditor',
  /**
   * An administrator who names no organisation works on all of them: sees their cases, receives
   * their alerts and digests. Everyone else, administrators who name some included, works on the
   * organisations they name (decision 0033). The SQL twin is `worksOnSql`
   * (apps/api/src/core/notifications/repository.ts).
   */
  worksOnEveryOrganization,
  /** Whether the person works on the cases of `organizationId` (the rule above). */
  worksOn: (role: StaffRole, organizationIds: readonly string[], organizationId: string) =>
    worksOnEveryOrganization(role, organizationIds) || organizationIds.includes(organizationId),
} as const;

export const STAFF_MESSAGES = {
  closingNeedsResolution: 'Para cerrar el caso debe escribir la resolución.',
  intakeChannel: 'Debe indicar cómo se recibió la denuncia: verbal, escrito o presencial.',
  intakeOrganization: 'No puede registrar denuncias de esa organización.',
} as const;

export const staffEmailSchema = z
  .string({ error: 'Debe ingresar el correo.' })
  .trim()
  .toLowerCase()
  .min(1, { error: 'Debe ingresar el correo.' })
  .pipe(
    z
      .email({ error: 'El correo no tiene un formato válido.' })
      .max(254, { error: 'El correo es demasiado largo.' }),
  );

/** Staff passwords: long, with letters and digits (they open every case of their organisations). */
export const staffPasswordSchema = z
  .string({ error: 'Debe ingresar la contraseña.' })
  .min(12, { error: 'La contraseña debe tener al menos 12 caracteres.' })
  .max(128, { error: 'La contraseña puede tener como máximo 128 caracteres.' })
  .refine((p) => /\p{L}/u.test(p) && /\d/.test(p), {
    error: 'La contraseña debe combinar letras y números.',
  });

export const totpCodeSchema = z
  .string({ error: 'Debe ingresar el código de verificación.' })
  .trim()
  .regex(/^\d{6}$/, { error: 'El código de verificación tiene 6 dígitos.' });

/** The name a person gives a passkey, to tell theirs apart (decision 0076). */
export const passkeyNameSchema = z
  .string({ error: 'Debe darle un nombre a la llave de acceso.' })
  .trim()
  .min(1, { error: 'Debe darle un nombre a la llave de acceso.' })
  .max(60, { error: 'El nombre puede tener como máximo 60 caracteres.' })
  .refine((name) => !/[\p{Cc}\u202a-\u202e\u2066-\u2069]/u.test(name), {
    error: 'El nombre contiene caracteres no permitidos.',
  });

export const staffSignInSchema = z.object({
  email: staffEmailSchema,
  password: z
    .string({ error: 'Debe ingresar la contraseña.' })
    .min(1, { error: 'Debe ingresar la contraseña.' })
    .max(128, { error: 'La contraseña puede tener como máximo 128 caracteres.' }),
  codigo: totpCodeSchema,
});

/**
 * What a name shown to others may not hold: NUL and other control characters (C0, DEL, C1), and
 * the bidirectional marks and overrides that make text read differently from how it is stored
 * (U+200E/F, U+202A–U+202E, U+2066–U+2069): "\u202e" would spoof names in the audit log.
 */
export const UNSAFE_NAME_CHARACTERS = /[\p{Cc}\u200E\u200F\u202A-\u202E\u2066-\u2069]/u;

export const STAFF_NAME_MESSAGES = {
  unsafe: 'El nombre no puede contener caracteres de control ni marcas de dirección de texto.',
} as const;

/** Every staff text shown as a name. */
export const staffNameSchema = z
  .string({ error: 'Debe ingresar el nombre.' })
  .refine((name) => !UNSAFE_NAME_CHARACTERS.test(name), { error: STAFF_NAME_MESSAGES.unsafe })
  .transform((name) => name.trim())
  .pipe(
    z
      .string()
      .min(2, { error: 'El nombre debe tener al menos 2 caracteres.' })
      .max(120, { error: 'El nombre puede tener como máximo 120 caracteres.' }),
  );

const staffName = staffNameSchema;

const staffRole = z.enum(STAFF_ROLES, {
  error: 'Debe elegir el rol: administrador, investigador o auditor.',
});

const organizationIds = z
  .array(
    z
      .string()
      .toLowerCase()
      .refine((id) => ORGANIZATIONS.some((o) => o.id === id), {
        error: 'Una de las organizaciones no es válida.',
      }),
    { error: 'Debe indicar las organizaciones.' },
  )
  .max(ORGANIZATIONS.length)
  .transform((ids) => [...new Set(ids)]);

export const staffInviteSchema = z.object({
  email: staffEmailSchema,
  nombre: staffName,
  rol: staffRole,
  organizaciones: organizationIds.default([]),
});

export const staffUpdateSchema = z
  .object({
    nombre: staffName.optional(),
    rol: staffRole.optional(),
    organizaciones: organizationIds.optional(),
    activo: z.boolean().optional(),
  })
  .refine((v) => Object.values(v).some((x) => x !== undefined), {
    error: 'No hay cambios que guardar.',
  });

const staffText = (what: string, max: number) =>
  z
    .string({ error: `Debe escribir ${what}.` })
    .trim()
    .min(1, { error: `Debe escribir ${what}.` })
    .max(max, { error: `El texto puede tener como máximo ${max} caracteres.` });

/** A case's new type (reclassification), with the reason the internal log keeps. */
export const reclassificationSchema = z.object({
  tipo_id: z
    .number({ error: 'Debe elegir el nuevo tipo de denuncia.' })
    .int({ error: 'El tipo de denuncia no es válido.' })
    .positive({ error: 'El tipo de denuncia no es válido.' }),
  motivo: staffText('el motivo del cambio de tipo', 2000),
});

/** A reply or an internal note. */
export const staffCommentSchema = z.object({ comentario: staffText('un comentario', 5000) });

/**
 * A reply the complainant reads, naming the staff member's finished resumable uploads (tus,
 * decision 0074) it attaches, all in the reply's one commit.
 */
export const staffReplySchema = staffCommentSchema.extend({
  subidas: z
    .array(z.uuid({ error: 'Una de las subidas no es válida.' }), {
      error: 'Las subidas deben ser una lista.',
    })
    .max(MAX_FILES_PER_REQUEST, {
      error: `Puede adjuntar como máximo ${MAX_FILES_PER_REQUEST} archivos por envío.`,
    })
    .optional(),
});

/** A status change: a comment the complainant reads, and a resolution when closing. */
export const statusChangeSchema = z
  .object({
    estado: z.enum(COMPLAINT_STATUSES, { error: 'Debe elegir el nuevo estado.' }),
    comentario: staffText('un comentario para la persona denunciante', 5000),
    resolucion: z
      .string()
      .trim()
      .max(10000, { error: 'El texto puede tener como máximo 10000 caracteres.' })
      .optional(),
    /**
     * Closing only: the keys of the legal milestones still open that the person was shown and
     * confirms closing with (every milestone not done, but the one the closing records). While one
     * is missing here the API refuses to close (409) and names them (decision 0013).
     */
    hitos_confirmados: z
      .array(z.string().max(40), { error: 'Los hitos confirmados no son válidos.' })
      .max(20, { error: 'Los hitos confirmados no son válidos.' })
      .optional(),
  })
  .refine((v) => v.estado !== STATUS_CLOSED || (v.resolucion ?? '').length > 0, {
    error: STAFF_MESSAGES.closingNeedsResolution,
    path: ['resolucion'],
  });

/** Risk/priority staff give a case, lowest first; `etiqueta` is how screens name it. */
export const CASE_PRIORITIES = ['baja', 'media', 'alta', 'critica'] as const;
export type CasePriority = (typeof CASE_PRIORITIES)[number];
export const CASE_PRIORITY_LABELS: Record<CasePriority, string> = {
  baja: 'Baja',
  media: 'Media',
  alta: 'Alta',
  critica: 'Crítica',
};

export const CASE_TAG_MAX_LENGTH = 40;
export const CASE_TAGS_MAX = 20;

/** A tag as stored: trimmed, single spaces, lower case (so «Urgente» and «urgente » are one). */
export const normalizeTag = (text: string) => text.trim().replace(/\s+/g, ' ').toLowerCase();

/** One free label of a case: 1–40 characters, no control or bidi characters. */
export const caseTagSchema = z
  .string({ error: 'La etiqueta no es válida.' })
  .transform(normalizeTag)
  .refine((t) => t.length > 0, { error: 'La etiqueta no puede estar vacía.' })
  .refine((t) => t.length <= CASE_TAG_MAX_LENGTH, {
    error: `Una etiqueta puede tener como máximo ${CASE_TAG_MAX_LENGTH} caracteres.`,
  })
  .refine((t) => !UNSAFE_NAME_CHARACTERS.test(t), {
    error: 'La etiqueta contiene caracteres no permitidos.',
  });

/** A case's tags, all of them (the set replaces the one stored; repeated ones count once). */
export const caseTagsSchema = z.object({
  etiquetas: z
    .array(caseTagSchema, { error: 'Debe indicar la lista de etiquetas.' })
    .max(CASE_TAGS_MAX, { error: `Un caso puede tener como máximo ${CASE_TAGS_MAX} etiquetas.` })
    .transform((tags) => [...new Set(tags)].sort()),
});

/** A case's priority, or null to clear it. */
export const casePrioritySchema = z.object({
  prioridad: z
    .enum(CASE_PRIORITIES, { error: 'La prioridad debe ser baja, media, alta o crítica.' })
    .nullable(),
});
