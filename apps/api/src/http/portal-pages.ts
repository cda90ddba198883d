import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { webPaths } from '@canal/shared';
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
}): Promise<PortalPages | null> {
  const file = pageRendererPath(options.webDist);
  if (!existsSync(file)) return null;
  const renderer = (await import(pathToFileURL(file).href)) as PageRenderer;
  const template = withInlineStyles(options.template, options.webDist);
  const wholeTemplate = withScriptsAfterPaint(template);
  const framePrefix = webPaths.complaintDetail('');
  return {
    async send(request, reply) {
      let page: { status: number; html: string } | null;
      try {
        page = await renderer.renderPortalPage({
          url: request.url,
          host: request.host,
          config: options.config,
          template: request.url.startsWith(framePrefix) ? template : wholeTemplate,
          masterData: options.masterData,
        });
      } catch (error) {
        // The page still works: index.html, rendered in the browser.
        request.log.error({ err: error }, 'la página no se pudo generar en el servidor');
        return false;
      }
      if (!page) return false;
      const encoding = acceptedEncoding(request.headers['accept-encoding']);
      const body = encoding ? await compress(page.html, encoding) : page.html;
      if (encoding) reply.header('content-encoding', encoding);
      await reply
        .code(page.status)
        .header('cache-control', 'no-cache')
        .header('vary', 'accept-encoding')
        .type('text/html; charset=utf-8')
        .send(body);
      return true;
    },
  };
}
