import { request as httpRequest, type IncomingHttpHeaders } from 'node:http';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { HEAD_OFFICE, organizationBySegment, themeCssVariables } from '@canal/shared';
import { cspViolations, launchBrowser, newPage, portalUrl } from './support/browser';
import {
  chooseComplaintType,
  expectNoAxeViolations,
  fileAnonymousComplaint,
  goToStep1,
  hydratedTermsDialog,
} from './support/portal';

/**
 * Issue 26 / decision 0078: the first screen of every portal route is in the HTML the server
 * sends, in the brand the host chooses and with the data it shows (the form's master data, the
 * privacy notice's settings); a browser without JavaScript shows it; with JavaScript the page is
 * hydrated (no warning, the server's nodes kept, nothing asked for again) and goes on. Forms cannot
 * be sent by the browser itself before then, and a token in the address is in no page.
 */

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

const STEP_0 = 'Selecciona el tipo de denuncia que quieres ingresar';
const CATEGORY = /^III\. INFRACCIONES AL CÓDIGO DE ÉTICA$/;
const TYPE = 'Uso indebido de recursos de la organización';
const CLINIC = organizationBySegment('clinica-atacama')!;

/** The HTML of `pathname` as a plain HTTP client gets it (no JavaScript), for the host `host`. */
function html(
  pathname: string,
  host = 'localhost',
): Promise<{ status: number; body: string; headers: IncomingHttpHeaders }> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      { host: '127.0.0.1', port: inject('port'), path: pathname, headers: { host } },
      (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (body += chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body, headers: res.headers }));
      },
    );
    req.on('error', reject);
    req.end();
  });
}

const primaryOf = (org: typeof HEAD_OFFICE) => themeCssVariables(org.theme)['--color-primary']!;

const RESET_TOKEN = 'tokenDePruebaRestablecer0123456789';
const CONFIRM_TOKEN = 'tokenDePruebaConfirmar0123456789';

/**
 * The other portal routes: their address, their level-one heading (also their tab title's page
 * name, before the organisation's) and a text of their content.
 */
const ROUTES = [
  { path: '/activar-denuncia', heading: 'Activar denuncia', text: 'Crear su contraseña' },
  {
    path: `/restablecer-contrasena/${RESET_TOKEN}`,
    heading: 'Restablecer contraseña',
    text: 'Ingrese la nueva contraseña para consultar su denuncia.',
  },
  {
    path: `/confirmar-correo/${CONFIRM_TOKEN}`,
    heading: 'Confirmar correo de contacto',
    text: 'Presione el botón para usar esta dirección como correo de contacto',
  },
  {
    path: '/aviso-de-privacidad',
    heading: 'Aviso de privacidad',
    text: 'Quién es responsable de sus datos',
  },
  { path: '/verificar-documento', heading: 'Verificar documento', text: 'Documento (PDF o ZIP)' },
  { path: '/no-existe-esta-pagina', heading: '404 - Not Found', text: 'Volver al inicio' },
] as const;

const DETAIL = '/detalle-denuncia/123456789012';

/** Each page's own tab title (the browser's, use-tab-title.ts), which the server writes too. */
const TITLES: Record<string, string> = {
  '/': 'Canal de denuncias',
  '/ingresar-denuncia': 'Ingresar denuncia',
  [DETAIL]: 'Resumen denuncia',
  ...Object.fromEntries(ROUTES.map((route) => [route.path, route.heading])),
  // A path no page has keeps the home page's title (its own would cost the first load a chunk).
  '/no-existe-esta-pagina': 'Canal de denuncias',
};
const titleOf = (pathname: string, org: typeof HEAD_OFFICE = HEAD_OFFICE) =>
  `${TITLES[pathname]} | ${org.shortName}`;

describe('the first screen without JavaScript (plain HTTP)', () => {
  it('writes the home page with its blocks in the head office brand', async () => {
    const { status, body } = await html('/');
    expect(status).toBe(200);
    expect(body).toContain('<div id="root" data-ssr>');
    expect(body).toContain('Puede ingresar su denuncia de forma identificada o anónima');
    expect(body).toContain('He leído y acepto los términos y condiciones');
    expect(body).toContain('Código de denuncia');
    expect(body).toContain(`--brand-primary:${primaryOf(HEAD_OFFICE)}`);
    expect(body).toContain(`<title>${titleOf('/')}</title>`);
  });

  it("writes the new-complaint page's first step with the organisation's categories", async () => {
    const { status, body } = await html('/ingresar-denuncia');
    expect(status).toBe(200);
    expect(body).toContain(STEP_0);
    expect(body).toContain('III. INFRACCIONES AL CÓDIGO DE ÉTICA');
    // The lists the first step read, for the browser to take over without asking again.
    expect(body).toMatch(
      /<script type="application\/json" id="canal-primera-pantalla">\{"masterData":\{"categories":\[/,
    );
  });

  it('asks for the code of a page it wrote whole once that page has painted (arranque.js)', async () => {
    for (const pathname of ['/', '/ingresar-denuncia']) {
      const { body } = await html(pathname);
      expect(body).toMatch(
        /<script src="\/arranque\.js" defer data-entrada="\/assets\/index-[\w-]+\.js"/,
      );
      expect(body).not.toContain('type="module"');
    }
    // The detail page's complaint needs the code: asked for at once.
    expect((await html('/detalle-denuncia/123456789012')).body).toMatch(
      /<script type="module" crossorigin src="\/assets\/index-[\w-]+\.js">/,
    );
  });

  it("writes the detail page's frame and loading view (its complaint is the tab's session's)", async () => {
    const { status, body } = await html(DETAIL);
    expect(status).toBe(200);
    expect(body).toContain('<div id="root" data-ssr>');
    expect(body).toContain('Cargando');
    expect(body).toContain('id="contenido"');
    // The page's title, never its code (the browser's history keeps titles).
    expect(body).toContain(`<title>${titleOf(DETAIL)}</title>`);
    expect(body).not.toMatch(/<title>[^<]*123456789012/);
    // Its reads start from the frame (decision 0079), with the host's organisation and the worker.
    expect((await html(DETAIL, 'clinica-atacama.localhost')).body).toMatch(
      new RegExp(
        `<script src="/lectura-temprana\\.js" async data-trabajador="/assets/altcha\\.worker-[\\w-]+\\.js" data-filial="${CLINIC.id}"`,
      ),
    );
  });

  it('writes every other portal route with its content, and a 404 page for an unknown path', async () => {
    for (const route of ROUTES) {
      const { status, body, headers } = await html(route.path);
      expect(status, route.path).toBe(route.path === '/no-existe-esta-pagina' ? 404 : 200);
      expect(body, route.path).toContain('<div id="root" data-ssr>');
      expect(body, route.path).toContain(`>${route.heading}</h1>`);
      expect(body, route.path).toContain(route.text);
      expect(body, route.path).toContain(`--brand-primary:${primaryOf(HEAD_OFFICE)}`);
      // The page's own tab title (never the token of its address).
      expect(body, route.path).toContain(`<title>${titleOf(route.path)}</title>`);
      // The footer (a lazy part) is in the page too.
      expect(body, route.path).toContain('<footer');
      expect(headers['cache-control'], route.path).toBe(
        route.path.includes('tokenDePrueba') ? 'no-store' : 'no-cache',
      );
    }
  });

  it('writes no token of the address into the page, and no form the browser could send itself', async () => {
    const reset = await html(`/restablecer-contrasena/${RESET_TOKEN}`);
    const confirm = await html(`/confirmar-correo/${CONFIRM_TOKEN}`);
    expect(reset.body).not.toContain(RESET_TOKEN);
    expect(confirm.body).not.toContain(CONFIRM_TOKEN);
    const activate = await html('/activar-denuncia');
    for (const { body } of [reset, activate]) {
      // Every field disabled, and no submit button, until the page's code has taken it over.
      const inputs = body.match(/<input[^>]*>/g) ?? [];
      expect(inputs.length).toBeGreaterThan(1);
      for (const input of inputs) expect(input).toMatch(/ disabled=""/);
      expect(body).not.toMatch(/<button[^>]*type="submit"/);
    }
    const verify = await html('/verificar-documento');
    expect(verify.body).toMatch(/<input type="file"[^>]* disabled=""/);
    // The confirmation's button waits for the code too: a press before would do nothing.
    expect(confirm.body).toMatch(
      /<button[^>]* disabled=""[^>]*>Confirmar mi nuevo correo<\/button>/,
    );
  });

  it("writes the privacy notice with the organisation's own settings, for the browser to take over", async () => {
    const { body } = await html(
      '/aviso-de-privacidad',
      `clinica-atacama.localhost:${inject('port')}`,
    );
    expect(body).toContain(`El responsable es <strong>${CLINIC.shortName}</strong>`);
    expect(body).toContain('durante<!-- --> <strong>5<!-- --> <!-- -->años</strong>');
    expect(body).toMatch(
      /<script type="application\/json" id="canal-primera-pantalla">\{"privacyNotice":\{"organizationId":"/,
    );
  });

  it("writes the terms dialog of /ingresar-denuncia opened directly: its text is the first screen's", async () => {
    const { body } = await html('/ingresar-denuncia');
    // A modal dialog named by its title, in the HTML itself (Radix names it only once mounted).
    const dialog = /<div role="dialog"[^>]*>/.exec(body)?.[0] ?? '';
    expect(dialog).toContain('aria-modal="true"');
    const titleId = /aria-labelledby="([^"]+)"/.exec(dialog)?.[1];
    expect(body).toMatch(new RegExp(`<h2 id="${titleId}"[^>]*>Términos y condiciones</h2>`));
    expect(body).toContain('Al finalizar el ingreso deberá crear una contraseña');
  });

  it("writes a clinic's host in the clinic's brand", async () => {
    const clinicHost = `clinica-atacama.localhost:${inject('port')}`;
    for (const pathname of Object.keys(TITLES)) {
      const { body } = await html(pathname, clinicHost);
      expect(body, pathname).toContain(`--brand-primary:${primaryOf(CLINIC)}`);
      expect(body, pathname).toContain(`<title>${titleOf(pathname, CLINIC)}</title>`);
    }
    expect(primaryOf(CLINIC)).not.toBe(primaryOf(HEAD_OFFICE));
  });
});

describe('the first screen in Chromium', () => {
  it('shows the content with JavaScript disabled', async () => {
    const context = await browser.newContext({ javaScriptEnabled: false, locale: 'es-CL' });
    const page = await context.newPage();
    await page.goto(portalUrl('clinica-atacama'));
    await page.getByRole('heading', { name: 'Canal de denuncias', level: 1 }).waitFor();
    expect(await page.getByLabel('Código de denuncia').isVisible()).toBe(true);
    expect(await page.title()).toBe(titleOf('/', CLINIC));
    await page.goto(portalUrl(null, '/ingresar-denuncia'));
    await page.getByRole('heading', { name: STEP_0 }).waitFor();
    expect(await page.title()).toBe(titleOf('/ingresar-denuncia'));
    expect(await page.getByRole('button', { name: CATEGORY }).isVisible()).toBe(true);
    // Opened directly, the page asks for the terms first: the dialog is there without JavaScript.
    const terms = page.getByRole('dialog', { name: 'Términos y condiciones' });
    expect(await terms.getByText('Consideraciones').isVisible()).toBe(true);
    for (const route of ROUTES) {
      await page.goto(portalUrl('clinica-atacama', route.path));
      await page.getByRole('heading', { name: route.heading, level: 1 }).waitFor();
      expect(await page.getByText(route.text).first().isVisible(), route.path).toBe(true);
      expect(await page.title(), route.path).toBe(titleOf(route.path, CLINIC));
    }
    // The detail page's frame, named as the page that will show the complaint.
    await page.goto(portalUrl('clinica-atacama', DETAIL));
    await page.locator('#contenido').waitFor();
    expect(await page.title()).toBe(titleOf(DETAIL, CLINIC));
    // The reset form is there, and cannot be used (nor sent) without the page's code.
    await page.goto(portalUrl(null, `/restablecer-contrasena/${RESET_TOKEN}`));
    expect(await page.getByLabel('Nueva contraseña', { exact: true }).isDisabled()).toBe(true);
    await page.getByRole('button', { name: 'Guardar contraseña' }).click();
    await page.waitForLoadState();
    expect(page.url()).toBe(portalUrl(null, `/restablecer-contrasena/${RESET_TOKEN}`));
    await context.close();
  });

  /**
   * Console errors and warnings, the master-data requests, whether the server's <main> stayed, and
   * the tab titles the page has had, in order, from the HTML's on.
   */
  async function watched(page: Page) {
    const messages: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error' || message.type() === 'warning')
        messages.push(`${message.type()}: ${message.text()}`);
    });
    const masterData: string[] = [];
    // The portal's stylesheet is inline in a page the server wrote: never asked for again.
    const stylesheets: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/v1/datos-maestros/')) masterData.push(request.url());
      if (/\/assets\/index-[\w-]+\.css$/.test(request.url())) stylesheets.push(request.url());
    });
    // Before the page's scripts run: the <main> the server wrote.
    await page.addInitScript(() => {
      document.addEventListener('readystatechange', () => {
        if (document.readyState === 'interactive')
          (window as unknown as { serverMain: unknown }).serverMain =
            document.getElementById('contenido');
      });
    });
    const serverMainKept = () =>
      page.evaluate(
        () =>
          (window as unknown as { serverMain: unknown }).serverMain ===
          document.getElementById('contenido'),
      );
    await page.addInitScript(() => {
      const seen = window as unknown as { titles: string[] };
      seen.titles = [];
      new MutationObserver(() => {
        if (document.title && seen.titles.at(-1) !== document.title)
          seen.titles.push(document.title);
      }).observe(document, { subtree: true, childList: true, characterData: true });
    });
    const titles = () => page.evaluate(() => (window as unknown as { titles: string[] }).titles);
    return { messages, masterData, stylesheets, serverMainKept, titles };
  }

  it('hydrates /ingresar-denuncia without warnings or asking for the lists again, and the form goes on', async () => {
    const { page, context } = await newPage(browser, 390, 844);
    const { messages, masterData, stylesheets, serverMainKept, titles } = await watched(page);
    await page.goto(portalUrl(null, '/ingresar-denuncia'));
    // Opened directly, the page asks for the terms first (issue 22), in a dialog the server wrote:
    // once the page's code has taken it over (the focus in it), the page is the browser's.
    const terms = await hydratedTermsDialog(page);
    expect(await serverMainKept()).toBe(true);
    // The tab had the page's title from the HTML on, never the home page's before hydration.
    expect(await titles()).toEqual([titleOf('/ingresar-denuncia')]);
    expect(masterData).toEqual([]);
    await terms.getByRole('button', { name: 'Aceptar' }).click();
    await terms.waitFor({ state: 'detached' });
    await chooseComplaintType(page, CATEGORY, TYPE);
    await goToStep1(page);
    await page.getByLabel('Descripción de los hechos', { exact: true }).fill('Hechos de prueba.');
    expect(masterData).toEqual([]);
    // Step 1's lazy parts (the fields, the file drop zone) name it as theirs: found, not fetched.
    expect(stylesheets).toEqual([]);
    expect(messages).toEqual([]);
    expect(await cspViolations(page)).toEqual([]);
    await context.close();
  });

  it("paints /ingresar-denuncia's terms dialog before hydration, for good, and hydrates that same dialog (focus, axe, Esc)", async () => {
    const { page, context } = await newPage(browser, 390, 844);
    const { messages } = await watched(page);
    // The page's largest paints, and when the hydrated dialog took the focus.
    await page.addInitScript(() => {
      const seen = window as unknown as {
        paints: number[];
        hydratedAt?: number;
        written?: Element | null;
      };
      seen.paints = [];
      // The dialog the server wrote, as the document is parsed.
      document.addEventListener('DOMContentLoaded', () => {
        seen.written = document.querySelector('[role="dialog"]');
      });
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries()) seen.paints.push(entry.startTime);
      }).observe({ type: 'largest-contentful-paint', buffered: true });
      document.addEventListener(
        'focusin',
        (event) => {
          if (seen.hydratedAt === undefined && (event.target as Element).closest('[role="dialog"]'))
            seen.hydratedAt = performance.now();
        },
        true,
      );
    });
    await page.goto(portalUrl(null, '/ingresar-denuncia'));
    const terms = await hydratedTermsDialog(page);
    await page.waitForTimeout(500);
    const { paints, hydratedAt, same } = await page.evaluate(() => {
      const seen = window as unknown as {
        paints: number[];
        hydratedAt: number;
        written: Element | null;
      };
      const now = document.querySelector('[role="dialog"]');
      return {
        paints: seen.paints,
        hydratedAt: seen.hydratedAt,
        same: !!now && now === seen.written,
      };
    });
    // The server's dialog is the one hydrated, not drawn again (issue 26: that was a long task).
    expect(same).toBe(true);
    // The largest paint is the server's (the terms included): nothing larger after hydration.
    expect(paints.length).toBeGreaterThan(0);
    expect(Math.max(...paints)).toBeLessThan(hydratedAt);
    // The page behind it is hidden from assistive technology.
    expect(await page.getByRole('heading', { name: STEP_0 }).count()).toBe(0);
    await expectNoAxeViolations(terms, '/ingresar-denuncia, términos');
    // Tab stays in the dialog; Esc cancels, which goes home.
    for (let i = 0; i < 6; i++) {
      await page.keyboard.press('Tab');
      expect(await terms.evaluate((el) => el.contains(document.activeElement))).toBe(true);
    }
    await page.keyboard.press('Escape');
    await page.waitForURL(portalUrl(null, '/'));
    expect(messages).toEqual([]);
    await context.close();
  });

  it("asks for the page's code only once its first contentful paint is on the screen (arranque.js)", async () => {
    const { page, context } = await newPage(browser, 390, 844);
    for (const pathname of ['/', '/ingresar-denuncia']) {
      await page.goto(portalUrl(null, pathname));
      await page.waitForFunction(() =>
        performance
          .getEntriesByType('resource')
          .some((e) => /\/assets\/index-[\w-]+\.js$/.test(e.name)),
      );
      const { painted, asked } = await page.evaluate(() => ({
        painted: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? NaN,
        asked: performance
          .getEntriesByType('resource')
          .find((e) => /\/assets\/index-[\w-]+\.js$/.test(e.name))!.startTime,
      }));
      expect(painted, pathname).toBeGreaterThan(0);
      expect(asked, pathname).toBeGreaterThanOrEqual(painted);
    }
    await context.close();
  });

  it('hydrates every other portal route without warnings, keeping the server nodes and asking nothing again', async () => {
    const { page, context } = await newPage(browser, 390, 844);
    const { messages, serverMainKept, titles } = await watched(page);
    const privacy: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/v1/aviso-privacidad')) privacy.push(request.url());
    });
    for (const route of ROUTES) {
      await page.goto(portalUrl(null, route.path));
      await page.getByRole('heading', { name: route.heading, level: 1 }).waitFor();
      await expect
        .poll(() =>
          page.evaluate(() =>
            Object.keys(document.getElementById('contenido')!).some((key) =>
              key.startsWith('__reactFiber'),
            ),
          ),
        )
        .toBe(true);
      expect(await serverMainKept(), route.path).toBe(true);
      expect(await titles(), route.path).toEqual([titleOf(route.path)]);
    }
    expect(privacy).toEqual([]);
    // The 404 page's own status is reported by the browser; nothing else.
    const notFound = /status of 404/;
    expect(messages.filter((message) => !notFound.test(message))).toEqual([]);
    messages.length = 0;
    // Hydrated, the reset form works: its fields take what is typed.
    await page.goto(portalUrl(null, `/restablecer-contrasena/${RESET_TOKEN}`));
    const password = page.getByLabel('Nueva contraseña', { exact: true });
    await expect.poll(() => password.isEnabled()).toBe(true);
    await password.fill('abc');
    await page.getByText('* La contraseña debe contener al menos un número.').waitFor();
    expect(messages).toEqual([]);
    expect(await cspViolations(page)).toEqual([]);
    await context.close();
  });

  it('hydrates / without warnings, and its terms lead to the form', async () => {
    const { page, context } = await newPage(browser, 390, 844);
    const { messages, serverMainKept, titles } = await watched(page);
    await page.goto(portalUrl('clinica-atacama'));
    const checkbox = page.getByRole('checkbox', {
      name: 'He leído y acepto los términos y condiciones',
    });
    // React has taken over the server's checkbox (hydrated) before it is clicked.
    await expect
      .poll(() =>
        checkbox.evaluate((el) => Object.keys(el).some((key) => key.startsWith('__reactFiber'))),
      )
      .toBe(true);
    await checkbox.click();
    expect(await serverMainKept()).toBe(true);
    expect(await titles()).toEqual([titleOf('/', CLINIC)]);
    const terms = page.getByRole('dialog', { name: 'Términos y condiciones' });
    await terms.getByRole('button', { name: 'Aceptar' }).click();
    await terms.waitFor({ state: 'detached' });
    await page.getByRole('button', { name: 'Ingresar denuncia' }).click();
    await page.waitForURL('**/ingresar-denuncia');
    await page.getByRole('heading', { name: STEP_0 }).waitFor();
    await page.getByRole('button', { name: CATEGORY }).waitFor();
    expect(messages).toEqual([]);
    await context.close();
  });
});

describe("the detail page's complaint (issue 26)", () => {
  it("is asked for before the page's code has arrived, once, with no GET /v1/configuracion", async () => {
    const { page, context } = await newPage(browser, 390, 844);
    const seenBefore: string[] = [];
    page.on('request', (request) => seenBefore.push(new URL(request.url()).pathname));
    await page.goto(portalUrl());
    const code = await fileAnonymousComplaint(
      page,
      'detalle-temprano@example.com',
      'Clave#2025',
      'Hechos leídos mientras llega el código de la página.',
    );
    const complaintPath = `/v1/denuncias/${code}`;
    // The page the filing landed on has asked for its files before the reload is counted.
    await expect.poll(() => seenBefore.includes(`${complaintPath}/adjuntos`)).toBe(true);
    const asked: string[] = [];
    let complaintAsked!: () => void;
    const askedOnce = new Promise<boolean>((resolve) => {
      complaintAsked = () => resolve(true);
      setTimeout(() => resolve(false), 10_000);
    });
    const configAsked: string[] = [];
    page.on('request', (request) => {
      const { pathname } = new URL(request.url());
      if (pathname === '/v1/configuracion') configAsked.push(pathname);
      if (pathname === complaintPath || pathname === `${complaintPath}/adjuntos`) {
        asked.push(pathname);
        if (pathname === complaintPath) complaintAsked();
      }
    });
    // Opened again from its address, with the tab's session: the page's entry chunk is held until
    // the complaint's GET has left (or 10 s: without the frame's lectura-temprana.js, decision
    // 0079, the GET waits for the page's code).
    const before: boolean[] = [];
    await page.route(/\/assets\/index-[\w-]+\.js$/, async (route) => {
      before.push(await askedOnce);
      await route.continue();
    });
    await page.reload();
    await page.getByText('Código de denuncia:').waitFor();
    await page.getByRole('heading', { name: 'Archivos adjuntos' }).waitFor();
    expect(before).toEqual([true]);
    // Taken by the page, not asked again: the complaint once, then its files.
    await expect.poll(() => asked).toEqual([complaintPath, `${complaintPath}/adjuntos`]);
    // The bot check's mode came with the page (its canal-config meta): its tokens did not wait for
    // GET /v1/configuracion (issue 26).
    expect(configAsked).toEqual([]);
    await context.close();
  });

  it("starts loading the proof of work's worker while its challenge is asked for", async () => {
    const { page, context } = await newPage(browser, 390, 844);
    let workerAsked!: () => void;
    const workerLoading = new Promise<boolean>((resolve) => {
      workerAsked = () => resolve(true);
      setTimeout(() => resolve(false), 10_000);
    });
    context.on('request', (request) => {
      if (/\/assets\/altcha\.worker-[^/]*\.js$/.test(new URL(request.url()).pathname))
        workerAsked();
    });
    // The first challenge's answer is held until the worker's script has been asked for (or 10 s:
    // without the change the worker is created only once the challenge has arrived).
    const before: boolean[] = [];
    await page.route(/\/v1\/altcha$/, async (route) => {
      before.push(await workerLoading);
      await route.continue();
    });
    await page.goto(portalUrl());
    await fileAnonymousComplaint(
      page,
      'trabajador-temprano@example.com',
      'Clave#2025',
      'Hechos enviados con la verificación resuelta antes.',
    );
    expect(before[0]).toBe(true);
    await context.close();
  });
});
