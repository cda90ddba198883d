// Business constants and limits (SPEC §9, DESIGN §4.11). Plain values only, no logic but one predicate.

/** Description of the facts: 10 to 3500 characters (SPEC §5). */
export const DESCRIPTION_MIN = 10;
export const DESCRIPTION_MAX = 3500;
/** Comment on the detail page: at most 3500 characters (SPEC §5). */
export const COMMENT_MAX = 3500;
/** Contact number: exactly 9 digits (SPEC §5). */
export const PHONE_LENGTH = 9;
/** Password: at least 6 characters (SPEC §5). */
export const PASSWORD_MIN = 6;

/** Limits the spec does not give, chosen so stored values stay bounded. */
export const PASSWORD_MAX = 128;
export const NAME_MAX = 100;
export const OTHER_PLACE_MAX = 200;
/** Law 21.643 complaints (types 26–28): who is accused, their position, the basis of representation. */
export const ACCUSED_NAME_MAX = 200;
export const ACCUSED_POSITION_MAX = 200;
export const REPRESENTATION_BASIS_MAX = 1000;
/** RFC 5321 maximum length of an address. */
export const EMAIL_MAX = 254;
/** Largest id a select may carry (PostgreSQL `integer`). */
export const OPTION_ID_MAX = 2_147_483_647;

/** Complaint types that cannot be filed anonymously (Law 21.643: acoso laboral, sexual, violencia). */
export const ANONYMITY_BLOCKED_TYPE_IDS = [26, 27, 28] as const;

export function isAnonymityBlocked(typeId: number): boolean {
  return (ANONYMITY_BLOCKED_TYPE_IDS as readonly number[]).includes(typeId);
}

/**
 * Types whose form also asks who is accused (and whether they are the employer's manager or legal
 * representative) and whether it is filed on someone else's behalf (Law 21.643, Decree 21): the
 * same three types as above (decision 0021).
 */
export const isLaw21643Type = isAnonymityBlocked;

/** The mark of a Law 21.643 case against the employer's manager or legal representative. */
export const DT_REFERRAL_MARK = 'Se debe derivar a la Dirección del Trabajo';

/** Value of the "Otro" place option: the place is written in `otherPlace`. */
export const OTHER_PLACE = -1;
export const OTHER_PLACE_LABEL = 'Otro';

/** Knowledge-source ids (SPEC §9): 1 to 7. */
export const KNOWLEDGE_SOURCE_MIN = 1;
export const KNOWLEDGE_SOURCE_MAX = 7;

/** 120 MiB per file (DESIGN §4.11). */
export const MAX_FILE_BYTES = 125_829_120;
export const MAX_FILES_PER_REQUEST = 10;
export const MAX_FILES_PER_COMPLAINT = 50;
/** 2 GiB per complaint. */
export const MAX_BYTES_PER_COMPLAINT = 2 * 1024 ** 3;

/** Earliest occurrence date, in the API format dd/mm/yyyy. */
export const MIN_OCCURRENCE_DATE = '01/01/2023';

/** Time zone that decides what "today" is. */
export const CHILE_TIME_ZONE = 'America/Santiago';

/** Complaint statuses (DESIGN §8), in their usual order. */
export const COMPLAINT_STATUSES = [
  'Recibida',
  'En análisis',
  'Faltan antecedentes',
  'En investigación',
  'Derivada a la Dirección del Trabajo',
  'Cerrada',
] as const;

export type ComplaintStatus = (typeof COMPLAINT_STATUSES)[number];

/**
 * Working days the complainant is given to send what "Faltan antecedentes" asks for, counted from
 * the day the team asked (decision 0061; Law 21.643 asks for "a reasonable period").
 */
export const MISSING_DOCUMENTS_WORKING_DAYS = 10;

/** The status that opens uploads for the complainant (SPEC §4). */
export const STATUS_MISSING_DOCUMENTS = 'Faltan antecedentes' satisfies ComplaintStatus;

/**
 * The status that ends a case; it needs a resolution. Here, with the plain values, and not beside
 * the back office's schemas: the portal's detail page reads it, and importing it from there built
 * every staff schema on that page (issue 26).
 */
export const STATUS_CLOSED = 'Cerrada' satisfies ComplaintStatus;

/**
 * How a complaint reached the organisation (Law 21.643 admits verbal and written complaints):
 * filed by the person in the portal, or recorded in the back office by staff who received it.
 */
export const COMPLAINT_CHANNELS = ['portal', 'verbal', 'escrito', 'presencial'] as const;
export type ComplaintChannel = (typeof COMPLAINT_CHANNELS)[number];
/** The channels staff record a complaint from (everything but the portal itself). */
export const STAFF_INTAKE_CHANNELS = ['verbal', 'escrito', 'presencial'] as const;

/**
 * The short activation code on the receipt of a complaint recorded by staff (decision 0075): eight
 * characters without the look-alikes 0/O, 1/I/L, U/V and B/V (alike when read aloud in Spanish),
 * printed in two blocks of four («K7QF-2M9X»).
 */
export const ACTIVATION_CODE_ALPHABET = '23456789ACDEFGHJKMNPQRSTWXYZ';
export const ACTIVATION_CODE_LENGTH = 8;

/** The code as typed without spaces, hyphens or case; null when it cannot be a code. */
export function normalizeActivationCode(typed: string): string | null {
  const code = typed.replace(/[\s-]+/g, '').toUpperCase();
  if (code.length !== ACTIVATION_CODE_LENGTH) return null;
  for (const c of code) if (!ACTIVATION_CODE_ALPHABET.includes(c)) return null;
  return code;
}
export type StaffIntakeChannel = (typeof STAFF_INTAKE_CHANNELS)[number];
export const CHANNEL_LABELS: Record<ComplaintChannel, string> = {
  portal: 'Portal',
  verbal: 'Verbal',
  escrito: 'Escrito',
  presencial: 'Presencial',
};

export function isComplaintStatus(value: string): value is ComplaintStatus {
  return (COMPLAINT_STATUSES as readonly string[]).includes(value);
}
