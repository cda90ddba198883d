import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newPage, portalUrl } from './support/browser';
import { startOwnServer, type OwnServer } from './support/own-server';
import { fileAnonymousComplaint, fillAnonymousComplaint } from './support/portal';
import { pdf } from '@canal/test-support/files';

/**
 * Issue 21: a filing refused by the per-address limit (429) says in Spanish when to try again
 * and keeps everything typed: the form, the files picked and the save modal's e-mail and
 * password. A server of the spec's own that allows one filing an hour from an address.
 */
let browser: Browser;
let server: OwnServer;
beforeAll(async () => {
  [browser, server] = await Promise.all([
    launchBrowser(),
    startOwnServer(undefined, { FILINGS_PER_HOUR: '1' }),
  ]);
});
afterAll(async () => {
  await browser?.close();
  await server?.remove();
});

describe('a filing refused by the per-address limit', () => {
  it('says when to try again and keeps the typed form, its files and the modal', async () => {
    const home = portalUrl(null, '/', server.port);
    const { page, context } = await newPage(browser);
    await page.goto(home);
    await fileAnonymousComplaint(page, 'primera@correo.cl', 'Primera#2024', 'Primera denuncia.');

    await page.goto(home);
    await page.getByRole('heading', { name: 'Canal de denuncias', level: 1 }).waitFor();
    const text = `Segunda denuncia desde la misma red ${Date.now()}: faltan elementos de seguridad.`;
    const evidence = { name: 'acta.pdf', mimeType: 'application/pdf', buffer: pdf() };
    await (await fillAnonymousComplaint(page, text, { files: [evidence] })).click();
    const dialog = page.getByRole('dialog', {
      name: 'Generar contraseña de recuperación y seguimiento',
    });
    const email = 'segunda@correo.cl';
    await dialog.getByLabel('Correo electrónico de contacto').fill(email);
    await dialog.getByLabel('Repetir correo electrónico').fill(email);
    await dialog.getByLabel('Contraseña', { exact: true }).fill('Segunda#2024');
    await dialog.getByLabel('Repetir contraseña').fill('Segunda#2024');
    await dialog.getByRole('button', { name: 'Guardar denuncia' }).click();

    const refusal = dialog.getByText(/^Desde esta red ya se enviaron muchas denuncias/);
    await refusal.waitFor({ timeout: 60_000 });
    expect(await refusal.textContent()).toMatch(
      /Lo que escribió se conserva en el formulario: intente enviarla nuevamente en (60|59) minutos\.$/,
    );
    expect(await page.getByRole('dialog', { name: 'Denuncia Ingresada' }).count()).toBe(0);
    expect(await dialog.getByLabel('Correo electrónico de contacto').inputValue()).toBe(email);
    expect(await dialog.getByLabel('Contraseña', { exact: true }).inputValue()).toBe(
      'Segunda#2024',
    );
    await dialog.getByRole('button', { name: 'Cancelar' }).click();
    expect(await page.getByLabel('Descripción de los hechos', { exact: true }).inputValue()).toBe(
      text,
    );
    await page
      .getByRole('list', { name: 'Archivos seleccionados' })
      .getByText('acta.pdf', { exact: true })
      .waitFor();
    await context.close();
  });
});
