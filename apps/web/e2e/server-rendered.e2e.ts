import { request as httpRequest } from 'node:http';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { HEAD_OFFICE, organizationBySegment, themeCssVariables } from '@canal/shared';
import { cspViolations, launchBrowser, newPage, portalUrl } from './support/browser';
import { chooseComplaintType, goToStep1 } from './support/portal';

/**
 * Issue 26 / decision 0078: the first screen of `/` and `/ingresar-denuncia` is in the HTML the
 * server sends, in the brand the host chooses and with the master data the first step shows; a
 * browser without JavaScript shows it; with JavaScript the page is hydrated (no warning, the
 * server's nodes kept, no master data asked for again) and the complaint flow goes on.
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
function html(pathname: string, host = 'localhost'): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      { host: '127.0.0.1', port: inject('port'), path: pathname, headers: { host } },
      (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (body += chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
      },
    );
    req.on('error', reject);
    req.end();
  });
}

const primaryOf = (org: typeof HEAD_OFFICE) => themeCssVariables(org.theme)['--color-primary']!;

describe('the first screen without JavaScript (plain HTTP)', () => {
  it('writes the home page with its blocks in the head office brand', async () => {
    const { status, body } = await html('/');
    expect(status).toBe(200);
    expect(body).toContain('<div id="root" data-ssr>');
    expect(body).toContain('Puede ingresar su denuncia de forma identificada o anónima');
    expect(body).toContain('He leído y acepto los términos y condiciones');
    expect(body).toContain('Código de denuncia');
    expect(body).toContain(`--brand-primary:${primaryOf(HEAD_OFFICE)}`);
    expect(body).toContain(`<title>Canal de denuncias | ${HEAD_OFFICE.shortName}</title>`);
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
    const { body } = await html('/arranque.js');
    expect(body).toContain('requestAnimationFrame');
    // The detail page's complaint needs the code: asked for at once.
    expect((await html('/detalle-denuncia/123456789012')).body).toMatch(
      /<script type="module" crossorigin src="\/assets\/index-[\w-]+\.js">/,
    );
  });

  it("writes the detail page's frame and loading view (its complaint is the tab's session's)", async () => {
    const { status, body } = await html('/detalle-denuncia/123456789012');
    expect(status).toBe(200);
    expect(body).toContain('<div id="root" data-ssr>');
    expect(body).toContain('Cargando');
    expect(body).toContain('id="contenido"');
  });

  it("writes a clinic's host in the clinic's brand", async () => {
    const clinicHost = `clinica-atacama.localhost:${inject('port')}`;
    for (const pathname of ['/', '/ingresar-denuncia']) {
      const { body } = await html(pathname, clinicHost);
      expect(body).toContain(`--brand-primary:${primaryOf(CLINIC)}`);
      expect(body).toContain(`<title>Canal de denuncias | ${CLINIC.shortName}</title>`);
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
    expect(await page.title()).toBe(`Canal de denuncias | ${CLINIC.shortName}`);
    await page.goto(portalUrl(null, '/ingresar-denuncia'));
    await page.getByRole('heading', { name: STEP_0 }).waitFor();
    expect(await page.getByRole('button', { name: CATEGORY }).isVisible()).toBe(true);
    await context.close();
  });

  /** Console errors and warnings, the master-data requests, and whether the server's <main> stayed. */
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
    return { messages, masterData, stylesheets, serverMainKept };
  }

  it('hydrates /ingresar-denuncia without warnings or asking for the lists again, and the form goes on', async () => {
    const { page, context } = await newPage(browser, 390, 844);
    const { messages, masterData, stylesheets, serverMainKept } = await watched(page);
    await page.goto(portalUrl(null, '/ingresar-denuncia'));
    // Opened directly, the page asks for the terms first (issue 22): once its dialog is there,
    // the page is the browser's.
    const terms = page.getByRole('dialog', { name: 'Términos y condiciones' });
    await terms.waitFor();
    expect(await serverMainKept()).toBe(true);
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

  it('hydrates / without warnings, and its terms lead to the form', async () => {
    const { page, context } = await newPage(browser, 390, 844);
    const { messages, serverMainKept } = await watched(page);
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
