// The new-complaint form (SPEC §3 front-side names, SPEC §5 rules). Files are not part of it.
import { z } from 'zod';
import { OTHER_PLACE, isAnonymityBlocked, isLaw21643Type } from '../constants';
import { MESSAGES } from '../messages';
import { formatRut } from '../rut';
import {
  accusedNameSchema,
  accusedPositionSchema,
  descriptionSchema,
  knowledgeSourceSchema,
  nameSchema,
  occurrenceDateSchema,
  optionalNameSchema,
  otherPlaceSchema,
  phoneSchema,
  placeSchema,
  requiredOtherPlaceSchema,
  representationBasisSchema,
  rutSchema,
  selectSchema,
} from './fields';
import { WHEN_OBJECT, addIssue, addIssuesFrom } from './refine';

/** Complainant fields and their rules, checked only when the complaint is not anonymous. */
export const complainantFieldSchemas = {
  complainantRut: rutSchema,
  complainantFirstName: nameSchema,
  complainantLastName: nameSchema,
  complainantMiddleName: optionalNameSchema,
  complainantContactNumber: phoneSchema,
} as const;

/** Any text or nothing; a string is kept as typed (rules apply in the refinement). */
const looseText = z.preprocess(
  (value: string | null | undefined) => value ?? undefined,
  z.string({ error: MESSAGES.empty }).optional(),
);

const looseRut = z.preprocess(
  (value: string | null | undefined) =>
    typeof value === 'string' ? formatRut(value) : (value ?? undefined),
  z.string({ error: MESSAGES.empty }).optional(),
);

/** A checkbox that may be missing (unticked). */
const looseFlag = z.preprocess(
  (value: boolean | null | undefined) => value ?? undefined,
  z.boolean({ error: MESSAGES.selectRequired }).optional(),
);

/**
 * Values the form may hold while being filled (selects may be empty) → a valid ComplaintForm.
 * Errors sit on the field they concern: complainant fields, `anonymous` (types 26–28) and
 * `otherPlace` (place "Otro"). The accused and representation fields (types 26–28, decision 0021)
 * are checked only for those types; for another type the mapper leaves them out.
 */
export const complaintFormSchema = z
  .object({
    anonymous: z.boolean({ error: MESSAGES.selectRequired }).default(false),
    canIdentify: selectSchema,
    complainantContactNumber: looseText,
    complainantFirstName: looseText,
    complainantLastName: looseText,
    complainantMiddleName: looseText,
    complainantRut: looseRut,
    crimeId: selectSchema,
    description: descriptionSchema,
    knowledgeSource: knowledgeSourceSchema,
    occurrenceDate: occurrenceDateSchema,
    occurrencePlace: placeSchema,
    occurrenceZone: selectSchema,
    otherPlace: otherPlaceSchema,
    relationshipWithOrganization: selectSchema,
    accusedName: looseText,
    accusedPosition: looseText,
    accusedIsManager: looseFlag,
    onBehalfOfAnother: looseFlag,
    representationBasis: looseText,
  })
  .superRefine((form, ctx) => {
    if (form.anonymous !== true) {
      for (const [field, schema] of Object.entries(complainantFieldSchemas)) {
        addIssuesFrom(ctx, schema, form[field as keyof typeof complainantFieldSchemas], [field]);
      }
    } else if (typeof form.crimeId === 'number' && isAnonymityBlocked(form.crimeId)) {
      addIssue(ctx, ['anonymous'], MESSAGES.anonymityNotAllowed);
    }
    if (form.occurrencePlace === OTHER_PLACE) {
      addIssuesFrom(ctx, requiredOtherPlaceSchema, form.otherPlace, ['otherPlace']);
    }
    if (typeof form.crimeId === 'number' && isLaw21643Type(form.crimeId)) {
      addIssuesFrom(ctx, accusedNameSchema, form.accusedName, ['accusedName']);
      addIssuesFrom(ctx, accusedPositionSchema, form.accusedPosition, ['accusedPosition']);
      if (form.onBehalfOfAnother === true) {
        const basis = form.representationBasis?.trim() ?? '';
        if (basis === '') {
          addIssue(ctx, ['representationBasis'], MESSAGES.representationBasisRequired);
        } else {
          addIssuesFrom(ctx, representationBasisSchema, basis, ['representationBasis']);
        }
      }
    }
  }, WHEN_OBJECT);

export type ComplaintFormInput = z.input<typeof complaintFormSchema>;
export type ComplaintFormOutput = z.output<typeof complaintFormSchema>;
