import type { FastifyPluginAsync } from 'fastify';
import { contract } from '@canal/shared/contract';
import { route } from '../../http/route';

const escape = (s: string) =>
  s.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );

/**
 * The local mailbox (no SMTP_URL), outside production only: /dev/correo lists the messages,
 * /dev/correo.json gives them to scripts and end-to-end tests.
 */
export const devMailboxRoutes: FastifyPluginAsync = async (app) => {
  const { transport } = app.services;
  route(app, contract.mailboxJson, {
    handler: async () =>
      (transport.list ? await transport.list() : []).map((m) => ({
        ...m,
        createdAt: m.createdAt.toISOString(),
      })),
  });
  route(app, contract.mailboxPage, {
    handler: async (_req, reply) => {
      const messages = transport.list ? await transport.list() : [];
      const items = messages
        .map(
          (
            m,
          ) => `<article><h2>${escape(m.subject)}</h2><p>Para: ${escape(m.to)} · ${m.createdAt.toISOString()}</p>
<iframe sandbox title="${escape(m.subject)}" srcdoc="${escape(m.html)}" style="width:100%;height:420px;border:1px solid #ccc"></iframe></article>`,
        )
        .join('\n');
      return reply
        .type('text/html; charset=utf-8')
        .send(
          `<!DOCTYPE html><html lang="es"><head><meta charset="utf-8"><title>Correo local</title></head><body><h1>Correo local (${messages.length})</h1>${
            transport.kind === 'smtp' ? '<p>Los correos se envían por SMTP.</p>' : ''
          }${items}</body></html>`,
        );
    },
  });
};
