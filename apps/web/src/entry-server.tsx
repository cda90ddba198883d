import { Writable } from 'node:stream';
import { StrictMode, type ReactNode } from 'react';
import { renderToPipeableStream } from 'react-dom/server';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router';
import {
  filterRelationOptions,
  fromCategoriaDelitos,
  fromPrivacyNotice,
  organizationFromHost,
  themeCssVariables,
  type Organization,
} from '@canal/shared';
import { AppFrame } from './app/App';
import { appRoutes } from './app/router';
import { paths } from './config/paths';
import type { RuntimeConfig } from './config/runtime-config';
import { lazyApiClient } from './lib/api/lazy-client';
import { brandAssets } from './lib/brand/assets';
import { portalTabTitle } from './lib/brand/brand-context';
import { ServerTabTitle } from './lib/brand/use-tab-title';
import {
  FIRST_SCREEN_ELEMENT_ID,
  firstScreenJson,
  firstScreenOf,
  type FirstScreenMasterData,
} from './lib/first-screen';

/**
 * The portal's pages rendered by the API's server (decision 0078): the first screen of each of the
 * portal's routes arrives as HTML in the brand's colours, with the data it shows (the master data
 * of the form's first step, the privacy notice's; the detail page's, its frame), and the browser
 * hydrates it (main.tsx). Built by Vite as a bundle of its own (`vite.config.ts`, `serverBundle`),
 * which the API loads at start when it is there.
 */

/**
 * The paths written on the server: every portal path, its 404 page included (the router's `*`).
 * The back office's (`/gestion…`) joins the browser's router on its first visit: index.html.
 * The detail page's is its frame and loading view: its complaint is read with the tab's session.
 */
const serverRendered = (pathname: string) =>
  pathname !== paths.staffInbox() && !pathname.startsWith(`${paths.staffInbox()}/`);

/** The master-data answers of an organisation as the API sends them (their JSON text). */
export interface MasterDataAnswers {
  delitos: string;
  lugares: string;
  relaciones: string;
  reconoce: string;
}

export interface PortalPageRequest {
  /** The path and query the browser asked for. */
  url: string;
  /** The Host the browser named: it chooses the organisation (SPEC §4). */
  host: string;
  config: RuntimeConfig;
  /** index.html as the API sends it (its runtime configuration already written in). */
  template: string;
  /** The organisation's master-data answers (the API's catalogue). */
  masterData: (organizationId: string) => MasterDataAnswers | Promise<MasterDataAnswers>;
  /** The organisation's privacy-notice answer (`GET /v1/aviso-privacidad`'s JSON text). */
  privacyNotice?: (organizationId: string) => string | Promise<string>;
}

export interface PortalPage {
  status: number;
  html: string;
}

/** The portal's routes, made once: each lazy route is loaded by its first request. */
const handler = createStaticHandler(appRoutes());

/** The page for `request`, or null when that path renders in the browser only. */
export async function renderPortalPage(request: PortalPageRequest): Promise<PortalPage | null> {
  const url = new URL(request.url, 'http://portal.invalid');
  if (!serverRendered(url.pathname)) return null;
  const organization = organizationFromHost(request.host, {
    portalPrefix: request.config.portalPrefix,
    search: url.search,
    production: request.config.production,
  });

  const context = await handler.query(new Request(url));
  // A redirect or an answer of a loader: the browser's router does it.
  if (context instanceof Response) return null;
  const firstScreen = firstScreenOf(
    url.pathname === paths.newComplaint()
      ? toFirstScreen(organization, await request.masterData(organization.id))
      : undefined,
    url.pathname === paths.privacyNotice() && request.privacyNotice
      ? fromPrivacyNotice(
          JSON.parse(await request.privacyNotice(organization.id)) as Parameters<
            typeof fromPrivacyNotice
          >[0],
        )
      : undefined,
  );
  const router = createStaticRouter(handler.dataRoutes, context);
  // The page's own tab title, as its usePortalTabTitle sets it in the browser; the home page's
  // when it sets none (applyBrand's).
  let title = portalTabTitle(organization);
  const root = await renderWhole(() => (
    <StrictMode>
      <ServerTabTitle.Provider value={(pageTitle) => (title = pageTitle)}>
        <AppFrame
          organization={organization}
          api={lazyApiClient(organization.id)}
          firstScreen={firstScreen}
        >
          <StaticRouterProvider router={router} context={context} hydrate={false} />
        </AppFrame>
      </ServerTabTitle.Provider>
    </StrictMode>
  ));
  return {
    status: context.statusCode,
    html: documentOf(request.template, organization, title, root, firstScreenJson(firstScreen)),
  };
}

/** What the new-complaint screen's queries hold once they have read each answer (master-data.ts). */
function toFirstScreen(org: Organization, answers: MasterDataAnswers): FirstScreenMasterData {
  const read = <T,>(text: string) => JSON.parse(text) as T;
  return {
    categories: read<Parameters<typeof fromCategoriaDelitos>[0][]>(answers.delitos).map(
      fromCategoriaDelitos,
    ),
    zonesWithPlaces: read(answers.lugares),
    relations: filterRelationOptions(org, read(answers.relaciones)),
    recognition: read(answers.reconoce),
  };
}

/**
 * The whole tree in one piece, with no inline script (the CSP refuses them). A part that is still
 * loading when React reaches it (a lazy component: the footer, the documents, the terms dialog) may
 * be written by React as a placeholder and filled in later by a script; once loaded, a lazy part
 * renders at once. So the tree is rendered again while a pass met one: the first request of a page
 * after the server starts may take a few passes, the next ones one.
 */
async function renderWhole(tree: () => ReactNode): Promise<string> {
  for (let pass = 0; pass < 4; pass++) {
    const html = await renderToString(tree());
    if (!html.includes('<script')) return html;
  }
  throw new Error('la página sigue esperando partes diferidas tras cuatro pasadas');
}

/** React's streaming render of `tree`, once every lazy part has arrived. */
function renderToString(tree: ReactNode): Promise<string> {
  return new Promise((resolve, reject) => {
    let html = '';
    const sink = new Writable({
      write(chunk: Buffer | string, _encoding, done) {
        html += chunk.toString();
        done();
      },
      final(done) {
        resolve(html);
        done();
      },
    });
    const stream = renderToPipeableStream(tree, {
      // Never a finished boundary moved out of place to be revealed by a script (React does so,
      // for an early paint, with those larger than this): the page is sent whole anyway.
      progressiveChunkSize: Number.POSITIVE_INFINITY,
      onAllReady: () => stream.pipe(sink),
      onShellError: reject,
      onError: (error) => {
        stream.abort();
        reject(error instanceof Error ? error : new Error(String(error)));
      },
    });
  });
}

const escapeAttribute = (value: string) =>
  value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');
const escapeText = (value: string) =>
  value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/**
 * index.html with the page in its root, and what the browser sets written in already: the theme's
 * colours on <html> and the tab's icon (`applyBrand`), the page's tab title (its route's).
 */
function documentOf(
  template: string,
  org: Organization,
  title: string,
  root: string,
  data: string,
): string {
  const theme = Object.entries(themeCssVariables(org.theme))
    .map(([name, value]) => `${name.replace('--color-', '--brand-')}:${value}`)
    .join(';');
  // The title by a function: a `$` in it is not one of replace's patterns.
  return template
    .replace('<html lang="es">', `<html lang="es" style="${escapeAttribute(theme)}">`)
    .replace(
      /<link rel="icon" href="[^"]*"/,
      `<link rel="icon" href="${escapeAttribute(brandAssets(org).favicon)}"`,
    )
    .replace(/<title>[^<]*<\/title>/, () => `<title>${escapeText(title)}</title>`)
    .replace(
      /<div id="root">[\s\S]*?<!--\/canal-cargando-->\s*<\/div>/,
      `<div id="root" data-ssr>${root}</div>` +
        `<script type="application/json" id="${FIRST_SCREEN_ELEMENT_ID}">${data}</script>`,
    );
}
