import { mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newPage, portalUrl } from './support/browser';
import {
  acceptTermsAndStart,
  chooseComplaintType,
  expectNoAxeViolations,
  goToStep1,
} from './support/portal';

/**
 * Home and the new-complaint form at a phone's 375 px and a desktop's 1280 px: nothing scrolls
 * sideways and the controls a person needs are on screen. Screenshots go to a temporary folder
 * for a human to look at (they are not compared).
 */

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

const SHOTS = path.join(process.env.E2E_SCREENSHOTS ?? tmpdir(), 'canal-e2e-capturas');
mkdirSync(SHOTS, { recursive: true });

async function expectNoHorizontalScroll(page: Page, where: string) {
  const { scrollWidth, innerWidth } = await page.evaluate(() => ({
    scrollWidth: document.scrollingElement!.scrollWidth,
    innerWidth: window.innerWidth,
  }));
  expect(
    scrollWidth,
    `${where}: ${scrollWidth}px de contenido en ${innerWidth}px`,
  ).toBeLessThanOrEqual(innerWidth);
}

async function expectInViewportWidth(page: Page, name: string, where: string) {
  const control = page.getByRole('button', { name, exact: true });
  await control.scrollIntoViewIfNeeded();
  expect(await control.isVisible(), `${where}: «${name}» visible`).toBe(true);
  const box = (await control.boundingBox())!;
  const width = page.viewportSize()!.width;
  expect(box.x, `${where}: «${name}» empieza dentro de la pantalla`).toBeGreaterThanOrEqual(0);
  expect(
    box.x + box.width,
    `${where}: «${name}» termina dentro de la pantalla`,
  ).toBeLessThanOrEqual(width);
}

describe.each([375, 1280])('at %i px wide', (width) => {
  it('home and the new-complaint form fit the width and show their controls', async () => {
    const { page, context } = await newPage(browser, width, width < 768 ? 812 : 900);
    const shot = (name: string) =>
      page.screenshot({ path: path.join(SHOTS, `${width}-${name}.png`), fullPage: true });

    await page.goto(portalUrl());
    await page.getByRole('heading', { name: 'Canal de denuncias', level: 1 }).waitFor();
    await expectNoHorizontalScroll(page, `inicio ${width}`);
    // The header's menu: the accordion below 1024 px, the hover menu above.
    expect(await page.getByRole('banner').getByRole('button', { name: 'Menú' }).isVisible()).toBe(
      width < 1024,
    );
    expect(await page.getByRole('banner').getByRole('navigation').first().isVisible()).toBe(
      width >= 1024,
    );
    expect(
      await page
        .getByRole('checkbox', { name: 'He leído y acepto los términos y condiciones' })
        .isVisible(),
    ).toBe(true);
    await expectInViewportWidth(page, 'Ingresar denuncia', `inicio ${width}`);
    await expectInViewportWidth(page, 'Consultar denuncia', `inicio ${width}`);
    if (width < 1024) {
      // The open accordion menu, with a section whose separator splits it (issue 22: a separator
      // is not a child of a list, axe `list`).
      const menu = page.getByRole('banner').getByRole('button', { name: 'Menú' });
      await menu.click();
      const section = page.getByRole('button', { name: 'Trabajadores' });
      await section.click();
      await expect.poll(() => section.getAttribute('aria-expanded')).toBe('true');
      expect(await page.getByRole('banner').getByRole('separator').count()).toBeGreaterThan(0);
      await expectNoAxeViolations(page, `menú móvil abierto ${width}`);
      await menu.click();
      await expect.poll(() => menu.getAttribute('aria-expanded')).toBe('false');
    }
    await page.evaluate(() => window.scrollTo(0, 0));
    await shot('inicio');

    await acceptTermsAndStart(page);
    await chooseComplaintType(page, /^I\. LEY N° 21\.643/, 'Acoso laboral');
    await expectNoHorizontalScroll(page, `paso 0 ${width}`);
    await expectInViewportWidth(page, 'Siguiente', `paso 0 ${width}`);
    await expectInViewportWidth(page, 'Más información sobre Acoso laboral', `paso 0 ${width}`);
    await shot('paso-0');

    await goToStep1(page);
    await page.getByLabel('Descripción de los hechos', { exact: true }).waitFor();
    await page.getByRole('button', { name: 'Seleccionar archivos' }).waitFor();
    await expectNoHorizontalScroll(page, `paso 1 ${width}`);
    for (const label of [
      'RUT',
      'Número de contacto',
      'Relación con la organización',
      'Zona de ocurrencia',
      'Descripción de los hechos',
    ]) {
      const field = page.getByLabel(label, { exact: true });
      await field.scrollIntoViewIfNeeded();
      const box = (await field.boundingBox())!;
      expect(box.x + box.width, `paso 1 ${width}: ${label}`).toBeLessThanOrEqual(width);
    }
    await expectInViewportWidth(page, 'Ingresar denuncia', `paso 1 ${width}`);
    await expectInViewportWidth(page, 'Volver', `paso 1 ${width}`);
    await page.evaluate(() => window.scrollTo(0, 0));
    await shot('paso-1');
    await context.close();
  });
});

describe('on a small phone (360 × 640)', () => {
  it("shows the terms' actions without scrolling, the text scrolling between title and buttons", async () => {
    const { page, context } = await newPage(browser, 360, 640);
    await page.goto(portalUrl());
    await page
      .getByRole('checkbox', { name: 'He leído y acepto los términos y condiciones' })
      .click();
    const terms = page.getByRole('dialog', { name: 'Términos y condiciones' });
    await terms.waitFor();
    const accept = terms.getByRole('button', { name: 'Aceptar' });
    // Not scrolled into view first: a person must see it as the dialog opens.
    const box = (await accept.boundingBox())!;
    expect(box.y).toBeGreaterThanOrEqual(0);
    expect(box.y + box.height).toBeLessThanOrEqual(640);
    const title = (await terms
      .getByRole('heading', { name: 'Términos y condiciones' })
      .boundingBox())!;
    expect(title.y).toBeGreaterThanOrEqual(0);
    await accept.click();
    await terms.waitFor({ state: 'detached' });
    await context.close();
  });
});
