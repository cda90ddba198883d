import { z } from 'zod';

// Every setting the process reads comes from here, validated once at start-up: a wrong value stops
// the process with a message naming the variable instead of failing later in a request.
const envSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
    PORT: z.coerce.number().int().min(0).max(65535).default(3000),
    HOST: z.string().min(1).default('0.0.0.0'),
    DATA_DIR: z.string().min(1).default('./data'),
    DATABASE_URL: z
      .string()
      .regex(/^postgres(ql)?:\/\//, 'debe ser una URL postgres://')
      .optional(),
    SMTP_URL: z
      .string()
      .regex(/^smtps?:\/\//, 'debe ser una URL smtp:// o smtps://')
      .optional(),
    MAIL_FROM: z.string().min(3).default('Canal de Denuncias <no-responder@canal-denuncias.local>'),
    PUBLIC_URL: z.url('debe ser una URL').optional(),
    DATA_ENCRYPTION_KEY: z
      .string()
      .regex(/^([0-9a-fA-F]{64}|[A-Za-z0-9+/]{43}=)$/, 'debe ser 32 bytes en hexadecimal (64 caracteres) o base64')
      .optional(),
    BOT_CHECK: z.enum(['altcha', 'recaptcha', 'off']).default('altcha'),
    RECAPTCHA_SITE_KEY: z.string().min(1).optional(),
    RECAPTCHA_SECRET: z.string().min(1).optional(),
    TRUST_PROXY: z
      .string()
      .transform((v) => v.split(',').map((s) => s.trim()).filter(Boolean))
      .optional(),
    PORTAL_HOST_PREFIX: z
      .string()
      .regex(/^[a-z0-9-]+$/, 'solo minúsculas, dígitos y guiones')
      .default('canaldenuncias'),
  })
  .superRefine((env, ctx) => {
    if (env.NODE_ENV === 'production' && !env.DATA_ENCRYPTION_KEY) {
      ctx.addIssue({ code: 'custom', path: ['DATA_ENCRYPTION_KEY'], message: 'es obligatoria en producción' });
    }
    if (env.NODE_ENV === 'production' && !env.PUBLIC_URL) {
      ctx.addIssue({ code: 'custom', path: ['PUBLIC_URL'], message: 'es obligatoria en producción' });
    }
    if (env.BOT_CHECK === 'recaptcha' && (!env.RECAPTCHA_SITE_KEY || !env.RECAPTCHA_SECRET)) {
      ctx.addIssue({
        code: 'custom',
        path: ['RECAPTCHA_SECRET'],
        message: 'BOT_CHECK=recaptcha requiere RECAPTCHA_SITE_KEY y RECAPTCHA_SECRET',
      });
    }
  });

export type Env = z.infer<typeof envSchema>;

export interface Config extends Env {
  production: boolean;
  publicUrl: string;
}

export class ConfigError extends Error {}

/** Reads the environment; throws a ConfigError listing every wrong variable. */
export function loadConfig(source: Record<string, string | undefined> = process.env): Config {
  // An empty variable means "not set": shells and .env files often leave `FOO=`.
  const cleaned = Object.fromEntries(Object.entries(source).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = envSchema.safeParse(cleaned);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.') || '(entorno)'}: ${i.message}`);
    throw new ConfigError(`Configuración inválida:\n${lines.join('\n')}`);
  }
  const env = parsed.data;
  return {
    ...env,
    production: env.NODE_ENV === 'production',
    publicUrl: (env.PUBLIC_URL ?? `http://localhost:${env.PORT}`).replace(/\/$/, ''),
  };
}
