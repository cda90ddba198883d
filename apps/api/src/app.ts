import { randomUUID } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import Fastify, {
  LogController,
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
} from 'fastify';
import rateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import { jsonSchemaTransform, validatorCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { organizationById } from '@canal/shared';
import { isStaffAccess, type PortalAccess, type StaffAccess } from '@canal/shared/contract';
import { DEFAULT_CLIENT_LIMITS, instanceId, type ClientLimits } from './config';
import { AppError } from './errors';
import { registerErrorHandling } from './http/errors';
import {
  clientErrorHandler,
  DEFAULT_BODY_DEADLINES,
  registerConnectionGuards,
  type BodyDeadlines,
} from './http/connection';
import { registerCompression } from './http/compression';
import { healthRoutes, type Lifecycle } from './http/health';
import { metricsRoutes } from './http/metrics';
import { loadPortalPages, pageCacheControl } from './http/portal-pages';
import { registerSecurityHeaders } from './http/security-headers';
import { serializerCompiler } from './http/serializer';
import { clientLimitStoreCtor } from './core/auth/client-limit-store';
import { privacySettingsOf } from './core/privacy/settings';
import type { AppServices } from './runtime';
import { portalRoutes } from './portal/routes';
import { portalGuards } from './portal/guards';
import { botCheckSettings } from './portal/bot-check/routes';
import { backOfficeRoutes } from './back-office/routes';
import { staffGuards } from './back-office/staff/guard';

// zod's own messages (type errors the shared schemas do not word) in Spanish too.
z.config(z.locales.es());

const REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/;

export const WEB_DIST = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../web/dist',
);

export interface AppOptions {
  /** Log level (and where to, for tests); false for none. */
  logger?: false | { level: string; stream?: { write(line: string): void } };
  /** Requests per minute per client across the API. */
  globalRateLimit?: number;
  /**
   * Per-client limits of the sensitive calls (sign-in, recovery, filing), counted in the database;
   * the sign-in and filing ones default to LOGINS_PER_15_MINUTES and FILINGS_PER_HOUR.
   */
  clientLimits?: Partial<ClientLimits>;
  /** Folder of the built portal; served when it exists. */
  webDist?: string;
  /**
   * How long a request's body may take to arrive (JSON calls, uploads) and an upload's minimum
   * rate; what is not given takes the defaults.
   */
  bodyDeadlines?: Partial<BodyDeadlines>;
  /** Shared with server.ts: /readyz fails once `shuttingDown` is set. */
  lifecycle?: Lifecycle;
  /** How long /readyz fails after a write found the disk full (default DISK_FULL_HOLD_MS). */
  diskFullHoldMs?: number;
}

/**
 * Builds the HTTP application: plugins in a fixed order — external, then app services, then
 * routes — and one error handler. Nothing here opens connections; `services` are handed in.
 */
export async function buildApp(
  services: AppServices,
  options: AppOptions = {},
): Promise<FastifyInstance> {
  const { config } = services;
  const deadlines = { ...DEFAULT_BODY_DEADLINES, ...options.bodyDeadlines };
  const lifecycle = options.lifecycle ?? { shuttingDown: false };
  const app = Fastify({
    logger:
      options.logger === false
        ? false
        : {
            level: options.logger?.level ?? 'info',
            // Every line names the instance it comes from (several run behind the balancer).
            base: { instance: instanceId(config) },
            ...(options.logger?.stream ? { stream: options.logger.stream } : {}),
            // No IP address, user agent or query string in the logs (DESIGN §6).
            serializers: {
              // The route's pattern, never the path (it may carry a reset token or a ticket
              // code); whatever no route matched — the portal's pages, unknown paths — is one word.
              req: (req: { method: string; routeOptions?: { url?: string } }) => ({
                method: req.method,
                route: req.routeOptions?.url ?? '(portal)',
              }),
              res: (res: { statusCode: number }) => ({ statusCode: res.statusCode }),
            },
          },
    logController: new AccessLog(),
    bodyLimit: 1024 * 1024,
    // Idle sockets close after 2 minutes. Server-wide, a whole request may last an hour (a 120 MB
    // upload on a slow line); each route's body has its own deadline (http/connection.ts): short for
    // JSON calls, the hour only for the two upload routes. Headers must arrive within 20 s, and
    // Node checks both every 5 s (not the default 30 s).
    connectionTimeout: 120_000,
    requestTimeout: deadlines.uploadBodyMs,
    keepAliveTimeout: 10_000,
    http: { connectionsCheckingInterval: 5_000 },
    clientErrorHandler: clientErrorHandler(config.production),
    // Only the proxies named in TRUST_PROXY may set the client address (X-Forwarded-For).
    trustProxy: config.TRUST_PROXY ?? false,
    routerOptions: { ignoreTrailingSlash: true },
    // The balancer's X-Request-Id when it is a sane token, else a random UUID (unique across
    // instances); echoed in the answer.
    genReqId: (req) => {
      const given = req.headers['x-request-id'];
      return typeof given === 'string' && REQUEST_ID.test(given) ? given : randomUUID();
    },
  });
  app.addHook('onRequest', (request, reply, done) => {
    reply.header('x-request-id', request.id);
    done();
  });
  app.server.headersTimeout = Math.min(20_000, deadlines.uploadBodyMs);
  registerConnectionGuards(app, deadlines, config.production);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandling(app, { onDiskFull: () => (lifecycle.diskFullAt = Date.now()) });

  // External plugins.
  registerSecurityHeaders(app, {
    production: config.production,
    recaptcha: services.portal.botCheck.mode === 'recaptcha',
    isApiRoute,
  });
  const perMinute = options.globalRateLimit ?? config.RATE_LIMIT_PER_MINUTE;
  await app.register(rateLimit, {
    // RATE_LIMIT_PER_MINUTE=0: no flood limit; the routes' own limits (config.rateLimit) still apply.
    global: perMinute > 0,
    max: perMinute,
    timeWindow: '1 minute',
    // The global flood limit counts in this process's memory; the routes with a limit of their own
    // (sign-in, recovery, filing) count in the database, across every instance. Keyed by a keyed
    // hash of the address (an HMAC in the database): the address is never stored.
    store: clientLimitStoreCtor(services.db, services.keyring.derive('client-limits')),
    errorResponseBuilder: (_req, context) =>
      new AppError('TOO_MANY_ATTEMPTS', undefined, Math.ceil(context.ttl / 1000)),
    // The portal's own files (scripts, styles, images, PDFs) do not count: only calls to the API.
    // Decided on the matched route, never on the raw URL: `/%761/…` reaches the same route as `/v1/…`.
    allowList: (request) => !isApiRoute(request),
  });
  await app.register(swagger, {
    openapi: {
      info: {
        title: 'Canal de Denuncias — API',
        description:
          'API del portal del denunciante (SPEC §7). Errores: JSON `{message}` en español.',
        version: '1.0.0',
      },
      components: {
        securitySchemes: {
          botCheck: { type: 'apiKey', in: 'header', name: 'x-grecaptcha' },
          bearer: { type: 'http', scheme: 'bearer' },
          staffSession: { type: 'apiKey', in: 'cookie', name: 'gestion_sesion' },
        },
      },
    },
    transform: jsonSchemaTransform,
  });
  // Loaded only when the page is served (off by default in production): its module stays out of
  // the heap otherwise (decision 0027).
  if (config.apiDocs)
    await app.register((await import('@fastify/swagger-ui')).default, { routePrefix: '/v1/docs' });

  // Application services: the core's here; each side decorates its own on its plugin.
  app.decorate('services', services);
  // Each route's guards follow from its contract entry's access (`route()`, http/route.ts).
  app.decorate('accessGuards', (access: PortalAccess | StaffAccess) =>
    isStaffAccess(access) ? staffGuards(access) : portalGuards(access),
  );
  app.addHook('onSend', (request, reply, payload, done) => {
    if ((isApiRoute(request) || !request.routeOptions.url) && !reply.hasHeader('cache-control'))
      reply.header('cache-control', 'no-store');
    done(null, payload);
  });
  registerCompression(app, { isApiRoute });

  // Routes.
  await app.register(healthRoutes, {
    db: services.db,
    storagePing: () => services.files.ping(),
    lifecycle,
    diskFullHoldMs: options.diskFullHoldMs,
  });
  await app.register(metricsRoutes, {
    token: config.METRICS_TOKEN,
    sources: {
      outbox: () => services.outbox.stats(services.db),
      argon2Queue: () => services.hasher.queued,
      storageErrors: () => services.files.errors,
    },
  });
  // The master data may have been edited on another instance (decision 0020). On PostgreSQL the
  // catalogue follows the edits' notifications (decision 0025): the portal's routes then read no
  // row; the back office's compare the version with the database's on every request, so an
  // administrator sees an edit at the very next answer whichever instance serves it. A failed read
  // keeps the lists in memory answering, as they did before the check.
  const readsCatalogue = /^\/v1\/(datos-maestros|denuncias|gestion)(\/|\?|$)/;
  const staffRoute = /^\/v1\/gestion(\/|\?|$)/;
  const { catalogue, db } = services;
  const stopFollowing = catalogue.follow(db);
  app.addHook('onClose', () => stopFollowing());
  app.addHook('preHandler', (request, _reply, done) => {
    if (!readsCatalogue.test(request.url)) return done();
    const strict = staffRoute.test(request.url);
    if (!strict && catalogue.upToDate(db)) return done();
    catalogue.ensureFresh(db, { strict }).then(
      () => done(),
      () => done(),
    );
  });
  const limits = {
    ...DEFAULT_CLIENT_LIMITS,
    login: config.LOGINS_PER_15_MINUTES,
    filing: config.FILINGS_PER_HOUR,
    ...options.clientLimits,
  };
  await app.register(portalRoutes, {
    services: services.portal,
    limits,
    devMailbox: !config.production,
  });
  await app.register(backOfficeRoutes, { prefix: '/v1/gestion', services: services.backOffice });

  const webDist = options.webDist ?? WEB_DIST;
  const hasWeb = existsSync(path.join(webDist, 'index.html'));
  const indexHtml = hasWeb
    ? portalIndexHtml(readFileSync(path.join(webDist, 'index.html'), 'utf8'), services)
    : '';
  if (hasWeb) {
    // The build writes .br/.gz beside each file (apps/web/vite.config.ts): sent when accepted.
    await app.register(fastifyStatic, {
      root: webDist,
      wildcard: false,
      index: false,
      preCompressed: true,
      // Built assets carry a content hash in their name: they never change, so browsers keep them.
      setHeaders: (res, filePath) => {
        if (filePath.includes(`${path.sep}assets${path.sep}`))
          res.header('cache-control', 'public, max-age=31536000, immutable');
      },
    });
  }
  // Decision 0078: the portal's pages (the detail page's, its frame) are rendered here, with the
  // brand the host chooses, the new-complaint screen's master data and the privacy notice's
  // settings, and hydrated in the browser.
  const pages = hasWeb
    ? await loadPortalPages({
        webDist,
        template: indexHtml,
        config: { portalPrefix: config.PORTAL_HOST_PREFIX, production: config.production },
        masterData: async (organizationId) => {
          await catalogue.ensureFresh(db).catch(() => undefined);
          const answers = catalogue.answers(organizationById(organizationId));
          return {
            delitos: answers.delitos.body.toString('utf8'),
            lugares: answers.lugares.body.toString('utf8'),
            relaciones: answers.relaciones.body.toString('utf8'),
            reconoce: answers.reconoce.body.toString('utf8'),
          };
        },
        // The same answer as GET /v1/aviso-privacidad (portal/privacy/routes.ts).
        privacyNotice: async (organizationId) => {
          const { organizacion, contacto, retencion_anios } = await privacySettingsOf(
            db,
            organizationId,
          );
          return JSON.stringify({ organizacion, contacto, retencion_anios });
        },
      }).catch((error: unknown) => {
        // The portal still works, rendered in the browser.
        app.log.error({ err: error }, 'no se pudo cargar el generador de páginas del portal');
        return null;
      })
    : null;
  app.setNotFoundHandler(async (request, reply) => {
    const pathname = decodedPath(request.url);
    const wantsPage =
      request.method === 'GET' && !pathname.startsWith('/v1/') && !pathname.startsWith('/dev/');
    if (wantsPage && pages && (await pages.send(request, reply))) return reply;
    if (wantsPage && hasWeb) {
      // The portal is a single-page app: every unknown path is one of its routes.
      return reply
        .header('cache-control', pageCacheControl(request.url))
        .type('text/html; charset=utf-8')
        .send(indexHtml);
    }
    return reply.code(404).send({ message: 'El recurso solicitado no existe.' });
  });
  return app;
}

/**
 * The access log: one line per request once it is answered (method, route pattern, status, time),
 * not Fastify's two (received, then completed). Each line is a synchronous write: the pair cost a
 * fifth of a production master-data read (decision 0025).
 */
class AccessLog extends LogController {
  override incomingRequest(): void {}

  override requestCompleted(
    error: Error | null | undefined,
    request: FastifyRequest,
    reply: FastifyReply,
  ): void {
    const line = { req: request, res: reply, responseTime: reply.elapsedTime };
    if (error) reply.log.error({ ...line, err: error }, 'request errored');
    else reply.log.info(line, 'request completed');
  }
}

/** Whether the request matched an API route (by its pattern, whatever the spelling of the path). */
function isApiRoute(request: FastifyRequest): boolean {
  return request.routeOptions.url?.startsWith('/v1/') ?? false;
}

/** The path of a URL as the router reads it (percent-decoded), for decisions on unmatched paths. */
function decodedPath(url: string): string {
  const raw = url.split('?')[0] ?? '';
  try {
    return decodeURIComponent(raw);
  } catch {
    return raw;
  }
}

/** The portal's page with what it must know before its first paint (read by web/app/runtime-config). */
export function portalIndexHtml(html: string, services: AppServices): string {
  const config = JSON.stringify({
    portalPrefix: services.config.PORTAL_HOST_PREFIX,
    production: services.config.production,
    // The bot check's settings, so the portal's first call need not ask GET /v1/configuracion.
    ...botCheckSettings(services.portal.botCheck, services.config.RECAPTCHA_SITE_KEY),
  }).replace(/"/g, '&quot;');
  return html.replace('<!--canal-config-->', `<meta name="canal-config" content="${config}" />`);
}
