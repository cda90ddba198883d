import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ORGANIZATIONS, THEME_NAMES } from '@canal/shared';
import { launchBrowser, newPage, portalUrl } from './support/browser';
import {
  acceptTermsAndStart,
  choose,
  chooseComplaintType,
  expectNoAxeViolations,
  goToStep1,
  pickFirstOfMonth,
} from './support/portal';

/**
 * Issue 12: axe (WCAG 2.x A/AA and best practices) finds nothing on any of the 13 brand hosts, at a
 * phone's 375 px and a desktop's 1280 px, on the home page, the open terms dialog, both steps of
 * the form and the open calendar; the save and success dialogs are checked once per theme (they
 * differ between brands only by the theme's colours), each test filing its own complaint.
 */

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

const WIDTHS = [375, 1280] as const;
const height = (width: number) => (width < 768 ? 812 : 900);
const CATEGORY = /^III\. INFRACCIONES AL CÓDIGO DE ÉTICA$/;
const TYPE = 'Conflicto de interés';

/** Step 1 filled as an anonymous complaint (the zone, when the organisation has more than one). */
async function fillStep1(page: Page, description: string) {
  await page
    .getByRole('checkbox', { name: '¿Desea permanecer en el anonimato para esta denuncia?' })
    .check();
  await choose(page, 'Relación con la organización');
  // pickFirstOfMonth runs axe on the open calendar.
  await pickFirstOfMonth(page);
  await choose(page, '¿Puede identificar a las personas involucradas?');
  await choose(page, '¿Cómo tomó conocimiento de los hechos?');
  await page.getByLabel('Descripción de los hechos', { exact: true }).fill(description);
  if ((await page.getByLabel('Zona de ocurrencia', { exact: true }).count()) > 0)
    await choose(page, 'Zona de ocurrencia');
  await choose(page, 'Lugar de ocurrencia');
}

describe.each(WIDTHS)('axe at %i px', (width) => {
  it.each(ORGANIZATIONS.map((org) => [org.segment ?? 'casa central', org] as const))(
    '%s: home, terms, both steps and the calendar',
    async (_name, org) => {
      const { page, context } = await newPage(browser, width, height(width));
      const where = (screen: string) => `${org.key} ${width}px: ${screen}`;
      await page.goto(portalUrl(org.segment));
      await page.getByRole('heading', { name: 'Canal de denuncias', level: 1 }).waitFor();
      await expectNoAxeViolations(page, where('inicio'));

      await page
        .getByRole('checkbox', { name: 'He leído y acepto los términos y condiciones' })
        .click();
      const terms = page.getByRole('dialog', { name: 'Términos y condiciones' });
      await terms.waitFor();
      await expectNoAxeViolations(page, where('términos y condiciones'));
      await terms.getByRole('button', { name: 'Aceptar' }).click();
      await terms.waitFor({ state: 'detached' });
      await page.getByRole('button', { name: 'Ingresar denuncia' }).click();
      await page.waitForURL('**/ingresar-denuncia');
      await chooseComplaintType(page, CATEGORY, TYPE);
      await expectNoAxeViolations(page, where('paso 0 con una categoría abierta'));
      await goToStep1(page);
      await expectNoAxeViolations(page, where('paso 1'));
      await page.getByLabel('Fecha de ocurrencia de los hechos').click();
      await page.getByRole('combobox', { name: 'Año' }).waitFor();
      await expectNoAxeViolations(page, where('calendario abierto'));
      await page.keyboard.press('Escape');
      await context.close();
    },
  );
});

describe('axe on the save and success dialogs, at both widths', () => {
  it.each(THEME_NAMES.map((theme) => [theme, ORGANIZATIONS.find((o) => o.theme === theme)!]))(
    'theme %s',
    async (_theme, org) => {
      const stamp = Date.now();
      const { page, context } = await newPage(browser, 1280, 900);
      const both = async (screen: string) => {
        for (const width of WIDTHS) {
          await page.setViewportSize({ width, height: height(width) });
          await expectNoAxeViolations(page, `${org.key} ${width}px: ${screen}`);
        }
      };
      await page.goto(portalUrl(org.segment));
      await acceptTermsAndStart(page);
      await chooseComplaintType(page, CATEGORY, TYPE);
      await goToStep1(page);
      await fillStep1(page, `Accesibilidad e2e ${stamp}: un conflicto de interés no declarado.`);
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
      await both('modal de guardado');
      await dialog.getByRole('button', { name: 'Guardar denuncia' }).click();
      const done = page.getByRole('dialog', { name: 'Denuncia Ingresada' });
      await done.waitFor({ timeout: 60_000 });
      await both('modal de éxito');
      await context.close();
    },
  );
});
