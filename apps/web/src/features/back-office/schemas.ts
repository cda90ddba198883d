import { z } from 'zod';
import {
  STAFF_INTAKE_CHANNELS,
  STAFF_MESSAGES,
  complaintFormSchema,
  emailSchema,
  alertRuleInputSchema,
  masterItemInputSchema,
  staffCommentSchema,
  staffInviteSchema,
  staffPasswordSchema,
  staffSignInSchema,
  reclassificationSchema as sharedReclassificationSchema,
  statusChangeSchema as sharedStatusChangeSchema,
  totpCodeSchema,
} from '@canal/shared';

// The staff forms validate with the API's own schemas (packages/shared/src/schemas/staff.ts); only
// what exists on the page alone (the repeated password) is added here.

export { STATUS_CLOSED as CLOSED_STATUS } from '@canal/shared';

export const signInFormSchema = staffSignInSchema;
export type SignInForm = z.input<typeof signInFormSchema>;

/** Signing in again in place: the e-mail is the signed-in person's own. */
export const signInAgainFormSchema = staffSignInSchema.omit({ email: true });
export type SignInAgainForm = z.input<typeof signInAgainFormSchema>;

export const activationFormSchema = z
  .object({ password: staffPasswordSchema, confirmacion: z.string(), codigo: totpCodeSchema })
  .refine((v) => v.password === v.confirmacion, {
    error: 'Las contraseñas no coinciden.',
    path: ['confirmacion'],
  });
export type ActivationForm = z.infer<typeof activationFormSchema>;

export const statusChangeSchema = sharedStatusChangeSchema;
export type StatusChangeForm = z.input<typeof statusChangeSchema>;

export const reclassificationSchema = sharedReclassificationSchema;
export type ReclassificationForm = z.output<typeof reclassificationSchema>;

export const commentSchema = staffCommentSchema;

export const inviteSchema = staffInviteSchema;
export type InviteForm = z.input<typeof inviteSchema>;

/**
 * "Registrar denuncia": the portal's own complaint form schema (same fields, rules and messages),
 * plus what staff add: the organisation, how the complaint was received and an optional e-mail.
 */
export const intakeFormSchema = z.object({
  organizationId: z
    .string({ error: 'Debe seleccionar la organización.' })
    .min(1, { error: 'Debe seleccionar la organización.' }),
  channel: z.enum(STAFF_INTAKE_CHANNELS, { error: STAFF_MESSAGES.intakeChannel }),
  email: z.preprocess(
    (value: string | null | undefined) => (value === '' || value === null ? undefined : value),
    emailSchema.optional(),
  ),
  complaint: complaintFormSchema,
});
export type IntakeFormInput = z.input<typeof intakeFormSchema>;
export type IntakeFormOutput = z.output<typeof intakeFormSchema>;
/** A routing rule of new-complaint alerts (ids as numbers, null for every category). */
export const alertRuleSchema = alertRuleInputSchema;
export type AlertRuleForm = z.input<typeof alertRuleSchema>;

/** An element of a master-data list: the API's own schema. */
export const masterItemSchema = masterItemInputSchema;
export type MasterItemForm = z.input<typeof masterItemSchema>;
