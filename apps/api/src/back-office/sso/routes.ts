import type { FastifyPluginAsync } from 'fastify';
import { contract } from '@canal/shared/contract';
import { webPaths } from '@canal/shared';
import { route } from '../../http/route';
import { AppError } from '../../errors';
import { appendAudit } from '../../core/audit/audit-log';
import { openStaffSession } from '../staff/open-session';
import { SsoRefused, finishSsoSignIn, startSsoSignIn } from './sso-sign-in';
import { readSsoSettings, saveSsoProvider, saveSsoRequired } from './settings';

/**
 * The cookie that ties the provider's return to the browser that started the sign-in. SameSite=Lax:
 * the return is a top-level navigation from the provider's site, which a Strict cookie would miss.
 */
const SSO_COOKIE = 'gestion_sso';
const SSO_PATH = '/v1/gestion/sso';

/** Single sign-on (issue 24): providers, start, return; the configuration (decision 0077). */
export const ssoRoutes: FastifyPluginAsync = async (app) => {
  const { services, backOffice } = app;
  const secure = services.config.production;

  route(app, contract.ssoProviders, {
    handler: async () =>
      (await backOffice.oidc.providers()).map((p) => ({ id: p.id, nombre: p.nombre })),
  });

  route(app, contract.ssoStart, {
    handler: async (request, reply) => {
      const provider = await backOffice.oidc.find(request.params.proveedor);
      if (!provider) throw new AppError('SSO_PROVIDER_NOT_FOUND');
      const started = await startSsoSignIn(services, backOffice, provider).catch(() => {
        throw new AppError('SSO_UNAVAILABLE');
      });
      reply.setCookie(SSO_COOKIE, started.key, {
        httpOnly: true,
        sameSite: 'lax',
        secure,
        path: SSO_PATH,
        maxAge: 600,
      });
      return reply.redirect(started.url, 303);
    },
  });

  route(app, contract.ssoCallback, {
    handler: async (request, reply) => {
      const key = request.cookies[SSO_COOKIE];
      reply.clearCookie(SSO_COOKIE, { path: SSO_PATH });
      const currentUrl = new URL(request.url, services.config.publicUrl);
      try {
        const done = await finishSsoSignIn(services, backOffice, key, currentUrl);
        await openStaffSession(request, reply, done.userId, 'oidc', {
          oidc: {
            provider: done.provider,
            refreshEnc: done.refreshEnc,
            refusedDemotion: done.refusedDemotion,
          },
        });
        return reply.redirect(webPaths.staffInbox(), 303);
      } catch (error) {
        if (!(error instanceof SsoRefused)) throw error;
        await appendAudit(services, services.db, {
          actorId: null,
          action: 'sesion.ingreso_fallido',
          detail: { metodo: 'oidc', motivo: `${error.reason}: ${error.detail}`.slice(0, 300) },
        });
        return reply.redirect(`${webPaths.staffSignIn()}?sso=${error.reason}`, 303);
      }
    },
  });

  route(app, contract.getSsoSettings, {
    handler: async (request) => readSsoSettings(services, backOffice, request.staff),
  });
  route(app, contract.saveSsoProvider, {
    handler: async (request) =>
      saveSsoProvider(services, backOffice, request.staff, request.params.proveedor, request.body),
  });
  route(app, contract.saveSsoRequired, {
    handler: async (request) => saveSsoRequired(services, backOffice, request.staff, request.body),
  });
};
