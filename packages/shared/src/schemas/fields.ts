// Field schemas shared by every form and by the API, so both sides give the very same messages
// (SPEC §5). An empty field shows only the empty message: the later checks run only on filled
// values (`filled`). No check uses `abort`, which would also stop the forms' cross-field rules.
import { z } from 'zod';
import {
  ACCUSED_NAME_MAX,
  ACCUSED_POSITION_MAX,
  COMMENT_MAX,
  DESCRIPTION_MAX,
  DESCRIPTION_MIN,
  EMAIL_MAX,
  KNOWLEDGE_SOURCE_MAX,
  KNOWLEDGE_SOURCE_MIN,
  NAME_MAX,
  OPTION_ID_MAX,
  OTHER_PLACE,
  OTHER_PLACE_MAX,
  PASSWORD_MAX,
  PASSWORD_MIN,
  PHONE_LENGTH,
  REPRESENTATION_BASIS_MAX,
} from '../constants';
import { formatApiDate, isOccurrenceDateInRange, parseApiDate } from '../dates';
import { MESSAGES } from '../messages';
import { findOrganization } from '../organizations';
import { formatRut, isValidRut } from '../rut';

const required = { error: MESSAGES.empty } as const;

/** Run a check only when the (trimmed) string is not empty. */
const filled = {
  when: (payload: { value: unknown }): boolean =>
    typeof payload.value === 'string' && payload.value !== '',
} as const;

/** `filled`, and not longer than `max` (so an over-long value gets only its length message). */
const filledUpTo = (max: number) => ({
  when: (payload: { value: unknown }): boolean =>
    typeof payload.value === 'string' && payload.value !== '' && payload.value.length <= max,
});

// ---------- selects ----------

/** What a select may hold: empty is undefined, null, '' or NaN; a native select gives a string. */
export type SelectInput = number | string | null | undefined;

function toOptionId(value: SelectInput): unknown {
  if (value === null || value === undefined || value === '') return undefined;
  if (typeof value === 'number') return Number.isNaN(value) ? undefined : value;
  if (typeof value === 'string' && /^\s*-?\d+\s*$/.test(value)) return Number(value);
  return value;
}

const selectedNumber = () => z.number({ error: MESSAGES.selectRequired });

/** A required select holding a positive id; empty gives "* Debe seleccionar una opción.". */
export const selectSchema = z.preprocess(
  toOptionId,
  selectedNumber()
    .int(MESSAGES.optionUnknown)
    .min(1, MESSAGES.optionUnknown)
    .max(OPTION_ID_MAX, MESSAGES.optionUnknown),
);

/** Knowledge source: a required select with ids 1 to 7. */
export const knowledgeSourceSchema = z.preprocess(
  toOptionId,
  selectedNumber()
    .int(MESSAGES.optionUnknown)
    .min(KNOWLEDGE_SOURCE_MIN, MESSAGES.optionUnknown)
    .max(KNOWLEDGE_SOURCE_MAX, MESSAGES.optionUnknown),
);

/** Place of occurrence: a required select holding a place id or -1 ("Otro"). */
export const placeSchema = z.preprocess(
  toOptionId,
  selectedNumber()
    .int(MESSAGES.optionUnknown)
    .max(OPTION_ID_MAX, MESSAGES.optionUnknown)
    .refine((id) => id === OTHER_PLACE || id > 0, MESSAGES.optionUnknown),
);

// ---------- dates ----------

export type DateInput = string | Date | null | undefined;

function toApiDate(value: DateInput): unknown {
  if (value instanceof Date)
    return Number.isNaN(value.getTime()) ? undefined : formatApiDate(value);
  if (value === null || value === '') return undefined;
  return value;
}

/**
 * Occurrence date, API format dd/mm/yyyy, from 01/01/2023 to today in Chile. A Date (from a date
 * picker) is read on its local calendar day. Empty gives the select message (SPEC §5 lists the date
 * among the required selects).
 */
export const occurrenceDateSchema = z.preprocess(
  toApiDate,
  z
    .string({ error: MESSAGES.selectRequired })
    .trim()
    .refine((text) => parseApiDate(text) !== null, MESSAGES.dateInvalid)
    .refine(
      (text) => parseApiDate(text) === null || isOccurrenceDateInRange(text),
      MESSAGES.dateOutOfRange,
    ),
);

// ---------- texts ----------

/** Required free text up to `max` characters, trimmed. */
export function requiredTextSchema(max: number, maxMessage: string) {
  return z.string({ error: MESSAGES.empty }).trim().min(1, required).max(max, maxMessage);
}

/** Optional free text: null and undefined become undefined; '' stays ''. */
export function optionalTextSchema(max: number, maxMessage: string) {
  return z.preprocess(
    (value: string | null | undefined) => value ?? undefined,
    z.string({ error: MESSAGES.empty }).trim().max(max, maxMessage).optional(),
  );
}

/** First names and paternal surname. */
export const nameSchema = requiredTextSchema(NAME_MAX, MESSAGES.nameMax);
/** Maternal surname (optional). */
export const optionalNameSchema = optionalTextSchema(NAME_MAX, MESSAGES.nameMax);

/** Description of the facts: required, 10 to 3500 characters. */
export const descriptionSchema = z
  .string({ error: MESSAGES.empty })
  .trim()
  .min(1, required)
  .min(DESCRIPTION_MIN, { error: MESSAGES.descriptionMin, ...filled })
  .max(DESCRIPTION_MAX, MESSAGES.descriptionMax);

/** Comment of the detail page: may be empty (files alone may be sent), at most 3500 characters. */
export const commentSchema = z.string().trim().max(COMMENT_MAX, MESSAGES.commentMax);

/** A comment that must be written (add-comentario). */
export const requiredCommentSchema = z
  .string({ error: MESSAGES.commentRequired })
  .trim()
  .min(1, { error: MESSAGES.commentRequired })
  .max(COMMENT_MAX, MESSAGES.commentMax);

/** Law 21.643 complaints (decision 0021): who is accused and the basis of a representation, optional. */
export const accusedNameSchema = optionalTextSchema(ACCUSED_NAME_MAX, MESSAGES.accusedNameMax);
export const accusedPositionSchema = optionalTextSchema(
  ACCUSED_POSITION_MAX,
  MESSAGES.accusedPositionMax,
);
export const representationBasisSchema = optionalTextSchema(
  REPRESENTATION_BASIS_MAX,
  MESSAGES.representationBasisMax,
);

/** "Otro" place text: optional here; required when the place is -1 (checked by the form). */
export const otherPlaceSchema = optionalTextSchema(OTHER_PLACE_MAX, MESSAGES.otherPlaceMax);
export const requiredOtherPlaceSchema = requiredTextSchema(OTHER_PLACE_MAX, MESSAGES.otherPlaceMax);

// ---------- identity and contact ----------

/** RUT: normalised by the formatting helper, then the modulo-11 check; output upper-case K. */
export const rutSchema = z.preprocess(
  (value: string | null | undefined) => (typeof value === 'string' ? formatRut(value) : value),
  z
    .string({ error: MESSAGES.empty })
    .min(1, required)
    .refine(isValidRut, { error: MESSAGES.rut, ...filled })
    .overwrite((rut) => rut.toUpperCase()),
);

/** Contact number: required, digits only, exactly 9 (messages in that order). */
export const phoneSchema = z
  .string({ error: MESSAGES.empty })
  .trim()
  .min(1, required)
  .regex(/^\d+$/, { error: MESSAGES.phoneDigits, ...filled })
  .length(PHONE_LENGTH, { error: MESSAGES.phoneLength, ...filled });

/** SPEC §5: word characters, dots and hyphens, @, domain, a 2 to 7 letter top-level domain. */
export const EMAIL_PATTERN = /^[\w.-]+@[\w-]+(\.[\w-]+)*\.[A-Za-z]{2,7}$/;

export const emailSchema = z
  .string({ error: MESSAGES.empty })
  .trim()
  .min(1, required)
  .max(EMAIL_MAX, MESSAGES.email)
  .regex(EMAIL_PATTERN, { error: MESSAGES.email, ...filledUpTo(EMAIL_MAX) });

/** The special characters SPEC §5 accepts: ! " # $ % & ( ) * , . : < > ? @ ^ { | } */
export const PASSWORD_SPECIAL_CHARACTERS = '!"#$%&()*,.:<>?@^{|}';
const SPECIAL = /[!"#$%&()*,.:<>?@^{|}]/;

/** Password: required; then number, uppercase, special character, at least 6 (in that order). */
export const passwordSchema = z
  .string({ error: MESSAGES.empty })
  .min(1, required)
  .regex(/\d/, { error: MESSAGES.passwordNumber, ...filled })
  .regex(/\p{Lu}/u, { error: MESSAGES.passwordUppercase, ...filled })
  .regex(SPECIAL, { error: MESSAGES.passwordSpecial, ...filled })
  .min(PASSWORD_MIN, { error: MESSAGES.passwordMin, ...filled })
  .max(PASSWORD_MAX, MESSAGES.passwordMax);

/** A password typed to log in: only required (old rules may have differed). */
export const loginPasswordSchema = z
  .string({ error: MESSAGES.empty })
  .min(1, required)
  .max(PASSWORD_MAX, MESSAGES.passwordMax);

// ---------- codes and identifiers ----------

/** Ticket code typed in a form: required, digits only. */
export const ticketTextSchema = z
  .string({ error: MESSAGES.empty })
  .trim()
  .min(1, required)
  .regex(/^\d+$/, { error: MESSAGES.ticketDigits, ...filled });

/** Ticket code on the wire: a positive integer, or a string of digits; output is a number. */
export const ticketNumberSchema = z.preprocess(
  (value: number | string | null | undefined) => {
    if (value === null || value === '') return undefined;
    if (typeof value === 'string' && /^\s*\d+\s*$/.test(value)) return Number(value);
    return value;
  },
  z
    .number({
      error: (issue) => (issue.input === undefined ? MESSAGES.empty : MESSAGES.ticketDigits),
    })
    .refine((n) => Number.isSafeInteger(n) && n > 0, MESSAGES.ticketDigits),
);

/** Organisation GUID (`filial`): one of the 13 of the registry; output lower case. */
export const organizationIdSchema = z
  .string({ error: MESSAGES.organizationInvalid })
  .trim()
  .toLowerCase()
  .refine((id) => findOrganization(id) !== undefined, MESSAGES.organizationInvalid);
