import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newPage, portalUrl, waitForMail } from './support/browser';
import { block, fieldValue } from './support/detail';
import { expectNoAxeViolations, fileAnonymousComplaint, signIn } from './support/portal';

/**
 * The two recovery dialogs of the home page, end to end through the local mailbox: the code mail
 * lists the code; the password mail carries a single-use link to /restablecer-contrasena/{token},
 * where a new password replaces the old one.
 */

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

const EMAIL = `recupera.${Date.now()}@correo.cl`;
const OLD_PASSWORD = 'Antigua#2024';
const NEW_PASSWORD = 'Nueva$Clave9';
let code = '';

async function openHome(page: Page) {
  await page.goto(portalUrl());
  await page.getByRole('heading', { name: 'Canal de denuncias', level: 1 }).waitFor();
}

describe('recovery from the home page', () => {
  // expect.poll works only inside a test: the complaint to recover is filed by the first one.
  it('files a complaint with an e-mail and a password to recover', async () => {
    const { page, context } = await newPage(browser);
    await openHome(page);
    code = await fileAnonymousComplaint(
      page,
      EMAIL,
      OLD_PASSWORD,
      'Se usan los vehículos de la empresa para fines personales los fines de semana.',
    );
    await context.close();
  });

  it('"Olvidé el código de mi denuncia" mails the code to the address', async () => {
    expect(code).not.toBe('');
    const { page, context } = await newPage(browser);
    await openHome(page);
    await page.getByRole('button', { name: 'Olvidé el código de mi denuncia' }).click();
    const dialog = page.getByRole('dialog', { name: 'Recuperar código denuncia' });
    await dialog.waitFor();
    await expectNoAxeViolations(page, 'el modal de recuperación del código');
    await dialog.getByLabel('Correo electrónico').fill(EMAIL);
    await dialog.getByRole('button', { name: 'Reenviar codigo' }).click();
    const done = dialog.getByRole('status').filter({ hasText: 'corresponde a una denuncia' });
    await done.waitFor({ timeout: 30_000 });
    expect(await done.textContent()).toContain(
      `Si el correo ${EMAIL} corresponde a una denuncia, le enviamos a esa dirección el código de su denuncia.`,
    );
    await dialog.getByRole('button', { name: 'Entendido' }).click();
    await dialog.waitFor({ state: 'detached' });

    const mail = await waitForMail(
      (m) => m.to.includes(EMAIL) && m.subject === 'Canal de denuncias – Su código de seguimiento',
    );
    expect(mail.text).toContain(code);
    await context.close();
  });

  it('"Olvidé la contraseña de mi denuncia" mails a link; the new password replaces the old one', async () => {
    expect(code).not.toBe('');
    const { page, context } = await newPage(browser);
    await openHome(page);
    await page.getByRole('button', { name: 'Olvidé la contraseña de mi denuncia' }).click();
    const dialog = page.getByRole('dialog', { name: 'Recuperar contraseña denuncia' });
    await dialog.waitFor();

    // A code with another address is refused with the spec's message, and the form stays.
    await dialog.getByLabel('Código de denuncia').fill(code);
    await dialog.getByLabel('Correo electrónico').fill(`otra.${EMAIL}`);
    await dialog.getByRole('button', { name: 'Reenviar contraseña' }).click();
    const refused = dialog.getByRole('alert');
    await refused.waitFor({ timeout: 30_000 });
    expect((await refused.textContent())?.trim()).toBe('El correo y/o el código son incorrectos.');

    await dialog.getByLabel('Correo electrónico').fill(EMAIL);
    await dialog.getByRole('button', { name: 'Reenviar contraseña' }).click();
    const done = dialog.getByRole('status').filter({ hasText: 'Enviamos' });
    await done.waitFor({ timeout: 30_000 });
    expect(await done.textContent()).toContain(
      `Enviamos al correo ${EMAIL} un enlace para crear una nueva contraseña.`,
    );
    await dialog.getByRole('button', { name: 'Entendido' }).click();

    const mail = await waitForMail(
      (m) =>
        m.to.includes(EMAIL) &&
        m.subject === `Canal de denuncias – Restablecer contraseña del código ${code}`,
    );
    const link = /https?:\/\/\S+\/restablecer-contrasena\/[A-Za-z0-9_-]+/.exec(mail.text)?.[0];
    expect(link, mail.text).toBeDefined();
    expect(link!.startsWith(portalUrl(null, '/restablecer-contrasena/'))).toBe(true);
    expect(mail.text).not.toContain(OLD_PASSWORD);

    // The reset page, from the mailed link.
    await page.goto(link!);
    await page.getByRole('heading', { name: 'Crear nueva contraseña' }).waitFor();
    await expectNoAxeViolations(page, 'la página de restablecer contraseña');
    await page.getByLabel('Nueva contraseña', { exact: true }).fill(NEW_PASSWORD);
    await page.getByLabel('Repetir contraseña').fill(NEW_PASSWORD);
    await page.getByRole('button', { name: 'Guardar contraseña' }).click();
    const saved = page.getByRole('status').filter({ hasText: 'Su contraseña fue actualizada.' });
    await saved.waitFor({ timeout: 30_000 });
    expect(await saved.textContent()).toContain(code);

    // The link is single-use.
    await page.goto(link!);
    await page.getByLabel('Nueva contraseña', { exact: true }).fill('Otra#Clave1');
    await page.getByLabel('Repetir contraseña').fill('Otra#Clave1');
    await page.getByRole('button', { name: 'Guardar contraseña' }).click();
    await page
      .getByRole('alert')
      .filter({ hasText: 'Olvidé la contraseña de mi denuncia' })
      .waitFor({ timeout: 30_000 });

    // The old password no longer opens the complaint; the new one does.
    await openHome(page);
    const form = page.getByRole('region', { name: 'Consultar estado de su denuncia' });
    await signIn(page, code, OLD_PASSWORD);
    const error = form.getByRole('alert');
    await error.waitFor({ timeout: 30_000 });
    expect((await error.textContent())?.trim()).toBe('Código o contraseña incorrecta');
    await form.getByLabel('Contraseña').fill(NEW_PASSWORD);
    await form.getByRole('button', { name: 'Consultar denuncia' }).click();
    await page.waitForURL(`**/detalle-denuncia/${code}`, { timeout: 30_000 });
    expect(await fieldValue(block(page, 'Información de la denuncia'), 'Código denuncia')).toBe(
      code,
    );
    expect(
      await block(page, 'Bitácora').getByText('Contraseña de seguimiento restablecida').count(),
    ).toBe(1);
    await context.close();
  });
});
