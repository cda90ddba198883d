import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { ORGANIZATIONS } from '@canal/shared';
import { launchBrowser, newPage, portalUrl } from './support/browser';
import {
  choose,
  chooseComplaintType,
  expectNoAxeViolations,
  goToStep1,
  pickFirstOfMonth,
} from './support/portal';

/**
 * Issue 12: axe (WCAG 2.x A/AA and best practices) finds nothing on any of the 13 brand hosts, at a
 * phone's 375 px and a desktop's 1280 px, on every screen and open dialog of filing a complaint:
 * the home page, the terms dialog, both steps of the form, the open calendar, the save dialog, the
 * success dialog, and the detail page it leads to.
 *
 * Kept cheap (CI has two cores): one tab per brand goes the whole way once, filing one complaint
 * through the real API, and checks each screen at both widths by resizing the tab in place (the
 * portal lays out with CSS: nothing to reload). A screen is checked whole at both widths; an open
 * dialog or calendar is checked with the page under it at one width and on its own at the other,
 * the page under it having been checked whole at both.
 */

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

const WIDTHS = [375, 1280] as const;
type Width = (typeof WIDTHS)[number];
const height = (width: number) => (width < 768 ? 812 : 900);
const CATEGORY = /^III\. INFRACCIONES AL CÓDIGO DE ÉTICA$/;
const TYPE = 'Conflicto de interés';

/** One tab at one of the two widths, checked at both in the order that resizes least. */
function checker(page: Page, brand: string) {
  let width: Width = WIDTHS[0];
  const other = (): Width => (width === WIDTHS[0] ? WIDTHS[1] : WIDTHS[0]);
  const resize = async (to: Width) => {
    width = to;
    await page.setViewportSize({ width, height: height(width) });
    // Let the page lay out and paint at its new width before axe reads colours and sizes.
    await page.evaluate(
      () => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))),
    );
  };
  const where = (screen: string) => `${brand} ${width}px: ${screen}`;
  return {
    /** A screen: the whole page, at this width and then at the other. */
    async screen(name: string) {
      await expectNoAxeViolations(page, where(name));
      await resize(other());
      await expectNoAxeViolations(page, where(name));
    },
    /** An open dialog or calendar: the page with it open here, it alone at the other width. */
    async overlay(name: string, overlay: Locator) {
      await expectNoAxeViolations(page, where(name));
      await resize(other());
      await expectNoAxeViolations(overlay, where(name));
    },
  };
}

it.each(ORGANIZATIONS.map((org) => [org.segment ?? 'casa central', org] as const))(
  '%s: every screen and dialog of filing a complaint, at 375 and 1280 px',
  async (brand, org) => {
    const stamp = Date.now();
    const { page, context } = await newPage(browser, WIDTHS[0], height(WIDTHS[0]));
    const check = checker(page, brand);
    try {
      await page.goto(portalUrl(org.segment));
      await page.getByRole('heading', { name: 'Canal de denuncias', level: 1 }).waitFor();
      await check.screen('inicio');

      await page
        .getByRole('checkbox', { name: 'He leído y acepto los términos y condiciones' })
        .click();
      const terms = page.getByRole('dialog', { name: 'Términos y condiciones' });
      await terms.waitFor();
      await check.overlay('términos y condiciones', terms);
      await terms.getByRole('button', { name: 'Aceptar' }).click();
      await terms.waitFor({ state: 'detached' });
      await page.getByRole('button', { name: 'Ingresar denuncia' }).click();
      await page.waitForURL('**/ingresar-denuncia');
      await chooseComplaintType(page, CATEGORY, TYPE);
      await check.screen('paso 0 con una categoría abierta');
      await goToStep1(page);
      await check.screen('paso 1');

      // Step 1 filled as an anonymous complaint (the zone, when the organisation has more than one).
      await page
        .getByRole('checkbox', { name: '¿Desea permanecer en el anonimato para esta denuncia?' })
        .check();
      await choose(page, 'Relación con la organización');
      await pickFirstOfMonth(page, (calendar) => check.overlay('calendario abierto', calendar));
      await choose(page, '¿Puede identificar a las personas involucradas?');
      await choose(page, '¿Cómo tomó conocimiento de los hechos?');
      await page
        .getByLabel('Descripción de los hechos', { exact: true })
        .fill(`Accesibilidad e2e ${stamp}: un conflicto de interés no declarado.`);
      if ((await page.getByLabel('Zona de ocurrencia', { exact: true }).count()) > 0)
        await choose(page, 'Zona de ocurrencia');
      await choose(page, 'Lugar de ocurrencia');
      const submit = page.getByRole('button', { name: 'Ingresar denuncia' });
      await expect.poll(() => submit.isEnabled()).toBe(true);
      await submit.click();

      const dialog = page.getByRole('dialog', {
        name: 'Generar contraseña de recuperación y seguimiento',
      });
      await dialog.waitFor();
      const email = `axe.${stamp}@correo.cl`;
      await dialog.getByLabel('Correo electrónico de contacto').fill(email);
      await dialog.getByLabel('Repetir correo electrónico').fill(email);
      await dialog.getByLabel('Contraseña', { exact: true }).fill('Accesible#2024');
      await dialog.getByLabel('Repetir contraseña').fill('Accesible#2024');
      await check.overlay('modal de guardado', dialog);
      await dialog.getByRole('button', { name: 'Guardar denuncia' }).click();
      const done = page.getByRole('dialog', { name: 'Denuncia Ingresada' });
      await done.waitFor({ timeout: 60_000 });
      await check.overlay('modal de éxito', done);

      await done.getByRole('button', { name: 'Entendido' }).click();
      await page.waitForURL('**/detalle-denuncia/*', { timeout: 30_000 });
      await page
        .getByRole('heading', { name: 'Resumen denuncia', level: 1 })
        .waitFor({ timeout: 30_000 });
      await check.screen('detalle de la denuncia');
    } finally {
      await context.close();
    }
  },
);
