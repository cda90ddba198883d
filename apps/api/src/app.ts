import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import Fastify, { type FastifyInstance } from 'fastify';
import helmet from '@fastify/helmet';
import multipart from '@fastify/multipart';
import rateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { jsonSchemaTransform, serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from './errors';
import { registerErrorHandling } from './http/errors';
import type { Services } from './services';
import { masterDataRoutes } from './modules/master-data/routes';
import { complaintRoutes, multipartLimits } from './modules/complaints/routes';
import { recoveryRoutes } from './modules/recovery/routes';
import { fileRoutes } from './modules/attachments/routes';
import { botCheckRoutes } from './modules/bot-check/routes';
import { devMailboxRoutes } from './modules/mail/routes';
import { backOfficeRoutes } from './modules/staff/back-office';

// zod's own messages (type errors the shared schemas do not word) in Spanish too.
z.config(z.locales.es());

export interface ClientLimits {
  /** Sign-in attempts per client in 15 minutes. */
  login: number;
  /** Recovery requests per client in 15 minutes. */
  recovery: number;
}

// Sign-ins are retried once by the portal on 401 (SPEC §7): 30 calls are about 15 tries.
export const DEFAULT_CLIENT_LIMITS: ClientLimits = { login: 30, recovery: 10 };

export const WEB_DIST = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../web/dist');

export interface AppOptions {
  /** Log level (and where to, for tests); false for none. */
  logger?: false | { level: string; stream?: { write(line: string): void } };
  /** Requests per minute per client across the API. */
  globalRateLimit?: number;
  /** Per-client limits of the sensitive calls (sign-in, recovery), counted in memory. */
  clientLimits?: ClientLimits;
  /** Folder of the built portal; served when it exists. */
  webDist?: string;
}

/**
 * Builds the HTTP application: plugins in a fixed order — external, then app services, then
 * routes — and one error handler. Nothing here opens connections; `services` are handed in.
 */
export async function buildApp(services: Services, options: AppOptions = {}): Promise<FastifyInstance> {
  const { config } = services;
  const app = Fastify({
    logger:
      options.logger === false
        ? false
        : {
            level: options.logger?.level ?? 'info',
            ...(options.logger?.stream ? { stream: options.logger.stream } : {}),
            // No IP address, user agent or query string in the logs (DESIGN §6).
            serializers: {
              req: (req: { method: string; routeOptions?: { url?: string }; url: string }) => ({
                method: req.method,
                route: req.routeOptions?.url ?? req.url.split('?')[0]?.replace(/\d{6,}/g, ':n'),
              }),
              res: (res: { statusCode: number }) => ({ statusCode: res.statusCode }),
            },
          },
    bodyLimit: 1024 * 1024,
    // Idle sockets close after 2 minutes; a whole request may last an hour (a 120 MB upload on a slow line).
    connectionTimeout: 120_000,
    requestTimeout: 3_600_000,
    keepAliveTimeout: 10_000,
    // Only the proxies named in TRUST_PROXY may set the client address (X-Forwarded-For).
    trustProxy: config.TRUST_PROXY ?? false,
    routerOptions: { ignoreTrailingSlash: true },
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandling(app);

  // External plugins.
  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", ...(services.botCheck.mode === 'recaptcha' ? ['https://www.google.com', 'https://www.gstatic.com'] : [])],
        workerSrc: ["'self'", 'blob:'],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        connectSrc: ["'self'"],
        frameSrc: services.botCheck.mode === 'recaptcha' ? ['https://www.google.com'] : ["'none'"],
        frameAncestors: ["'none'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        upgradeInsecureRequests: config.production ? [] : null,
      },
    },
    referrerPolicy: { policy: 'no-referrer' },
    hsts: config.production ? { maxAge: 31_536_000, includeSubDomains: true } : false,
    crossOriginEmbedderPolicy: false,
  });
  await app.register(rateLimit, {
    global: true,
    max: options.globalRateLimit ?? 600,
    timeWindow: '1 minute',
    // Counted in memory per process; the address is never stored.
    errorResponseBuilder: (_req, context) => new AppError('TOO_MANY_ATTEMPTS', undefined, Math.ceil(context.ttl / 1000)),
    // The portal's own files (scripts, styles, images, PDFs) do not count: only calls to the API.
    allowList: (request) => !request.url.startsWith('/v1/'),
  });
  await app.register(multipart, { limits: multipartLimits });
  await app.register(swagger, {
    openapi: {
      info: {
        title: 'Canal de Denuncias — API',
        description: 'API del portal del denunciante (SPEC §7). Errores: JSON `{message}` en español.',
        version: '1.0.0',
      },
      components: {
        securitySchemes: {
          botCheck: { type: 'apiKey', in: 'header', name: 'x-grecaptcha' },
          bearer: { type: 'http', scheme: 'bearer' },
        },
      },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/v1/docs' });

  // Application services.
  app.decorate('services', services);
  app.addHook('onSend', async (request, reply) => {
    if (request.url.startsWith('/v1/') && !reply.hasHeader('cache-control')) reply.header('cache-control', 'no-store');
  });

  // Routes.
  await app.register(masterDataRoutes, { prefix: '/v1/datos-maestros' });
  const limits = options.clientLimits ?? DEFAULT_CLIENT_LIMITS;
  await app.register(complaintRoutes, { prefix: '/v1/denuncias', limits });
  await app.register(recoveryRoutes, { prefix: '/v1/denuncias', limits });
  await app.register(fileRoutes, { prefix: '/v1' });
  await app.register(botCheckRoutes, { prefix: '/v1' });
  await app.register(backOfficeRoutes, { prefix: '/v1/gestion' });
  if (!config.production) await app.register(devMailboxRoutes);

  const webDist = options.webDist ?? WEB_DIST;
  const hasWeb = existsSync(path.join(webDist, 'index.html'));
  const indexHtml = hasWeb ? portalIndexHtml(readFileSync(path.join(webDist, 'index.html'), 'utf8'), services) : '';
  if (hasWeb) {
    // The build writes .br/.gz beside each file (apps/web/vite.config.ts): sent when accepted.
    await app.register(fastifyStatic, {
      root: webDist,
      wildcard: false,
      index: false,
      preCompressed: true,
      // Built assets carry a content hash in their name: they never change, so browsers keep them.
      setHeaders: (res, filePath) => {
        if (filePath.includes(`${path.sep}assets${path.sep}`)) res.header('cache-control', 'public, max-age=31536000, immutable');
      },
    });
  }
  app.setNotFoundHandler((request, reply) => {
    const wantsPage = request.method === 'GET' && !request.url.startsWith('/v1/') && !request.url.startsWith('/dev/');
    if (wantsPage && hasWeb) {
      // The portal is a single-page app: every unknown path is one of its routes.
      return reply.header('cache-control', 'no-cache').type('text/html; charset=utf-8').send(indexHtml);
    }
    return reply.code(404).send({ message: 'El recurso solicitado no existe.' });
  });
  return app;
}

/** The portal's page with what it must know before its first paint (read by web/app/runtime-config). */
export function portalIndexHtml(html: string, services: Services): string {
  const config = JSON.stringify({
    portalPrefix: services.config.PORTAL_HOST_PREFIX,
    production: services.config.production,
  }).replace(/"/g, '&quot;');
  return html.replace('<!--canal-config-->', `<meta name="canal-config" content="${config}" />`);
}
