import { hostname } from 'node:os';
import { z } from 'zod';
import { ORGANIZATIONS } from '@canal/shared';

/** An organisation named by its key (`clinica-atacama`) or id: its id. */
const organizationId = z.string().transform((value, ctx) => {
  const found = ORGANIZATIONS.find((o) => o.key === value || o.id === value.toLowerCase());
  if (!found) {
    ctx.addIssue({ code: 'custom', message: `la organización «${value}» no existe` });
    return z.NEVER;
  }
  return found.id;
});

/**
 * One OpenID Connect provider (issue 24), as `OIDC_PROVIDERS` lists them (a JSON array): where it
 * is, the channel's client there, and how its claims map to a role and organisations. The secret
 * stays in the server's environment: no answer carries it.
 */
export const oidcProviderSchema = z.object({
  /** The provider's name in URLs and the audit log: `entra`, `google`, `keycloak`. */
  id: z.string().regex(/^[a-z0-9-]{1,32}$/, 'id: minúsculas, dígitos y guiones'),
  /** What the sign-in button says: «Ingresar con {nombre}». */
  nombre: z.string().min(1),
  issuer: z.url('issuer debe ser una URL'),
  clientId: z.string().min(1),
  clientSecret: z.string().min(1),
  scopes: z.string().default('openid email profile'),
  /** More parameters for the authorization request (Google: `access_type=offline`, `prompt=consent`). */
  authorizationParams: z.record(z.string(), z.string()).default({}),
  /** The claim that lists the person's groups (or app roles). */
  groupsClaim: z.string().min(1).default('groups'),
  /** Which groups give each role; the first role found, in this order, wins. */
  roles: z
    .object({
      administrador: z.array(z.string()).default([]),
      investigador: z.array(z.string()).default([]),
      auditor: z.array(z.string()).default([]),
    })
    .default({ administrador: [], investigador: [], auditor: [] }),
  /** Which organisations each group gives (keys or ids). An administrator given none works on all. */
  organizations: z.record(z.string(), z.array(organizationId)).default({}),
  /** Create the account at the first sign-in (off: an administrator invites by e-mail first). */
  autoCreate: z.boolean().default(false),
});
export type OidcProviderConfig = z.infer<typeof oidcProviderSchema>;

/** `OIDC_PROVIDERS`: a JSON array of providers with distinct ids. */
export const oidcProvidersVariable = z
  .string()
  .transform((text, ctx) => {
    try {
      return JSON.parse(text) as unknown;
    } catch {
      ctx.addIssue({ code: 'custom', message: 'debe ser un arreglo JSON de proveedores' });
      return z.NEVER;
    }
  })
  .pipe(z.array(oidcProviderSchema))
  .refine((list) => new Set(list.map((p) => p.id)).size === list.length, {
    message: 'dos proveedores con el mismo id',
  });

// Every setting the process reads comes from here, validated once at start-up: a wrong value stops
// the process with a message naming the variable instead of failing later in a request.
/**
 * Complaints one address may file in an hour (issue 21): sixty, so that an office, a clinic's
 * Wi-Fi or a Tor exit where twenty colleagues report one incident within the hour all file
 * without extra work, while a script is slowed from twenty on and refused at sixty.
 */
export const DEFAULT_FILINGS_PER_HOUR = 60;

const envSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
    PORT: z.coerce.number().int().min(0).max(65535).default(3000),
    HOST: z.string().min(1).default('0.0.0.0'),
    DATA_DIR: z.string().min(1).default('./data'),
    /** Where the audit chain's head is anchored outside the database (default DATA_DIR/audit-anchor.json). */
    AUDIT_ANCHOR_FILE: z.string().min(1).optional(),
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
      .regex(
        /^([0-9a-fA-F]{64}|[A-Za-z0-9+/]{43}=)$/,
        'debe ser 32 bytes en hexadecimal (64 caracteres) o base64',
      )
      .optional(),
    // Keys a rotation moves away from (comma-separated): read, never written with.
    DATA_ENCRYPTION_KEY_PREVIOUS: z
      .string()
      .regex(
        /^([0-9a-fA-F]{64}|[A-Za-z0-9+/]{43}=)(,([0-9a-fA-F]{64}|[A-Za-z0-9+/]{43}=))*$/,
        'debe ser una o más claves de 32 bytes (hexadecimal o base64) separadas por comas',
      )
      .optional(),
    // The Ed25519 seed documents are signed with (decision 0050): the same on every instance; a new
    // one rotates it (the old public key stays published). Generated into DATA_DIR outside production.
    SIGNING_KEY: z
      .string()
      .regex(
        /^([0-9a-fA-F]{64}|[A-Za-z0-9+/]{43}=)$/,
        'debe ser 32 bytes en hexadecimal (64 caracteres) o base64',
      )
      .optional(),
    BOT_CHECK: z.enum(['altcha', 'recaptcha', 'off']).default('altcha'),
    // Complaints filed from one address per hour (counted in the database, across instances; only
    // complaints that were filed count). Sized for a shared office, clinic Wi-Fi or Tor exit: see
    // README and portal/complaints/filing-limit.ts (the bot check grows harder from a third of it).
    FILINGS_PER_HOUR: z.coerce.number().int().min(1).default(DEFAULT_FILINGS_PER_HOUR),
    // Sign-in calls one client may make in 15 minutes (counted in the database, across instances):
    // raise it where many complainants share one address (a workplace behind one NAT).
    LOGINS_PER_15_MINUTES: z.coerce.number().int().min(1).default(30),
    // Recovery mails (codes or a password link) one e-mail address may receive per hour, across
    // instances: a mailbox someone else reads is not flooded with the channel's name.
    RECOVERY_MAILS_PER_HOUR: z.coerce.number().int().min(1).default(3),
    // API calls one client may make a minute on routes without a limit of their own (per process);
    // 0 turns this flood limit off (a benchmark's load generator), with a warning in production.
    RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(0).default(600),
    // A new complaint's alert leaves at the end of the slot of this many minutes it was received
    // in, so its time does not say the minute of an anonymous filing (decision 0031). A divisor of
    // 60; 0 sends at once (end-to-end runs), refused in production like any slot under 5 minutes.
    NEW_COMPLAINT_ALERT_SLOT_MINUTES: z.coerce
      .number()
      .int()
      .refine((m) => m === 0 || (m > 0 && m <= 60 && 60 % m === 0), {
        error: 'debe ser 0 o un divisor de 60 (5, 10, 15, 20, 30, 60…)',
      })
      .default(15),
    // Law 21.719: calendar days to answer a data-protection request (from the day it arrived), and
    // the days one extension adds (once, with a reason). The lawyers' figures, not the code's.
    DATA_REQUEST_ANSWER_DAYS: z.coerce.number().int().min(1).max(365).default(30),
    DATA_REQUEST_EXTENSION_DAYS: z.coerce.number().int().min(1).max(365).default(30),
    // The OpenAPI page at /v1/docs: off by default in production, on otherwise.
    API_DOCS: z.enum(['on', 'off'], 'debe ser on u off').optional(),
    RECAPTCHA_SITE_KEY: z.string().min(1).optional(),
    RECAPTCHA_SECRET: z.string().min(1).optional(),
    TRUST_PROXY: z
      .string()
      .transform((v) =>
        v
          .split(',')
          .map((s) => s.trim())
          .filter(Boolean),
      )
      .optional(),
    PORTAL_HOST_PREFIX: z
      .string()
      .regex(/^[a-z0-9-]+$/, 'solo minúsculas, dígitos y guiones')
      .default('canaldenuncias'),
    // /metrics answers only with `Authorization: Bearer <METRICS_TOKEN>`; unset, it answers 404.
    METRICS_TOKEN: z.string().min(16, 'al menos 16 caracteres').optional(),
    // Names this process on every log line (default: host name and pid).
    INSTANCE_ID: z
      .string()
      .regex(/^[A-Za-z0-9._-]{1,64}$/, 'letras, dígitos, punto, guion o guion bajo')
      .optional(),
    // Shutdown on SIGTERM: /readyz answers 503 for SHUTDOWN_DELAY_MS while requests are still served
    // (so the load balancer stops sending new ones), then in-flight requests get SHUTDOWN_GRACE_MS.
    SHUTDOWN_DELAY_MS: z.coerce.number().int().min(0).max(600_000).default(5_000),
    SHUTDOWN_GRACE_MS: z.coerce.number().int().min(0).max(3_600_000).default(30_000),
    // Documents (the case dossier's PDF) are made off the event loop by PDF_WORKERS threads, each
    // document within PDF_TIME_LIMIT_SECONDS (waiting included) and a heap of PDF_MEMORY_MB;
    // past a limit the request fails with a Spanish 503 (decision 0029).
    PDF_WORKERS: z.coerce.number().int().min(1).max(16).default(1),
    PDF_TIME_LIMIT_SECONDS: z.coerce.number().int().min(1).max(600).default(60),
    PDF_MEMORY_MB: z.coerce.number().int().min(32).max(4096).default(256),
    // Where uploaded files (encrypted by the application) live: the data folder, or an S3 bucket.
    /** Issue 24: the OpenID Connect providers staff sign in with (README, docs/operations.md). */
    OIDC_PROVIDERS: oidcProvidersVariable.default([]),
    /** How often an SSO session re-reads the provider's claims (a person removed from the group). */
    OIDC_RECHECK_MINUTES: z.coerce.number().int().min(1).max(60).default(5),
    /** Organisations whose people sign in only by SSO (keys or ids, commas); administrators may still use password and code (break-glass). */
    SSO_REQUIRED_ORGANIZATIONS: z
      .string()
      .transform((v) =>
        v
          .split(',')
          .map((s) => s.trim())
          .filter(Boolean),
      )
      .pipe(z.array(organizationId))
      .default([]),
    STORAGE: z.enum(['local', 's3']).default('local'),
    S3_ENDPOINT: z.url('debe ser una URL').optional(),
    S3_BUCKET: z.string().min(1).optional(),
    S3_REGION: z.string().min(1).default('us-east-1'),
    S3_ACCESS_KEY_ID: z.string().min(1).optional(),
    S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
    S3_FORCE_PATH_STYLE: z
      .enum(['true', 'false', '1', '0'], 'debe ser true o false')
      .transform((v) => v === 'true' || v === '1')
      .default(false),
  })
  .superRefine((env, ctx) => {
    if (env.NODE_ENV === 'production' && !env.DATA_ENCRYPTION_KEY) {
      ctx.addIssue({
        code: 'custom',
        path: ['DATA_ENCRYPTION_KEY'],
        message: 'es obligatoria en producción',
      });
    }
    if (env.NODE_ENV === 'production' && !env.SIGNING_KEY) {
      ctx.addIssue({
        code: 'custom',
        path: ['SIGNING_KEY'],
        message: 'es obligatoria en producción (con ella se firman los comprobantes)',
      });
    }
    if (env.NODE_ENV === 'production' && !env.SMTP_URL) {
      // Without it mail goes to the local mailbox, which production never shows: it would be lost.
      ctx.addIssue({
        code: 'custom',
        path: ['SMTP_URL'],
        message: 'es obligatoria en producción (sin ella el correo no sale del servidor)',
      });
    }
    if (env.NODE_ENV === 'production' && !env.PUBLIC_URL) {
      ctx.addIssue({
        code: 'custom',
        path: ['PUBLIC_URL'],
        message: 'es obligatoria en producción',
      });
    }
    if (env.NODE_ENV === 'production' && env.BOT_CHECK === 'off') {
      ctx.addIssue({
        code: 'custom',
        path: ['BOT_CHECK'],
        message: 'no puede ser off en producción',
      });
    }
    if (env.NODE_ENV === 'production' && env.PUBLIC_URL && !env.PUBLIC_URL.startsWith('https://')) {
      ctx.addIssue({
        code: 'custom',
        path: ['PUBLIC_URL'],
        message: 'debe ser https:// en producción',
      });
    }
    if (env.NODE_ENV === 'production' && env.NEW_COMPLAINT_ALERT_SLOT_MINUTES < 5) {
      ctx.addIssue({
        code: 'custom',
        path: ['NEW_COMPLAINT_ALERT_SLOT_MINUTES'],
        message:
          'debe ser al menos 5 en producción (la hora del aviso diría el minuto de una denuncia anónima)',
      });
    }
    if (env.BOT_CHECK === 'recaptcha' && (!env.RECAPTCHA_SITE_KEY || !env.RECAPTCHA_SECRET)) {
      ctx.addIssue({
        code: 'custom',
        path: ['RECAPTCHA_SECRET'],
        message: 'BOT_CHECK=recaptcha requiere RECAPTCHA_SITE_KEY y RECAPTCHA_SECRET',
      });
    }
    if (env.STORAGE === 's3') {
      for (const name of ['S3_BUCKET', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'] as const) {
        if (!env[name])
          ctx.addIssue({ code: 'custom', path: [name], message: 'es obligatoria con STORAGE=s3' });
      }
    }
  });

export type Env = z.infer<typeof envSchema>;

export interface Config extends Env {
  production: boolean;
  publicUrl: string;
  /** Whether /v1/docs is served (API_DOCS, default off in production). */
  apiDocs: boolean;
}

export class ConfigError extends Error {}

/** Reads the environment; throws a ConfigError listing every wrong variable. */
/** Settings that are allowed but weaken a protection: said in the log at every start. */
export function configWarnings(config: Config): string[] {
  return [
    ...(config.BOT_CHECK === 'off'
      ? ['BOT_CHECK=off: la verificación anti-bots está desactivada.']
      : []),
    ...(config.production && config.RATE_LIMIT_PER_MINUTE === 0
      ? ['RATE_LIMIT_PER_MINUTE=0: el límite global de llamadas por cliente está desactivado.']
      : []),
  ];
}

export function loadConfig(source: Record<string, string | undefined> = process.env): Config {
  // An empty variable means "not set": shells and .env files often leave `FOO=`.
  const cleaned = Object.fromEntries(
    Object.entries(source).filter(([, v]) => v !== undefined && v !== ''),
  );
  const parsed = envSchema.safeParse(cleaned);
  if (!parsed.success) {
    const lines = parsed.error.issues.map(
      (i) => `  ${i.path.join('.') || '(entorno)'}: ${i.message}`,
    );
    throw new ConfigError(`Configuración inválida:\n${lines.join('\n')}`);
  }
  const env = parsed.data;
  return {
    ...env,
    production: env.NODE_ENV === 'production',
    apiDocs: (env.API_DOCS ?? (env.NODE_ENV === 'production' ? 'off' : 'on')) === 'on',
    publicUrl: (env.PUBLIC_URL ?? `http://localhost:${env.PORT}`).replace(/\/$/, ''),
  };
}

/** Per-client limits of the sensitive calls (counted in memory by the app). */
/** The name this process goes by: on every log line and in its heartbeat (`instances`). */
export const instanceId = (config: Pick<Config, 'INSTANCE_ID'>): string =>
  config.INSTANCE_ID ?? `${hostname()}-${process.pid}`;

export interface ClientLimits {
  /** Sign-in attempts per client in 15 minutes. */
  login: number;
  /** Recovery requests per client in 15 minutes. */
  recovery: number;
  /** Complaints filed per client in an hour (FILINGS_PER_HOUR when not given). */
  filing?: number;
}

// Sign-ins are retried once by the portal on 401 (SPEC §7): 30 calls are about 15 tries.
export const DEFAULT_CLIENT_LIMITS: ClientLimits = { login: 30, recovery: 10 };
