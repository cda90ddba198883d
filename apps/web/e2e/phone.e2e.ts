import { mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HEAD_OFFICE, MESSAGES } from '@canal/shared';
import { launchBrowser, newPage, portalUrl } from './support/browser';
import {
  acceptTermsAndStart,
  choose,
  chooseComplaintType,
  expectNoAxeViolations,
  fillAnonymousComplaint,
  hydratedTermsDialog,
  goToStep1,
  pickFiles,
} from './support/portal';

/**
 * Issue 22, "the complainant on a phone", in Chromium at 375 px (and 1280 px where the width
 * matters): a save error in a dialog is brought into view and focused; "Guardando denuncia" fits;
 * /ingresar-denuncia opened directly asks for the terms; every page has its own tab title; the
 * calendar and the password fields speak Spanish to a screen reader. Screenshots go to a temporary
 * folder for a human to look at (they are not compared).
 */

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

const PHONE = { width: 375, height: 812 };
const SHOTS = path.join(process.env.E2E_SCREENSHOTS ?? tmpdir(), 'canal-e2e-capturas');
mkdirSync(SHOTS, { recursive: true });
const BRAND = HEAD_OFFICE.shortName;
const SAVE_DIALOG = 'Generar contraseña de recuperación y seguimiento';
const CATEGORY = /^III\. INFRACCIONES AL CÓDIGO DE ÉTICA$/;
const TYPE = 'Uso indebido de recursos de la organización';

/** The box of `target` lies inside the viewport (not below the fold, not off to a side). */
async function expectOnScreen(page: Page, target: Locator, what: string) {
  const box = (await target.boundingBox())!;
  const { width, height } = page.viewportSize()!;
  expect(box.x, `${what}: empieza dentro de la pantalla`).toBeGreaterThanOrEqual(0);
  expect(box.y, `${what}: empieza dentro de la pantalla`).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width, `${what}: termina dentro del ancho`).toBeLessThanOrEqual(width);
  expect(box.y + box.height, `${what}: termina sobre el borde inferior`).toBeLessThanOrEqual(
    height,
  );
}

/** Nothing inside `dialog` sticks out of it sideways, and it scrolls nothing sideways. */
async function expectFitsWidth(dialog: Locator, what: string) {
  const overflow = await dialog.evaluate((root) => {
    const right = root.getBoundingClientRect().right;
    const out = [...root.querySelectorAll('*')]
      .filter((e) => e.getBoundingClientRect().right > right + 0.5)
      .map((e) => `${e.tagName.toLowerCase()} «${(e.textContent ?? '').slice(0, 40)}»`);
    // A visually hidden element (a screen reader's status line: a 1 px box that clips its text)
    // is not seen, so it cannot make the person scroll.
    const hidden = (e: Element) =>
      getComputedStyle(e).clipPath === 'inset(50%)' || (e.clientWidth <= 1 && e.clientHeight <= 1);
    const sideways = [root, ...root.querySelectorAll('*')].filter(
      (e) =>
        e.scrollWidth > e.clientWidth + 1 &&
        getComputedStyle(e).overflowX !== 'visible' &&
        !hidden(e),
    );
    return [...out, ...sideways.map((e) => `${e.tagName.toLowerCase()} se desplaza de lado`)];
  });
  expect(overflow, what).toEqual([]);
}

/** A file named .pdf that is not a PDF: the browser lets it through, the server refuses it. */
const NOT_A_PDF = {
  name: 'respaldo.pdf',
  mimeType: 'application/pdf',
  buffer: Buffer.from('Esto no es un PDF, es texto.\n'.repeat(20)),
};

/** A real (minimal) PDF of about `kib` KiB, so that its upload takes a while on a slow line. */
const pdfOf = (name: string, kib: number) => ({
  name,
  mimeType: 'application/pdf',
  buffer: Buffer.concat([
    Buffer.from('%PDF-1.4\n'),
    Buffer.from(`%${'x'.repeat(1022)}\n`.repeat(kib)),
    Buffer.from('%%EOF\n'),
  ]),
});

describe('at 375 px', () => {
  it('a save error in the dialog is scrolled into view and focused, not only announced', async () => {
    const { page, context } = await newPage(browser, PHONE.width, PHONE.height);
    try {
      await page.goto(portalUrl());
      await acceptTermsAndStart(page);
      await chooseComplaintType(page, CATEGORY, TYPE);
      await goToStep1(page);
      await page
        .getByRole('checkbox', { name: '¿Desea permanecer en el anonimato para esta denuncia?' })
        .check();
      await choose(page, 'Relación con la organización');

      // The calendar is a dialog named in Spanish, and so is every control in it.
      await page.getByLabel('Fecha de ocurrencia de los hechos').click();
      const calendar = page.getByRole('dialog', { name: 'Elegir fecha' });
      await calendar.waitFor();
      const names = await calendar
        .locator('[aria-label], button, [role="gridcell"]')
        .evaluateAll((all) =>
          all.map((e) => e.getAttribute('aria-label') ?? (e.textContent ?? '').trim()),
        );
      expect(names.some((n) => n.startsWith('Elegir el'))).toBe(true);
      expect(
        names.filter((n) => /Choose|Date|Previous|Next|Not available|Month|Week/.test(n)),
      ).toEqual([]);
      await calendar
        .locator('.react-datepicker__day--001:not(.react-datepicker__day--outside-month)')
        .click();
      await page.keyboard.press('Escape');

      await choose(page, '¿Puede identificar a las personas involucradas?');
      await choose(page, '¿Cómo tomó conocimiento de los hechos?');
      await page
        .getByLabel('Descripción de los hechos', { exact: true })
        .fill(`Teléfono e2e ${Date.now()}: se usan vehículos de la empresa en fines personales.`);
      await choose(page, 'Zona de ocurrencia', 'Región Metropolitana de Santiago');
      await choose(page, 'Lugar de ocurrencia');
      await pickFiles(page, page, [NOT_A_PDF]);
      await page.getByRole('button', { name: 'Ingresar denuncia' }).click();

      const dialog = page.getByRole('dialog', { name: SAVE_DIALOG });
      await dialog.waitFor();
      const email = `telefono.${Date.now()}@correo.cl`;
      await dialog.getByLabel('Correo electrónico de contacto').fill(email);
      await dialog.getByLabel('Repetir correo electrónico').fill(email);
      await dialog.getByLabel('Contraseña', { exact: true }).fill('Telefono#2024');
      await dialog.getByLabel('Repetir contraseña').fill('Telefono#2024');
      // The password can be read back before saving: shown as text, then hidden again.
      const password = dialog.getByLabel('Contraseña', { exact: true });
      await dialog.getByRole('button', { name: 'Mostrar contraseña' }).first().click();
      expect(await password.getAttribute('type')).toBe('text');
      await dialog.getByRole('button', { name: 'Ocultar contraseña' }).click();
      expect(await password.getAttribute('type')).toBe('password');
      // Where a person pressing "Guardar denuncia" has the dialog: at its first field.
      await dialog.getByLabel('Correo electrónico de contacto').focus();
      await dialog.getByRole('button', { name: 'Guardar denuncia' }).click();

      const alert = dialog.getByRole('alert');
      await alert.waitFor({ timeout: 60_000 });
      expect(await alert.textContent()).toContain(MESSAGES.fileTypeNotAllowed);
      // Below the four fields, out of the dialog's scrolled body on a phone: brought into view
      // and given the focus, so a sighted person sees it and the keyboard goes on from it.
      await expect.poll(() => alert.evaluate((e) => e === document.activeElement)).toBe(true);
      await expectOnScreen(page, alert, 'el error de guardado');
      const body = await alert.evaluate((e) => {
        const box = e.getBoundingClientRect();
        const scroller = e.closest('[role="dialog"] .overflow-y-auto')!.getBoundingClientRect();
        return { top: box.top >= scroller.top - 1, bottom: box.bottom <= scroller.bottom + 1 };
      });
      expect(body, 'el error, dentro de la parte visible del diálogo').toEqual({
        top: true,
        bottom: true,
      });
      await page.screenshot({ path: path.join(SHOTS, '375-error-de-guardado.png') });
      await expectNoAxeViolations(page, 'el diálogo con su error a 375 px');
    } finally {
      await context.close();
    }
  });

  it('"Guardando denuncia" fits the screen, and the detail page has its own tab title', async () => {
    const { page, context } = await newPage(browser, PHONE.width, PHONE.height);
    try {
      await page.goto(portalUrl());
      await expect.poll(() => page.title()).toBe(`Canal de denuncias | ${BRAND}`);
      await (
        await fillAnonymousComplaint(
          page,
          `Guardando e2e ${Date.now()}: se retiran insumos sin registro.`,
          { files: [pdfOf('respaldo-grande.pdf', 400)] },
        )
      ).click();
      await expect.poll(() => page.title()).toBe(`Ingresar denuncia | ${BRAND}`);
      const dialog = page.getByRole('dialog', { name: SAVE_DIALOG });
      await dialog.waitFor();
      const email = `guardando.${Date.now()}@correo.cl`;
      await dialog.getByLabel('Correo electrónico de contacto').fill(email);
      await dialog.getByLabel('Repetir correo electrónico').fill(email);
      await dialog.getByLabel('Contraseña', { exact: true }).fill('Guardando#2024');
      await dialog.getByLabel('Repetir contraseña').fill('Guardando#2024');

      // A slow mobile line (real throttling in Chromium, nothing answered for the server): the
      // upload of the file takes a few seconds, long enough to look at the saving dialog.
      const cdp = await context.newCDPSession(page);
      await cdp.send('Network.emulateNetworkConditions', {
        offline: false,
        latency: 40,
        downloadThroughput: -1,
        uploadThroughput: 100 * 1024,
      });
      await dialog.getByRole('button', { name: 'Guardar denuncia' }).click();
      const saving = page.getByRole('dialog', { name: 'Guardando denuncia' });
      await saving.waitFor();
      await expectOnScreen(page, saving, 'el diálogo «Guardando denuncia»');
      await expectFitsWidth(saving, 'el diálogo «Guardando denuncia»');
      await expectOnScreen(page, saving.getByRole('progressbar'), 'la barra de progreso');
      await page.screenshot({ path: path.join(SHOTS, '375-guardando-denuncia.png') });
      // The same phone held sideways: 375 px high.
      await page.setViewportSize({ width: PHONE.height, height: PHONE.width });
      await expectOnScreen(page, saving, 'el diálogo «Guardando denuncia» en horizontal');
      await expectFitsWidth(saving, 'el diálogo «Guardando denuncia» en horizontal');
      await expectOnScreen(page, saving.getByRole('progressbar'), 'la barra, en horizontal');
      await page.screenshot({ path: path.join(SHOTS, '375-alto-guardando-denuncia.png') });
      await page.setViewportSize(PHONE);
      await cdp.send('Network.emulateNetworkConditions', {
        offline: false,
        latency: 0,
        downloadThroughput: -1,
        uploadThroughput: -1,
      });

      const done = page.getByRole('dialog', { name: 'Denuncia Ingresada' });
      await done.waitFor({ timeout: 60_000 });
      await expectFitsWidth(done, 'el diálogo «Denuncia Ingresada»');
      await done.getByRole('button', { name: 'Entendido' }).click();
      await page.getByRole('heading', { name: 'Resumen denuncia', level: 1 }).waitFor();
      // Never the code in the title: the browser's history keeps it after "Salir".
      await expect.poll(() => page.title()).toBe(`Resumen denuncia | ${BRAND}`);
    } finally {
      await context.close();
    }
  });
});

describe.each([375, 1280])('at %i px', (width) => {
  it('/ingresar-denuncia opened directly asks for the terms first', async () => {
    const { page, context } = await newPage(browser, width, width < 768 ? 812 : 900);
    try {
      await page.goto(portalUrl(null, '/ingresar-denuncia'));
      const terms = await hydratedTermsDialog(page);
      await expectOnScreen(page, terms.getByRole('button', { name: 'Aceptar' }), '«Aceptar»');
      await expectNoAxeViolations(page, `los términos sobre /ingresar-denuncia a ${width} px`);
      await expect.poll(() => page.title()).toBe(`Ingresar denuncia | ${BRAND}`);
      await terms.getByRole('button', { name: 'Aceptar' }).click();
      await terms.waitFor({ state: 'detached' });
      await page
        .getByRole('heading', { name: 'Selecciona el tipo de denuncia que quieres ingresar' })
        .waitFor();
      // Accepted for this entry of the history: a reload does not ask again. The server's page
      // cannot know the entry's state: arranque.js hides its content (the terms asked again)
      // until the page's code renders the form over it (decision 0078), so no frame shows them.
      await page.addInitScript(() => {
        const seen = { hiddenAtLoad: '', termsFrames: 0 };
        (window as unknown as { reloadSeen: typeof seen }).reloadSeen = seen;
        // The deferred scripts (arranque.js) have run by then.
        document.addEventListener('DOMContentLoaded', () => {
          const main = document.getElementById('contenido');
          seen.hiddenAtLoad = main ? getComputedStyle(main).visibility : '-';
          const until = performance.now() + 4000;
          const frame = () => {
            const dialog = document.querySelector('[role="dialog"]');
            if (dialog?.checkVisibility({ visibilityProperty: true })) seen.termsFrames++;
            if (performance.now() < until) requestAnimationFrame(frame);
          };
          requestAnimationFrame(frame);
        });
      });
      await page.reload();
      await terms.waitFor({ state: 'detached' });
      await page
        .getByRole('heading', { name: 'Selecciona el tipo de denuncia que quieres ingresar' })
        .waitFor();
      expect(await terms.count()).toBe(0);
      await page.waitForTimeout(500);
      const seen = await page.evaluate(
        () =>
          (window as unknown as { reloadSeen: { hiddenAtLoad: string; termsFrames: number } })
            .reloadSeen,
      );
      expect(seen).toEqual({ hiddenAtLoad: 'hidden', termsFrames: 0 });

      // A Law 21.643 type: why it cannot be anonymous, who sees the name, where else to go.
      await chooseComplaintType(page, /^I\. LEY N° 21\.643/, 'Acoso laboral');
      await goToStep1(page);
      const anonymous = page.getByRole('checkbox', {
        name: '¿Desea permanecer en el anonimato para esta denuncia?',
      });
      expect(await anonymous.isDisabled()).toBe(true);
      const notice = page.locator('#aviso-anonimato');
      expect(await notice.textContent()).toContain('exige identificar a la persona afectada');
      expect(await notice.textContent()).toContain(
        `solo los verá el equipo que investiga las denuncias de ${HEAD_OFFICE.nameWithArticle}`,
      );
      expect(await notice.textContent()).toContain('directamente en la Dirección del Trabajo');
      await expectNoAxeViolations(page, `el paso 1 de un tipo de la Ley 21.643 a ${width} px`);

      // Another direct opening (a new entry: the same address again is a reload) asks again;
      // "Cancelar" leads to the home page.
      await page.goto(portalUrl(null, '/restablecer-contrasena/otra-pagina'));
      await page.goto(portalUrl(null, '/ingresar-denuncia'));
      await hydratedTermsDialog(page);
      await terms.getByRole('button', { name: 'Cancelar' }).click();
      await page.waitForURL(portalUrl(null, '/'));
      await page.getByRole('heading', { name: 'Canal de denuncias', level: 1 }).waitFor();
      await expect.poll(() => page.title()).toBe(`Canal de denuncias | ${BRAND}`);
    } finally {
      await context.close();
    }
  });
});

it('every page has a tab title of its own', async () => {
  const { page, context } = await newPage(browser, PHONE.width, PHONE.height);
  try {
    const expectTitle = async (pathname: string, heading: string, title: string) => {
      await page.goto(portalUrl(null, pathname));
      await page.getByRole('heading', { name: heading, level: 1 }).waitFor();
      await expect.poll(() => page.title(), { message: pathname }).toBe(title);
    };
    await expectTitle('/', 'Canal de denuncias', `Canal de denuncias | ${BRAND}`);
    await expectTitle(
      '/restablecer-contrasena/enlace-de-prueba',
      'Restablecer contraseña',
      `Restablecer contraseña | ${BRAND}`,
    );
    await expectTitle(
      '/gestion/ingresar',
      'Ingresar a la gestión de casos',
      'Ingresar | Gestión de casos',
    );
    // The sign-in's password field can be shown too.
    await page.getByRole('button', { name: 'Mostrar contraseña' }).click();
    expect(await page.getByLabel('Contraseña', { exact: true }).getAttribute('type')).toBe('text');
    await expectTitle('/gestion/activar', 'Activar cuenta', 'Activar cuenta | Gestión de casos');

    // Moving inside the portal: each page puts its title, and the home page gets its own back.
    await page.goto(portalUrl());
    await acceptTermsAndStart(page);
    await expect.poll(() => page.title()).toBe(`Ingresar denuncia | ${BRAND}`);
    await page
      .getByRole('navigation', { name: 'Ruta de navegación' })
      .getByRole('link', { name: 'Inicio' })
      .click();
    await page.getByRole('heading', { name: 'Canal de denuncias', level: 1 }).waitFor();
    await expect.poll(() => page.title()).toBe(`Canal de denuncias | ${BRAND}`);
  } finally {
    await context.close();
  }
});
