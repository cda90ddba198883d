import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newPage, portalUrl } from './support/browser';

/**
 * Issue 12: a complaint filed from the home page to the success modal with the keyboard alone
 * (Tab, Shift+Tab, Enter, Space, arrows and typing; no click, no `fill`, no `focus()`).
 */

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

const isFocused = (target: Locator) =>
  target.evaluate((el) => el === document.activeElement).catch(() => false);

/** Presses Tab (or Shift+Tab) until `target` has the focus, as a keyboard user does. */
async function tabTo(page: Page, target: Locator, direction: 'forward' | 'back' = 'forward') {
  await target.waitFor();
  for (let i = 0; i < 80; i += 1) {
    if (await isFocused(target)) return;
    await page.keyboard.press(direction === 'forward' ? 'Tab' : 'Shift+Tab');
  }
  const at = await page.evaluate(() => document.activeElement?.outerHTML.slice(0, 200));
  throw new Error(`El teclado no llegó a ${target.toString()}; el foco está en ${at}`);
}

/** A closed select takes the next option with the down arrow (Chromium on Linux and Windows). */
async function arrowSelect(page: Page, select: Locator, direction: 'forward' | 'back' = 'forward') {
  await expect.poll(() => select.locator('option').count()).toBeGreaterThan(1);
  await tabTo(page, select, direction);
  await page.keyboard.press('ArrowDown');
  await expect.poll(() => select.inputValue()).not.toBe('');
}

describe('filing with the keyboard only', () => {
  it('goes from the home page to "Denuncia Ingresada" without a pointer', async () => {
    const stamp = Date.now();
    const { page, context } = await newPage(browser);
    await page.goto(portalUrl());
    await page.getByRole('heading', { name: 'Canal de denuncias', level: 1 }).waitFor();

    // Home: Space on the terms checkbox opens the terms; Enter on "Aceptar" ticks it.
    const termsBox = page.getByRole('checkbox', {
      name: 'He leído y acepto los términos y condiciones',
    });
    await tabTo(page, termsBox);
    await page.keyboard.press('Space');
    const terms = page.getByRole('dialog', { name: 'Términos y condiciones' });
    await terms.waitFor();
    await tabTo(page, terms.getByRole('button', { name: 'Aceptar' }));
    await page.keyboard.press('Enter');
    await terms.waitFor({ state: 'detached' });
    await expect.poll(() => termsBox.isChecked()).toBe(true);
    await tabTo(page, page.getByRole('button', { name: 'Ingresar denuncia' }));
    await page.keyboard.press('Enter');
    await page.waitForURL('**/ingresar-denuncia');

    // Step 0: Enter opens the category; arrows choose the type inside the radio group.
    await tabTo(
      page,
      page.getByRole('button', { name: /^III\. INFRACCIONES AL CÓDIGO DE ÉTICA$/ }),
    );
    await page.keyboard.press('Enter');
    const type = page.getByRole('radio', {
      name: 'Uso indebido de recursos de la organización',
      exact: true,
    });
    await type.waitFor();
    // Tab into the group, then arrows until the wanted type is chosen.
    for (
      let i = 0;
      i < 80 &&
      !(await page.evaluate(() => document.activeElement?.getAttribute('type') === 'radio'));
      i += 1
    )
      await page.keyboard.press('Tab');
    if (!(await type.isChecked())) await page.keyboard.press('Space');
    for (let i = 0; i < 20 && !(await type.isChecked()); i += 1)
      await page.keyboard.press('ArrowDown');
    expect(await type.isChecked()).toBe(true);
    await tabTo(page, page.getByRole('button', { name: 'Siguiente' }));
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { name: /^Tipo denuncia: / }).waitFor();

    // Step 1.
    const anonymous = page.getByRole('checkbox', {
      name: '¿Desea permanecer en el anonimato para esta denuncia?',
    });
    await tabTo(page, anonymous);
    await page.keyboard.press('Space');
    await expect.poll(() => anonymous.isChecked()).toBe(true);

    const description = page.getByLabel('Descripción de los hechos', { exact: true });
    await tabTo(page, description);
    const text = `Teclado e2e ${stamp}: se retiran equipos de la bodega sin registro.`;
    await page.keyboard.type(text);
    // Back up the form with Shift+Tab to the fields above the description.
    await arrowSelect(
      page,
      page.getByLabel('Relación con la organización', { exact: true }),
      'back',
    );

    // The calendar: Enter opens it, the down arrow moves into the days, Enter picks one.
    const date = page.getByLabel('Fecha de ocurrencia de los hechos');
    await expect.poll(() => date.isEnabled()).toBe(true);
    await tabTo(page, date);
    await page.keyboard.press('Enter');
    await page.getByRole('combobox', { name: 'Año' }).waitFor();
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    await expect.poll(() => date.inputValue()).toMatch(/^\d{2}-\d{2}-\d{4}$/);
    expect(await page.locator('.react-datepicker').count()).toBe(0);

    await arrowSelect(
      page,
      page.getByLabel('¿Puede identificar a las personas involucradas?', { exact: true }),
    );
    await arrowSelect(
      page,
      page.getByLabel('¿Cómo tomó conocimiento de los hechos?', { exact: true }),
    );
    await arrowSelect(page, page.getByLabel('Zona de ocurrencia', { exact: true }));
    await arrowSelect(page, page.getByLabel('Lugar de ocurrencia', { exact: true }));
    expect(await description.inputValue()).toBe(text);

    const submit = page.getByRole('button', { name: 'Ingresar denuncia' });
    await tabTo(page, submit);
    await page.keyboard.press('Enter');

    // The save modal: typed, Tab between the fields, Enter on "Guardar denuncia".
    const dialog = page.getByRole('dialog', {
      name: 'Generar contraseña de recuperación y seguimiento',
    });
    await dialog.waitFor();
    const email = `teclado.${stamp}@correo.cl`;
    const password = 'Teclado#2024';
    for (const [label, value] of [
      ['Correo electrónico de contacto', email],
      ['Repetir correo electrónico', email],
      ['Contraseña', password],
      ['Repetir contraseña', password],
    ] as const) {
      await tabTo(page, dialog.getByLabel(label, { exact: true }));
      await page.keyboard.type(value);
    }
    await tabTo(page, dialog.getByRole('button', { name: 'Guardar denuncia' }));
    await page.keyboard.press('Enter');

    const done = page.getByRole('dialog', { name: 'Denuncia Ingresada' });
    await done.waitFor({ timeout: 60_000 });
    const code = ((await done.locator('strong').first().textContent()) ?? '').trim();
    expect(code).toMatch(/^[1-9]\d{11}$/);
    await tabTo(page, done.getByRole('button', { name: 'Entendido' }));
    await page.keyboard.press('Enter');
    await page.waitForURL(`**/detalle-denuncia/${code}`, { timeout: 30_000 });
    await page.getByText(`Teclado e2e ${stamp}`).first().waitFor({ timeout: 30_000 });
    await context.close();
  });
});
