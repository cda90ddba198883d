import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { organizationByKey } from '@canal/shared';
import { launchBrowser, newPage, portalUrl } from './support/browser';
import { acceptTermsAndStart, chooseComplaintType, goToStep1 } from './support/portal';

/**
 * Law 21.719's information duty (issue 19): every organisation's portal has its privacy notice,
 * reached from the footer of every page and from step 1 of the filing form (a new tab, so what was
 * typed stays).
 */

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

/** The notice as a person reads it: the controller, the period, the rights and the Agency. */
async function expectNotice(page: Page, organization: string) {
  await page.getByRole('heading', { name: 'Aviso de privacidad', level: 1 }).waitFor();
  await page.getByRole('heading', { name: 'Quién es responsable de sus datos' }).waitFor();
  const text = await page.getByRole('main').innerText();
  expect(text).toContain(`El responsable es ${organization}`);
  expect(text).toContain('durante 5 años después de su cierre');
  for (const right of [
    'Acceso',
    'Rectificación',
    'Supresión',
    'Oposición',
    'Portabilidad',
    'Bloqueo',
  ])
    expect(text).toContain(`${right}:`);
  expect(text).toContain('Dirección del Trabajo');
  expect(text).toContain('Agencia de Protección de Datos Personales');
  // The page route sets its tab title once hydrated (the server's page has the brand's).
  await expect.poll(() => page.title()).toBe(`Aviso de privacidad | ${organization}`);
}

describe('the privacy notice', () => {
  it('opens from the footer of a clinic’s home page, with that clinic as controller', async () => {
    const clinic = organizationByKey('clinica-atacama');
    const { page, context } = await newPage(browser);
    await page.goto(portalUrl(clinic.segment));
    const footer = page.getByRole('contentinfo');
    await footer.waitFor();
    await footer.getByRole('link', { name: 'Aviso de privacidad' }).click();
    await page.waitForURL('**/aviso-de-privacidad');
    await expectNotice(page, clinic.shortName);
    // The notice's own page has the footer too (drawn with the lazy footer: wait for it).
    const ownLink = page
      .getByRole('contentinfo')
      .getByRole('link', { name: 'Aviso de privacidad' });
    await ownLink.first().waitFor();
    expect(await ownLink.count()).toBe(1);
    await context.close();
  });

  it('opens in a new tab from step 1 of the filing form, which keeps its place', async () => {
    const head = organizationByKey('head-office');
    const { page, context } = await newPage(browser);
    await page.goto(portalUrl());
    await acceptTermsAndStart(page);
    await chooseComplaintType(page, /^I\. LEY N° 21\.643/, 'Acoso laboral');
    await goToStep1(page);
    const [tab] = await Promise.all([
      context.waitForEvent('page'),
      page
        .getByRole('main')
        .getByRole('link', { name: /Aviso de privacidad/ })
        .click(),
    ]);
    await tab!.waitForURL('**/aviso-de-privacidad');
    await expectNotice(tab!, head.shortName);
    expect(page.url()).toContain('/ingresar-denuncia');
    await page.getByRole('heading', { name: /^Tipo denuncia: / }).waitFor();
    await context.close();
  });
});
