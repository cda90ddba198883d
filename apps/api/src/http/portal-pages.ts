import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { organizationFromHost, portalRoutes, webPaths, webRoutePatterns } from '@canal/shared';
import { acceptedEncoding, compress } from './compression';

/**
 * The portal's pages rendered on the server (decision 0078). The web build writes the renderer
 * beside the portal's folder (`<webDist>-server/entry-server.js`, apps/web/vite.config.ts); the
 * API loads it at start when it is there. Its types are written here, not imported: the API does
 * not import the web app's source (ARCHITECTURE.md).
 */

/** The master-data answers of an organisation as its GETs send them (their JSON text). */
export interface MasterDataAnswers {
  delitos: string;
  lugares: string;
  relaciones: string;
  reconoce: string;
}

/** What `renderPortalPage` of apps/web/src/entry-server.tsx takes and gives. */
interface PageRenderer {
  renderPortalPage(request: {
    url: string;
    host: string;
    config: { portalPrefix: string; production: boolean };
    template: string;
    masterData: (organizationId: string) => MasterDataAnswers | Promise<MasterDataAnswers>;
    privacyNotice: (organizationId: string) => Promise<string>;
  }): Promise<{ status: number; html: string } | null>;
}

export interface PortalPages {
  /**
   * Answers the page for `request` and returns true when the renderer writes that path; false
   * when it does not (or failed: the caller sends index.html, which renders in the browser).
   */
  send(request: FastifyRequest, reply: FastifyReply): Promise<boolean>;
}

/**
 * index.html with the portal's stylesheet written into it: a rendered page paints as soon as its
 * HTML has arrived, without waiting for one more request (the CSP allows inline styles). The
 * stylesheet is the first load's (main.tsx imports it; lazy parts load their own).
 */
function withInlineStyles(template: string, webDist: string): string {
  return template.replace(
    /<link rel="stylesheet" crossorigin href="\/(assets\/[^"]+\.css)">/,
    (link, file: string) => {
      const css = readFileSync(path.join(webDist, file), 'utf8');
      if (/<\/style/i.test(css)) return link;
      // The link stays, disabled (never fetched): the code's loader looks for it before it loads
      // a lazy part whose styles are these, and would otherwise fetch and wait for them again.
      return `<style>${css}</style><link rel="stylesheet" crossorigin href="/${file}" disabled>`;
    },
  );
}

/**
 * The template of a page rendered whole (every one but the detail page's frame): its module script
 * and module preloads become `arranque.js` (apps/web/public), which asks for them once the page has
 * painted. The page needs no code to be read, so on a slow line the code's download no longer holds
 * its first paint back; the detail page's complaint needs the code, which it asks for at once.
 */
export function withScriptsAfterPaint(template: string): string {
  const entry = /<script type="module" crossorigin src="([^"]+)"><\/script>\s*/.exec(template);
  if (!entry) return template;
  const imports: string[] = [];
  const rest = template
    .replace(entry[0], '')
    .replace(/<link rel="modulepreload" crossorigin href="([^"]+)">\s*/g, (_link, href: string) => {
      imports.push(href);
      return '';
    });
  return rest.replace(
    '</head>',
    `<script src="/arranque.js" defer data-entrada="${entry[1]}" data-precarga="${imports.join(' ')}"></script>\n  </head>`,
  );
}

/** The portal's ALTCHA worker as the web build named it (`assets/altcha.worker-<hash>.js`), or null. */
function altchaWorkerFile(webDist: string): string | null {
  const assets = path.join(webDist, 'assets');
  if (!existsSync(assets)) return null;
  const file = readdirSync(assets).find((name) => /^altcha\.worker-[\w-]+\.js$/.test(name));
  return file ? `/assets/${file}` : null;
}

const escapeAttribute = (value: string) =>
  value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

/**
 * The detail page's frame with `lectura-temprana.js` (apps/web/public, decision 0079): a plain
 * script that solves a bot-check token with the portal's worker and starts the complaint's reads
 * with the tab's session while the page's code downloads. It needs the organisation the page's
 * calls name (`x-filial`, from the host as the renderer reads it), the calls' paths and the worker.
 */
export function withEarlyReads(template: string, worker: string | null, organizationId: string) {
  const attributes = {
    trabajador: worker ?? '',
    filial: organizationId,
    desafio: portalRoutes.altchaChallenge.path,
    denuncia: portalRoutes.complaintDetail.path,
    adjuntos: portalRoutes.complaintAttachments.path,
  };
  const data = Object.entries(attributes)
    .map(([name, value]) => ` data-${name}="${escapeAttribute(value)}"`)
    .join('');
  return template.replace(
    '</head>',
    `<script src="/lectura-temprana.js" async${data}></script>\n  </head>`,
  );
}

/**
 * The portal's pages whose address carries a secret: the password-reset link's token and the
 * contact-address confirmation's (SPEC §4 reset, Law 21.719 rectification).
 */
const SECRET_PAGE_PREFIXES = [webRoutePatterns.resetPassword, webRoutePatterns.confirmEmail].map(
  (pattern) => pattern.slice(0, pattern.indexOf(':')),
);

const safeDecode = (text: string) => {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
};

/**
 * The `cache-control` of a portal page (rendered here or index.html): `no-cache` (kept, checked
 * again before each use), but `no-store` for an address that carries a token, which no cache on
 * the way may keep, with the page, under that address.
 */
export function pageCacheControl(url: string): string {
  // As the router matches it: decoded, whatever the case.
  const pathname = safeDecode(url.split('?')[0] ?? '').toLowerCase();
  return SECRET_PAGE_PREFIXES.some((prefix) => pathname.startsWith(prefix))
    ? 'no-store'
    : 'no-cache';
}

/**
 * What the log keeps of a renderer's failure: its kind and message, with the address the browser
 * asked for (which may carry a token), and each longer segment of it (the token alone), taken out
 * of both the message and the stack.
 */
function failureForLog(error: unknown, url: string) {
  const pathname = url.split('?')[0] ?? '';
  const decoded = safeDecode(pathname);
  const segments = [...pathname.split('/'), ...decoded.split('/')].filter((s) => s.length >= 8);
  const forms = [url, pathname, decoded, ...segments]
    .filter((form) => form.length > 1)
    .sort((a, b) => b.length - a.length);
  const scrub = (text: string) =>
    forms.reduce((out, form) => out.split(form).join('(ruta del portal)'), text);
  if (!(error instanceof Error)) return { type: typeof error, message: scrub(String(error)) };
  return {
    type: error.name,
    message: scrub(error.message),
    ...(error.stack ? { stack: scrub(error.stack) } : {}),
  };
}

/** Where the web build writes the renderer of a portal built into `webDist`. */
export const pageRendererPath = (webDist: string) =>
  path.join(`${webDist}-server`, 'entry-server.js');

/**
 * The server-rendered pages of the portal in `webDist`, or null when that build has no renderer
 * (every page is then index.html, rendered in the browser, as before decision 0078).
 */
export async function loadPortalPages(options: {
  webDist: string;
  template: string;
  config: { portalPrefix: string; production: boolean };
  masterData: (organizationId: string) => Promise<MasterDataAnswers>;
  /** The organisation's privacy-notice answer (`GET /v1/aviso-privacidad`'s JSON text). */
  privacyNotice: (organizationId: string) => Promise<string>;
}): Promise<PortalPages | null> {
  const file = pageRendererPath(options.webDist);
  if (!existsSync(file)) return null;
  const renderer = (await import(pathToFileURL(file).href)) as PageRenderer;
  const template = withInlineStyles(options.template, options.webDist);
  const wholeTemplate = withScriptsAfterPaint(template);
  const framePrefix = webPaths.complaintDetail('');
  const worker = altchaWorkerFile(options.webDist);
  /** The detail page's frame for the organisation of `host` (and `?filial=` outside production). */
  const frameTemplate = (url: string, host: string) => {
    const query = url.indexOf('?');
    const organization = organizationFromHost(host, {
      portalPrefix: options.config.portalPrefix,
      search: query < 0 ? '' : url.slice(query),
      production: options.config.production,
    });
    return withEarlyReads(template, worker, organization.id);
  };
  return {
    async send(request, reply) {
      let page: { status: number; html: string } | null;
      try {
        page = await renderer.renderPortalPage({
          url: request.url,
          host: request.host,
          config: options.config,
          template: request.url.startsWith(framePrefix)
            ? frameTemplate(request.url, request.host)
            : wholeTemplate,
          masterData: options.masterData,
          privacyNotice: options.privacyNotice,
        });
      } catch (error) {
        // The page still works: index.html, rendered in the browser. The address stays out of the
        // log (a reset link's token; the access log names no portal path either).
        request.log.error(
          { err: failureForLog(error, request.url) },
          'la página no se pudo generar en el servidor',
        );
        return false;
      }
      if (!page) return false;
      const encoding = acceptedEncoding(request.headers['accept-encoding']);
      const body = encoding ? await compress(page.html, encoding) : page.html;
      if (encoding) reply.header('content-encoding', encoding);
      await reply
        .code(page.status)
        .header('cache-control', pageCacheControl(request.url))
        .header('vary', 'accept-encoding')
        .type('text/html; charset=utf-8')
        .send(body);
      return true;
    },
  };
}
