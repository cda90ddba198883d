import { readFile } from 'node:fs/promises';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newPage, portalUrl, waitForMail } from './support/browser';
import { block } from './support/detail';
import { expectNoAxeViolations, fileAnonymousComplaint } from './support/portal';

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

describe('the complainant’s own data', () => {
  it('downloads their data as JSON and corrects their e-mail from the link sent to the new address', async () => {
    const { page, context } = await newPage(browser);
    await page.goto(portalUrl());
    const code = await fileAnonymousComplaint(page, EMAIL, PASSWORD, DESCRIPTION);
    const section = block(page, 'Sus datos personales');
    await section.waitFor();
    await expectNoAxeViolations(section, 'el bloque de sus datos personales');

    // The machine-readable copy: what they gave, their log, their files.
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      section.getByRole('button', { name: 'Descargar mis datos (JSON)' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe(`mis-datos-${code}.json`);
    const data = JSON.parse(await readFile((await download.path())!, 'utf8'));
    expect(data.formato).toBe('canal-denuncias/datos-personales/1');
    expect(data.codigo_denuncia).toBe(Number(code));
    expect(data.denuncia.descripcion_hecho).toBe(DESCRIPTION);
    expect(data.denuncia.email).toBe(EMAIL);
    expect(data.bitacora.length).toBeGreaterThan(0);
    expect(Array.isArray(data.archivos)).toBe(true);

    // A new address: a link goes to it, and nothing changes until it is opened.
    await section.getByLabel('Nuevo correo de contacto').fill(NEW_EMAIL);
    await section.getByRole('button', { name: 'Cambiar correo' }).click();
    await section
      .getByRole('status')
      .filter({ hasText: 'Le enviamos un enlace a la nueva dirección' })
      .waitFor({ timeout: 30_000 });
    const mail = await waitForMail(
      (m) => m.to.includes(NEW_EMAIL) && m.subject.includes('Confirme su nuevo correo de contacto'),
      60_000,
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
      .waitFor({ timeout: 30_000 });
    await expectNoAxeViolations(confirmPage, 'la página de confirmar correo');

    // Back on the detail page: the log says so, and the next copy carries the new address.
    await page.reload();
    await block(page, 'Bitácora')
      .getByText('Correo de contacto actualizado')
      .waitFor({ timeout: 30_000 });
    const [again] = await Promise.all([
      page.waitForEvent('download'),
      block(page, 'Sus datos personales')
        .getByRole('button', { name: 'Descargar mis datos (JSON)' })
        .click(),
    ]);
    expect(JSON.parse(await readFile((await again.path())!, 'utf8')).denuncia.email).toBe(
      NEW_EMAIL,
    );
    await context.close();
  });
});
