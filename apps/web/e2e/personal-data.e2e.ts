import { readFile } from 'node:fs/promises';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newPage, portalUrl, waitForMail } from './support/browser';
import { block } from './support/detail';
import { expectNoAxeViolations, fileAnonymousComplaint, signIn } from './support/portal';

/**
 * Law 21.719 on the detail page (issue 19), in Chromium: the complainant downloads their data as a
 * JSON file, and corrects their contact e-mail through the link the local mailbox receives at the
 * new address.
 */

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

const STAMP = Date.now();
const EMAIL = `datos.${STAMP}@correo.cl`;
const NEW_EMAIL = `nuevo.${STAMP}@correo.cl`;
const PASSWORD = 'Datos#2026';
const DESCRIPTION = 'Se usan las tarjetas de combustible de la empresa para viajes personales.';

/** Where the page stands, printed, so that a timeout says which step it was waiting on. */
const step = (what: string) => console.info(`[datos personales] ${what}`);

/** Signs in from the home page and waits for the detail's "Sus datos personales". */
async function openDetail(page: Page) {
  await page.goto(portalUrl());
  await signIn(page, code, PASSWORD);
  await page.waitForURL(`**/detalle-denuncia/${code}`, { timeout: 60_000 });
  const section = block(page, 'Sus datos personales');
  await section.waitFor();
  return section;
}

/** The JSON the download button saves. */
async function downloadData(page: Page, section: Locator) {
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    section.getByRole('button', { name: 'Descargar mis datos (JSON)' }).click(),
  ]);
  expect(download.suggestedFilename()).toBe(`mis-datos-${code}.json`);
  return JSON.parse(await readFile((await download.path())!, 'utf8'));
}

let code = '';
// The machine is shared: each step has room beyond the suite's two minutes.
const ROOM = 240_000;

describe('the complainant’s own data', () => {
  it(
    'files a complaint with an e-mail',
    async () => {
      const { page, context } = await newPage(browser);
      await page.goto(portalUrl());
      code = await fileAnonymousComplaint(page, EMAIL, PASSWORD, DESCRIPTION);
      step(`denuncia ${code} ingresada`);
      await context.close();
    },
    ROOM,
  );

  it(
    'downloads their data as a JSON file',
    async () => {
      expect(code).not.toBe('');
      const { page, context } = await newPage(browser);
      const section = await openDetail(page);
      await expectNoAxeViolations(section, 'el bloque de sus datos personales');
      const data = await downloadData(page, section);
      expect(data.formato).toBe('canal-denuncias/datos-personales/1');
      expect(data.codigo_denuncia).toBe(Number(code));
      expect(data.denuncia.descripcion_hecho).toBe(DESCRIPTION);
      expect(data.denuncia.email).toBe(EMAIL);
      expect(data.bitacora.length).toBeGreaterThan(0);
      expect(Array.isArray(data.archivos)).toBe(true);
      await context.close();
    },
    ROOM,
  );

  it(
    'corrects their e-mail from the link sent to the new address',
    async () => {
      expect(code).not.toBe('');
      const { page, context } = await newPage(browser);
      const section = await openDetail(page);
      // A new address: a link goes to it, and nothing changes until it is opened.
      await section.getByLabel('Nuevo correo de contacto').fill(NEW_EMAIL);
      await section.getByRole('button', { name: 'Cambiar correo' }).click();
      await section
        .getByRole('status')
        .filter({ hasText: 'Le enviamos un enlace a la nueva dirección' })
        .waitFor({ timeout: 60_000 });
      step('cambio pedido');
      const mail = await waitForMail(
        (m) =>
          m.to.includes(NEW_EMAIL) && m.subject.includes('Confirme su nuevo correo de contacto'),
        90_000,
      );
      expect(mail.text).toContain(code);
      expect(mail.text).not.toContain(DESCRIPTION);
      const link = /https?:\/\/\S+\/confirmar-correo\/[A-Za-z0-9_-]+/.exec(mail.text)?.[0];
      expect(link, mail.text).toBeDefined();

      const confirmPage = await context.newPage();
      await confirmPage.goto(link!);
      await confirmPage.getByRole('button', { name: 'Confirmar mi nuevo correo' }).click();
      await confirmPage
        .getByRole('status')
        .filter({ hasText: 'Su correo de contacto fue actualizado.' })
        .waitFor({ timeout: 60_000 });
      await expectNoAxeViolations(confirmPage, 'la página de confirmar correo');
      step('cambio confirmado');

      // Back on the detail page: the log says so, and the next copy carries the new address.
      await page.reload();
      await block(page, 'Bitácora')
        .getByText('Correo de contacto actualizado')
        .waitFor({ timeout: 60_000 });
      const data = await downloadData(page, block(page, 'Sus datos personales'));
      expect(data.denuncia.email).toBe(NEW_EMAIL);
      await context.close();
    },
    ROOM,
  );
});
