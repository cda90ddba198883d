import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newPage, portalUrl } from './support/browser';
import { fileAnonymousComplaint, signIn } from './support/portal';

/**
 * A shared computer: after "Salir" neither the browser's Back button (however far back) nor the
 * old URL shows anything of the complaint, not even its type, and the tab keeps no token.
 */

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

const EMAIL = `salir.${Date.now()}@correo.cl`;
const PASSWORD = 'Salida#2024';
const MARKER = `Salida e2e ${Date.now()}`;
const DESCRIPTION = `${MARKER}: alguien retira dinero de la caja chica sin registrarlo en el libro.`;
// fileAnonymousComplaint's type, of group III.
const TYPE = 'Uso indebido de recursos de la organización';

describe('signing out of a complaint', () => {
  it('"Salir" ends the session: Back and the old URL show nothing of the complaint', async () => {
    const { page, context } = await newPage(browser);
    await page.goto(portalUrl());
    const code = await fileAnonymousComplaint(page, EMAIL, PASSWORD, DESCRIPTION);
    await page.getByText(MARKER).first().waitFor();

    // Back home and in again through the sign-in, as a person coming back later would.
    await page.getByRole('button', { name: 'Volver al inicio' }).click();
    await page.waitForURL(portalUrl(null, '/'));
    expect(await page.evaluate(() => sessionStorage.length)).toBe(0);
    await signIn(page, code, PASSWORD);
    await page.waitForURL(`**/detalle-denuncia/${code}`, { timeout: 30_000 });
    await page.getByText(MARKER).first().waitFor();
    const detailUrl = page.url();

    await page.getByRole('button', { name: 'Salir' }).click();
    await page.waitForURL(portalUrl(null, '/'));
    expect(await page.evaluate(() => sessionStorage.length)).toBe(0);

    await page.goBack();
    await page.getByRole('heading', { name: 'Canal de denuncias', level: 1 }).waitFor();
    expect(await page.getByText(MARKER).count()).toBe(0);
    expect(await page.getByText('Resumen denuncia').count()).toBe(0);

    // Back through the whole history of the tab, to the page it opened with (issue 22): the
    // form's steps show neither the type nor anything else of the complaint.
    const steps = await page.evaluate(() => history.length);
    for (let i = 1; i < steps; i++) {
      await page.goBack();
      const where = page.url();
      // Before the portal, the tab may have its first blank page.
      if (!where.startsWith(portalUrl())) break;
      if (where.endsWith('/ingresar-denuncia'))
        await page
          .getByRole('heading', { name: /^(Selecciona el tipo de denuncia|Tipo denuncia:)/ })
          .waitFor();
      else await page.getByRole('heading', { name: 'Canal de denuncias', level: 1 }).waitFor();
      expect(await page.getByText(TYPE).count(), where).toBe(0);
      expect(await page.getByRole('heading', { name: /^Tipo denuncia:/ }).count(), where).toBe(0);
      expect(await page.getByText(MARKER).count(), where).toBe(0);
      expect(await page.getByText(code).count(), where).toBe(0);
      expect(await page.getByText('Resumen denuncia').count(), where).toBe(0);
    }

    await page.goto(detailUrl);
    await page.waitForURL(portalUrl(null, '/'));
    await page.getByRole('heading', { name: 'Canal de denuncias', level: 1 }).waitFor();
    expect(await page.getByText(MARKER).count()).toBe(0);
    expect(await page.getByText(code).count()).toBe(0);
    await context.close();
  });
});
