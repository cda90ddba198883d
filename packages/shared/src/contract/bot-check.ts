// What the portal needs to pass the bot check (DESIGN §5), and the ALTCHA challenge itself.
import { z } from 'zod';
import { ALWAYS, endpoint, errors } from './core';

const tag = 'Verificación';

export const BOT_CHECK_MODES = ['altcha', 'recaptcha', 'off'] as const;

export const botCheckConfigSchema = z.object({
  botCheck: z.enum(BOT_CHECK_MODES),
  /** Only in reCAPTCHA mode. */
  recaptchaSiteKey: z.string().nullable(),
});
export type BotCheckConfig = z.infer<typeof botCheckConfigSchema>;

/** An ALTCHA v2 challenge (altcha-lib `createChallenge`), handed as is to the widget. */
export const altchaChallengeSchema = z.object({
  parameters: z.object({
    algorithm: z.string(),
    nonce: z.string(),
    salt: z.string(),
    cost: z.number(),
    keyLength: z.number(),
    keyPrefix: z.string(),
    keySignature: z.string().optional(),
    memoryCost: z.number().optional(),
    parallelism: z.number().optional(),
    expiresAt: z.number().optional(),
    data: z.record(z.string(), z.union([z.string(), z.number(), z.boolean(), z.null()])).optional(),
  }),
  signature: z.string().optional(),
});
export type AltchaChallenge = z.infer<typeof altchaChallengeSchema>;

export const botCheckConfig = endpoint({
  method: 'GET',
  path: '/v1/configuracion',
  tag,
  access: 'public',
  summary: 'Modo de verificación anti-bots del portal',
  responses: { 200: botCheckConfigSchema, ...errors(...ALWAYS) },
});

export const altchaChallenge = endpoint({
  method: 'GET',
  path: '/v1/altcha',
  tag,
  access: 'public',
  summary: 'Nuevo desafío ALTCHA (prueba de trabajo, 10 minutos, un solo uso)',
  // 404: ALTCHA is not the configured bot check.
  responses: { 200: altchaChallengeSchema, ...errors(404, ...ALWAYS) },
});

export const botCheck = { botCheckConfig, altchaChallenge } as const;
