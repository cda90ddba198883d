import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newPage, portalUrl } from './support/browser';
import { acceptTermsAndStart, choose, chooseComplaintType, goToStep1 } from './support/portal';

/**
 * Issue 12 / decision 0016 in Chromium: the wizard's steps are history entries, Back and Forward
 * keep what was typed, a reload keeps the step after the browser's own "leave page?" prompt, and
 * leaving inside the portal asks in Spanish. Nothing typed is kept by the browser. Each test starts
 * from a fresh context of its own.
 */

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

const TYPE = 'Uso indebido de recursos de la organización';
const STEP_0 = 'Selecciona el tipo de denuncia que quieres ingresar';
const LEAVE = '¿Salir sin ingresar la denuncia?';

async function typedOnStep1(page: Page, text: string): Promise<string> {
  await page.goto(portalUrl());
  await acceptTermsAndStart(page);
  await chooseComplaintType(page, /^III\. INFRACCIONES AL CÓDIGO DE ÉTICA$/, TYPE);
  await goToStep1(page);
  await page.getByLabel('Descripción de los hechos', { exact: true }).fill(text);
  return choose(page, 'Relación con la organización');
}

const description = (page: Page) =>
  page.getByLabel('Descripción de los hechos', { exact: true }).inputValue();

describe('the new-complaint wizard in the browser history', () => {
  it('Back and Forward move between the steps and keep what was typed', async () => {
    const { page, context } = await newPage(browser);
    const text = `Historial e2e ${Date.now()}: faltan insumos del bodegaje.`;
    const relation = await typedOnStep1(page, text);

    await page.goBack();
    await page.getByRole('heading', { name: STEP_0 }).waitFor();
    expect(page.url()).toBe(portalUrl(null, '/ingresar-denuncia'));
    expect(await page.getByRole('radio', { name: TYPE, exact: true }).isChecked()).toBe(true);
    expect(await page.getByRole('dialog', { name: LEAVE }).count()).toBe(0);

    await page.goForward();
    await page.getByRole('heading', { name: /^Tipo denuncia: / }).waitFor();
    expect(await description(page)).toBe(text);
    const select = page.getByLabel('Relación con la organización', { exact: true });
    expect(await select.locator('option:checked').textContent()).toBe(relation);

    // "Volver" is Back too: Forward returns to the form as it was.
    await page.getByRole('button', { name: 'Volver' }).click();
    await page.getByRole('heading', { name: STEP_0 }).waitFor();
    await page.goForward();
    await page.getByRole('heading', { name: /^Tipo denuncia: / }).waitFor();
    expect(await description(page)).toBe(text);
    await context.close();
  });

  it("a reload asks first (the browser's prompt), then keeps the step; nothing typed is stored", async () => {
    const { page, context } = await newPage(browser);
    const text = `Recarga e2e ${Date.now()}: nadie registra las horas extra.`;
    await typedOnStep1(page, text);

    // Nothing typed is in the browser's storage or in the history entry.
    const stored = await page.evaluate(async () => ({
      local: JSON.stringify({ ...localStorage }),
      session: JSON.stringify({ ...sessionStorage }),
      history: JSON.stringify(history.state),
      databases: (await indexedDB.databases()).length,
    }));
    expect(stored.local).not.toContain('Recarga e2e');
    expect(stored.session).not.toContain('Recarga e2e');
    expect(stored.history).not.toContain('Recarga e2e');
    expect(stored.databases).toBe(0);

    // First answer "stay": the page and what was typed are still there.
    const stay = page.waitForEvent('dialog');
    // A reload refused by the prompt never ends: its wait is cut short.
    const reload = page.reload({ timeout: 3_000 }).catch(() => undefined);
    const prompt = await stay;
    expect(prompt.type()).toBe('beforeunload');
    await prompt.dismiss();
    await reload;
    expect(await description(page)).toBe(text);

    // Then "leave": the reload shows step 1 of the same type again, empty.
    page.once('dialog', (d) => void d.accept());
    await page.reload();
    await page
      .getByRole('heading', { name: /^Tipo denuncia: / })
      .waitFor({ timeout: 10_000 })
      .catch(async (error: Error) => {
        throw new Error(
          `${error.message}\n${(await page.locator('main').innerText()).slice(0, 800)}`,
        );
      });
    expect(await description(page)).toBe('');
    await context.close();
  });

  it('leaving for another page of the portal asks in Spanish; staying keeps what was typed', async () => {
    const { page, context } = await newPage(browser);
    const text = `Salida e2e ${Date.now()}: el proveedor cobra dos veces.`;
    await typedOnStep1(page, text);

    await page
      .getByRole('navigation', { name: 'Ruta de navegación' })
      .getByRole('link', { name: 'Inicio' })
      .click();
    const ask = page.getByRole('dialog', { name: LEAVE });
    await ask.waitFor();
    await ask.getByRole('button', { name: 'Seguir con la denuncia' }).click();
    await ask.waitFor({ state: 'detached' });
    expect(page.url()).toBe(portalUrl(null, '/ingresar-denuncia'));
    expect(await description(page)).toBe(text);

    // Back twice: to step 0 without asking, then out of the form, which asks.
    await page.goBack();
    await page.getByRole('heading', { name: STEP_0 }).waitFor();
    expect(await ask.count()).toBe(0);
    await page.goBack();
    await ask.waitFor();
    await ask.getByRole('button', { name: 'Salir y descartar' }).click();
    await page.getByRole('heading', { name: 'Canal de denuncias', level: 1 }).waitFor();
    expect(page.url()).toBe(portalUrl(null, '/'));
    await context.close();
  });
});
