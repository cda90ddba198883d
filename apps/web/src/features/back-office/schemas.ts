import type { FieldValues, Resolver } from 'react-hook-form';
import { z } from 'zod';
import {
  STAFF_INTAKE_CHANNELS,
  STAFF_MESSAGES,
  alertRuleInputSchema,
  breachInputSchema,
  complaintFormSchema,
  emailSchema,
  masterItemInputSchema,
  privacySettingsInputSchema,
  ssoProviderFormSchema,
  reclassificationSchema,
  replacementAnswerSchema,
  staffCommentSchema,
  staffInviteSchema,
  staffPasswordSchema,
  staffSignInSchema,
  statusChangeSchema,
  totpCodeSchema,
  transcriptDraftSchema,
} from '@canal/shared';
import { transcriptDraftNames } from './api/cases/transcripts';
import { alertRuleNames } from './api/alert-rules';
import { breachNames } from './api/breaches';
import {
  commentNames,
  reclassificationNames,
  replacementAnswerNames,
  statusChangeNames,
} from './api/cases/case';
import { masterItemNames } from './api/master-data';
import { frontResolver } from './api/names';
import { privacySettingsNames } from './api/privacy';
import { ssoProviderNames } from './api/sso-settings';
import { credentialNames } from './api/session';
import { newUserNames } from './api/users';

// The staff forms hold front names and are checked by the API's own schemas
// (packages/shared/src/schemas/staff.ts and the rest) through the endpoint modules' tables of
// names: same rules and Spanish messages, errors on the form's own fields. Only what exists on the
// page alone (the repeated password) is added here.

/** The resolver of a form and the values it holds (input) and gives (output). */
type FormOf<R> =
  R extends Resolver<infer I extends FieldValues, unknown, infer O> ? { in: I; out: O } : never;

export const signInResolver = frontResolver(staffSignInSchema, credentialNames.names);
export type SignInForm = FormOf<typeof signInResolver>['in'];

/** Signing in again in place: the e-mail is the signed-in person's own. */
export const signInAgainResolver = frontResolver(staffSignInSchema.omit({ email: true }), {
  password: credentialNames.names.password,
  code: credentialNames.names.code,
});
export type SignInAgainForm = FormOf<typeof signInAgainResolver>['in'];

export const activationFormSchema = z
  .object({ password: staffPasswordSchema, confirmation: z.string(), code: totpCodeSchema })
  .refine((v) => v.password === v.confirmation, {
    error: 'Las contraseñas no coinciden.',
    path: ['confirmation'],
  });
export type ActivationForm = z.infer<typeof activationFormSchema>;

export const statusChangeResolver = frontResolver(statusChangeSchema, statusChangeNames.names);
export type StatusChangeForm = FormOf<typeof statusChangeResolver>['in'];

export const reclassificationResolver = frontResolver(
  reclassificationSchema,
  reclassificationNames.names,
);
export type ReclassificationForm = FormOf<typeof reclassificationResolver>['out'];

export const commentResolver = frontResolver(staffCommentSchema, commentNames.names);
export type CommentForm = FormOf<typeof commentResolver>['in'];

export const replacementAnswerResolver = frontResolver(
  replacementAnswerSchema,
  replacementAnswerNames.names,
);
export type ReplacementAnswerForm = FormOf<typeof replacementAnswerResolver>['in'];

export const transcriptDraftResolver = frontResolver(
  transcriptDraftSchema,
  transcriptDraftNames.names,
);
export type TranscriptDraftForm = FormOf<typeof transcriptDraftResolver>['in'];

export const inviteResolver = frontResolver(staffInviteSchema, newUserNames.names);
export type InviteForm = FormOf<typeof inviteResolver>['in'];

/**
 * "Registrar denuncia": the portal's own complaint form schema (same fields, rules and messages),
 * plus what staff add: the organisation, how the complaint was received and an optional e-mail.
 */
export const intakeFormSchema = z.intersection(
  complaintFormSchema,
  z.object({
    organizationId: z
      .string({ error: 'Debe seleccionar la organización.' })
      .min(1, { error: 'Debe seleccionar la organización.' }),
    channel: z.enum(STAFF_INTAKE_CHANNELS, { error: STAFF_MESSAGES.intakeChannel }),
    email: z.preprocess(
      (value: string | null | undefined) => (value === '' || value === null ? undefined : value),
      emailSchema.optional(),
    ),
  }),
);
export type IntakeFormInput = z.input<typeof intakeFormSchema>;
export type IntakeFormOutput = z.output<typeof intakeFormSchema>;

/** A routing rule of new-complaint alerts (ids as numbers, null for every category). */
export const alertRuleResolver = frontResolver(alertRuleInputSchema, alertRuleNames.names);
export type AlertRuleForm = FormOf<typeof alertRuleResolver>['in'];

/** An element of a master-data list. */
export const masterItemResolver = frontResolver(masterItemInputSchema, masterItemNames.names);
export type MasterItemForm = FormOf<typeof masterItemResolver>['in'];

/** An organisation's data-protection contact and retention period (its id a default value). */
export const privacySettingsResolver = frontResolver(
  privacySettingsInputSchema,
  privacySettingsNames.names,
);
export type PrivacySettingsForm = FormOf<typeof privacySettingsResolver>['in'];

export const ssoProviderResolver = frontResolver(ssoProviderFormSchema, ssoProviderNames.names);

const breachRules = breachInputSchema.shape;
/** A group of checkboxes: one box alone gives its value or false, several an array. */
const checked = <S extends z.ZodType>(schema: S) =>
  z.preprocess((v) => (Array.isArray(v) ? v : typeof v === 'string' ? [v] : []), schema);
/** An empty date field is no date. */
const optionalDay = <S extends z.ZodType>(schema: S) =>
  z.preprocess((v) => (v === '' ? null : v), schema);

/**
 * An incident: the API's schema, with what a page's fields give (checkbox groups, case numbers
 * in one text separated by commas, spaces or lines, empty dates) read first.
 */
export const breachResolver = frontResolver(
  breachInputSchema.extend({
    organizaciones: checked(breachRules.organizaciones),
    casos: z.preprocess(
      (text) => (typeof text === 'string' ? text.split(/[\s,;]+/).filter(Boolean) : text),
      breachRules.casos,
    ),
    datos: checked(breachRules.datos),
    aviso_agencia: optionalDay(breachRules.aviso_agencia),
    aviso_personas: optionalDay(breachRules.aviso_personas),
  }),
  breachNames.names,
);
export type BreachForm = FormOf<typeof breachResolver>['in'];
