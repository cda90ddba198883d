// Save modal, login, recovery and password reset forms (SPEC §5 "Save modal", "Other forms").
import { z } from 'zod';
import { MESSAGES } from '../messages';
import { emailSchema, loginPasswordSchema, passwordSchema, ticketTextSchema } from './fields';
import { WHEN_OBJECT, addIssue } from './refine';

/** A "repeat" field: missing counts as empty, so only the mismatch message shows. */
const repeatField = (message: string) =>
  z.preprocess((value: string | null | undefined) => value ?? '', z.string({ error: message }));

const asText = (value: unknown): string => (typeof value === 'string' ? value : '');

/** E-mails are compared trimmed and case-insensitively; a missing value counts as empty. */
const sameEmail = (a: unknown, b: unknown): boolean =>
  asText(a).trim().toLowerCase() === asText(b).trim().toLowerCase();

/** Passwords are compared exactly; a missing value counts as empty. */
const samePassword = (a: unknown, b: unknown): boolean => asText(a) === asText(b);

/** Save modal: contact e-mail and follow-up password, each typed twice. */
export const saveModalSchema = z
  .object({
    email: emailSchema,
    repeatEmail: repeatField(MESSAGES.emailsMatch),
    password: passwordSchema,
    repeatPassword: repeatField(MESSAGES.passwordsMatch),
  })
  .superRefine((v, ctx) => {
    if (!sameEmail(v.email, v.repeatEmail)) addIssue(ctx, ['repeatEmail'], MESSAGES.emailsMatch);
    if (!samePassword(v.password, v.repeatPassword))
      addIssue(ctx, ['repeatPassword'], MESSAGES.passwordsMatch);
  }, WHEN_OBJECT);

export type SaveModalValues = z.output<typeof saveModalSchema>;

/** Follow-up login: code and password, both required. */
export const loginSchema = z.object({
  ticket: ticketTextSchema,
  password: loginPasswordSchema,
});

export type LoginValues = z.output<typeof loginSchema>;

/** "Recuperar código denuncia": the e-mail used in the complaint. */
export const codeRecoverySchema = z.object({ email: emailSchema });

/** "Recuperar contraseña denuncia": code and e-mail. */
export const passwordRecoverySchema = z.object({
  codigo: ticketTextSchema,
  email: emailSchema,
});

/** New password set from the reset link (DESIGN §5): same rules and messages as the save modal. */
export const resetPasswordSchema = z
  .object({
    password: passwordSchema,
    repeatPassword: repeatField(MESSAGES.passwordsMatch),
  })
  .superRefine((v, ctx) => {
    if (!samePassword(v.password, v.repeatPassword))
      addIssue(ctx, ['repeatPassword'], MESSAGES.passwordsMatch);
  }, WHEN_OBJECT);

export { repeatField, sameEmail, samePassword };
