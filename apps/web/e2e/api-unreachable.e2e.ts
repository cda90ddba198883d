import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '@canal/shared';
import { launchBrowser, newPage, portalUrl } from './support/browser';
import { block } from './support/detail';
import { fileAnonymousComplaint, fillAnonymousComplaint, signIn } from './support/portal';

/**
 * Issue 12: with the API out of reach, filing, signing in, code recovery and a comment each say so
 * in Spanish (MESSAGES.noConnection / serviceNotAnswering) and keep what was typed; once the API is
 * back the same action succeeds. The API is taken away where the person meets it, in the browser:
 * every `/v1/` call is refused (the connection fails, as with the server stopped) or answered 502
 * without a body (as a gateway does with the API stopped behind it). The pages and their chunks
 * still load, as they would from a CDN. Each test files what it needs itself.
 */

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

const API = '**/v1/**';
type Outage = 'connection refused' | 'gateway 502';

async function stopApi(context: BrowserContext, outage: Outage) {
  await context.route(API, (route) =>
    outage === 'connection refused'
      ? route.abort('connectionrefused')
      : route.fulfill({ status: 502, body: '' }),
  );
}
const startApi = (context: BrowserContext) => context.unroute(API);
const messageOf = (outage: Outage) =>
  outage === 'connection refused' ? MESSAGES.noConnection : MESSAGES.serviceNotAnswering;

async function home(page: Page) {
  await page.goto(portalUrl());
  await page.getByRole('heading', { name: 'Canal de denuncias', level: 1 }).waitFor();
}

describe('with the API out of reach', () => {
  it('filing (refused) says so in the save modal and keeps the form; then it is filed', async () => {
    const outage: Outage = 'connection refused';
    const stamp = Date.now();
    const { page, context } = await newPage(browser);
    await home(page);
    const text = `Sin servicio e2e ${stamp}: se pierden herramientas del taller.`;
    await (await fillAnonymousComplaint(page, text)).click();
    const description = page.getByLabel('Descripción de los hechos', { exact: true });
    const dialog = page.getByRole('dialog', {
      name: 'Generar contraseña de recuperación y seguimiento',
    });
    const email = `sinservicio.${stamp}@correo.cl`;
    await dialog.getByLabel('Correo electrónico de contacto').fill(email);
    await dialog.getByLabel('Repetir correo electrónico').fill(email);
    await dialog.getByLabel('Contraseña', { exact: true }).fill('Servicio#2024');
    await dialog.getByLabel('Repetir contraseña').fill('Servicio#2024');

    await stopApi(context, outage);
    const save = dialog.getByRole('button', { name: 'Guardar denuncia' });
    await save.click();
    await page.getByText(messageOf(outage)).waitFor({ timeout: 30_000 });
    expect(await page.getByRole('dialog', { name: 'Denuncia Ingresada' }).count()).toBe(0);
    expect(await dialog.getByLabel('Correo electrónico de contacto').inputValue()).toBe(email);
    expect(await description.inputValue()).toBe(text);

    await startApi(context);
    await save.click();
    const done = page.getByRole('dialog', { name: 'Denuncia Ingresada' });
    await done.waitFor({ timeout: 60_000 });
    expect(((await done.locator('strong').first().textContent()) ?? '').trim()).toMatch(
      /^[1-9]\d{11}$/,
    );
    await context.close();
  });

  it('a comment (502) and the sign-in (refused) say so and keep the text; then both succeed', async () => {
    const stamp = Date.now();
    const password = 'Servicio#2024';
    const { page, context } = await newPage(browser);
    await home(page);
    const code = await fileAnonymousComplaint(
      page,
      `comentario.${stamp}@correo.cl`,
      password,
      `Sin servicio e2e ${stamp}: alguien cambia los turnos sin aviso.`,
    );

    // The comment.
    const area = block(page, 'Agregar comentario');
    const comment = area.getByLabel('Comentario', { exact: true });
    const typed = `Agrego que ocurrió otra vez ${stamp}.`;
    await comment.fill(typed);
    await stopApi(context, 'gateway 502');
    const save = page.getByRole('button', { name: 'Guardar cambios' });
    await save.click();
    await page.getByRole('alert').getByText(MESSAGES.serviceNotAnswering).waitFor();
    expect(await comment.inputValue()).toBe(typed);
    await startApi(context);
    await save.click();
    await expect.poll(() => comment.inputValue(), { timeout: 30_000 }).toBe('');
    expect(await page.getByRole('alert').count()).toBe(0);

    // The sign-in, later, from the home page.
    await page.getByRole('button', { name: 'Volver al inicio' }).click();
    await page.getByRole('heading', { name: 'Canal de denuncias', level: 1 }).waitFor();
    await stopApi(context, 'connection refused');
    await signIn(page, code, password);
    const form = page.getByRole('region', { name: 'Consultar estado de su denuncia' });
    await form.getByRole('alert').getByText(MESSAGES.noConnection).waitFor({ timeout: 30_000 });
    expect(await form.getByLabel('Código de denuncia').inputValue()).toBe(code);
    expect(await form.getByLabel('Contraseña').inputValue()).toBe(password);
    await startApi(context);
    await form.getByRole('button', { name: 'Consultar denuncia' }).click();
    await page.waitForURL(`**/detalle-denuncia/${code}`, { timeout: 30_000 });
    await page.getByRole('heading', { name: 'Resumen denuncia', level: 1 }).waitFor();
    await context.close();
  });

  it('code recovery (502) says so and keeps the address; then it is sent', async () => {
    const { page, context } = await newPage(browser);
    await home(page);
    await page.getByRole('button', { name: 'Olvidé el código de mi denuncia' }).click();
    const dialog = page.getByRole('dialog', { name: 'Recuperar código denuncia' });
    await dialog.waitFor();
    const email = `recuperar.${Date.now()}@correo.cl`;
    await dialog.getByLabel('Correo electrónico').fill(email);
    await stopApi(context, 'gateway 502');
    const send = dialog.getByRole('button', { name: 'Reenviar codigo' });
    await send.click();
    await dialog.getByText(MESSAGES.serviceNotAnswering).waitFor({ timeout: 30_000 });
    expect(await dialog.getByLabel('Correo electrónico').inputValue()).toBe(email);
    await startApi(context);
    await send.click();
    await dialog
      .getByRole('status')
      .filter({ hasText: 'corresponde a una denuncia' })
      .waitFor({ timeout: 30_000 });
    await context.close();
  });
});
