// Personal data (Law 21.719, issue 19): each organisation's data-protection contact and retention
// period, and the register of security incidents. The back-office forms and the API validate with
// these schemas.
import { z } from 'zod';
import { ORGANIZATIONS } from '../organizations';
import { parseIsoDay } from '../dates';

const isCivilDate = (v: string) => /^\d{4}-\d{2}-\d{2}$/.test(v) && parseIsoDay(v) !== null;

/** Years a closed case is kept after its closing, unless an administrator sets another period. */
export const DEFAULT_RETENTION_YEARS = 5;
export const RETENTION_YEARS_MIN = 1;
export const RETENTION_YEARS_MAX = 20;

export const PRIVACY_TEXT_MAX = 4000;

export const PRIVACY_MESSAGES = {
  organization: 'Debe elegir una organización válida.',
  contactName: 'Escriba el nombre o el cargo de la persona de contacto.',
  contactNameMax: 'El nombre o cargo admite como máximo 150 caracteres.',
  contactEmail: 'Escriba un correo válido para el contacto de protección de datos.',
  addressMax: 'La dirección admite como máximo 300 caracteres.',
  phone: 'El teléfono solo admite números, espacios, +, paréntesis y guiones (hasta 30).',
  retention: `El plazo de conservación debe ser un número entero de años, entre ${RETENTION_YEARS_MIN} y ${RETENTION_YEARS_MAX}.`,
  detected: 'Indique la fecha en que se detectó el incidente (aaaa-mm-dd).',
  description: 'Describa qué ocurrió.',
  organizations: 'Elija al menos una organización afectada.',
  dataKinds: 'Elija al menos un tipo de dato afectado.',
  risk: 'Elija el nivel de riesgo para las personas.',
  assessment: 'Escriba la evaluación del riesgo.',
  textMax: `El texto admite como máximo ${PRIVACY_TEXT_MAX} caracteres.`,
  caseNumber: 'Cada caso se indica por su número, por ejemplo MAS-2026-00123.',
  cases: 'Indique como máximo 500 casos.',
  day: (what: string) => `La fecha ${what} no es válida (aaaa-mm-dd).`,
} as const;
const M = PRIVACY_MESSAGES;

const organization = z
  .string({ error: M.organization })
  .toLowerCase()
  .refine((id) => ORGANIZATIONS.some((o) => o.id === id), { error: M.organization });

/** An optional text: empty means none (null). */
const optionalText = (max: number, message: string) =>
  z
    .string()
    .trim()
    .max(max, { error: message })
    .nullish()
    .transform((v) => (v ? v : null));

/** The data-protection contact and the retention period of one organisation (administrators). */
export const privacySettingsInputSchema = z.object({
  organizacion: organization,
  contacto_nombre: z
    .string({ error: M.contactName })
    .trim()
    .min(1, { error: M.contactName })
    .max(150, { error: M.contactNameMax }),
  contacto_correo: z
    .string({ error: M.contactEmail })
    .trim()
    .toLowerCase()
    .pipe(z.email({ error: M.contactEmail }).max(254, { error: M.contactEmail })),
  contacto_direccion: optionalText(300, M.addressMax),
  contacto_telefono: z
    .string()
    .trim()
    .regex(/^[0-9+()\- ]{0,30}$/, { error: M.phone })
    .nullish()
    .transform((v) => (v ? v : null)),
  retencion_anios: z
    .number({ error: M.retention })
    .int({ error: M.retention })
    .min(RETENTION_YEARS_MIN, { error: M.retention })
    .max(RETENTION_YEARS_MAX, { error: M.retention }),
});
export type PrivacySettingsInput = z.input<typeof privacySettingsInputSchema>;

/** The kinds of personal data an incident may reach, by wire value. */
export const BREACH_DATA_KINDS = [
  'identificacion',
  'contacto',
  'relato',
  'salud',
  'vida_sexual',
  'archivos',
  'credenciales',
  'otros',
] as const;
export type BreachDataKind = (typeof BREACH_DATA_KINDS)[number];

export const BREACH_DATA_KIND_LABELS: Record<BreachDataKind, string> = {
  identificacion: 'Identificación (nombre, RUT)',
  contacto: 'Datos de contacto (correo, teléfono)',
  relato: 'Relato de los hechos',
  salud: 'Datos de salud',
  vida_sexual: 'Vida sexual u orientación sexual',
  archivos: 'Archivos adjuntos',
  credenciales: 'Contraseñas o códigos de acceso',
  otros: 'Otros datos',
};

export const BREACH_RISKS = ['bajo', 'medio', 'alto'] as const;
export type BreachRisk = (typeof BREACH_RISKS)[number];
export const BREACH_RISK_LABELS: Record<BreachRisk, string> = {
  bajo: 'Bajo',
  medio: 'Medio',
  alto: 'Alto',
};

const requiredText = (message: string) =>
  z
    .string({ error: message })
    .trim()
    .min(1, { error: message })
    .max(PRIVACY_TEXT_MAX, { error: M.textMax });

const day = (what: string) =>
  z
    .string()
    .refine(isCivilDate, { error: M.day(what) })
    .nullish()
    .transform((v) => v ?? null);

/** One incident of the register: what happened, whom and what it reached, the risk, the notices. */
export const breachInputSchema = z.object({
  detectada: z.string({ error: M.detected }).refine(isCivilDate, { error: M.detected }),
  descripcion: requiredText(M.description),
  organizaciones: z
    .array(organization, { error: M.organizations })
    .min(1, { error: M.organizations })
    .transform((ids) => [...new Set(ids)]),
  casos: z
    .array(
      z
        .string({ error: M.caseNumber })
        .trim()
        .toUpperCase()
        .regex(/^[A-Z]{1,6}-\d{4}-\d{1,9}$/, { error: M.caseNumber }),
    )
    .max(500, { error: M.cases })
    .default([])
    .transform((numbers) => [...new Set(numbers)]),
  datos: z
    .array(z.enum(BREACH_DATA_KINDS, { error: M.dataKinds }), { error: M.dataKinds })
    .min(1, { error: M.dataKinds })
    .transform((kinds) => BREACH_DATA_KINDS.filter((k) => kinds.includes(k))),
  riesgo: z.enum(BREACH_RISKS, { error: M.risk }),
  evaluacion: requiredText(M.assessment),
  medidas: optionalText(PRIVACY_TEXT_MAX, M.textMax),
  aviso_agencia: day('del aviso a la Agencia'),
  aviso_personas: day('del aviso a las personas afectadas'),
});
export type BreachInput = z.input<typeof breachInputSchema>;
