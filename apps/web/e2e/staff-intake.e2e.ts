import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { HEAD_OFFICE } from '@canal/shared';
import { launchBrowser, newPage, portalUrl } from './support/browser';
import { block } from './support/detail';
import { expectNoAxeViolations, pickFirstOfMonth, signIn } from './support/portal';
import { totpNow } from './support/totp';

/**
 * Staff intake end to end (issue 11): an administrator records a complaint received verbally in
 * the back office, opens the receipt; the complainant follows the activation link on it, sets
 * their own password, signs in to the portal with the code and reads the complaint.
 */

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

const RUN = Date.now();
const STAFF_PASSWORD = 'Clave segura de registro 2024';
const COMPLAINANT_PASSWORD = 'Propia#2025';
const STORY = `Relato verbal ${RUN}: mi jefatura me grita frente al equipo cada semana.`;

describe('staff intake', () => {
  it('records a verbal complaint; the complainant activates it and reads it in the portal', async () => {
    // The administrator created by the CLI activates the account in the browser.
    const token = new URL(inject('intakeAdminActivationUrl')).hash.slice(1);
    const staff = await newPage(browser);
    const page = staff.page;
    await page.goto(portalUrl(null, `/gestion/activar#${token}`));
    await page.getByText('Registro E2E').waitFor();
    const secret = ((await page.getByTestId('totp-secret').textContent()) ?? '').replace(
      /\s+/g,
      '',
    );
    await page.getByLabel('Nueva contraseña').fill(STAFF_PASSWORD);
    await page.getByLabel('Repita la contraseña').fill(STAFF_PASSWORD);
    await page.getByLabel('Código de verificación').fill(totpNow(secret));
    await page.getByRole('button', { name: 'Activar cuenta e ingresar' }).click();
    await page.getByRole('heading', { name: 'Bandeja de casos' }).waitFor({ timeout: 30_000 });

    // "Registrar denuncia" from the navigation; the form refuses an empty channel first.
    await page
      .getByRole('navigation', { name: 'Gestión' })
      .getByRole('link', { name: 'Registrar denuncia' })
      .click();
    await page.getByRole('heading', { name: 'Registrar denuncia' }).waitFor();
    await expectNoAxeViolations(page, 'registrar denuncia');
    await page.getByRole('button', { name: 'Registrar denuncia' }).click();
    await page
      .getByText('Debe indicar cómo se recibió la denuncia: verbal, escrito o presencial.')
      .waitFor();

    await page.getByLabel('Organización', { exact: true }).selectOption(HEAD_OFFICE.id);
    await page.getByRole('radio', { name: 'Verbal' }).check();
    await page.getByLabel('Tipo de denuncia', { exact: true }).selectOption('26');
    await page.getByLabel('Relación con la organización', { exact: true }).selectOption('1');
    await page.getByLabel('Zona de ocurrencia', { exact: true }).selectOption('13');
    await page.getByLabel('Lugar de ocurrencia', { exact: true }).selectOption('1131');
    // The portal's own date field (one component for both forms, issue 23).
    await pickFirstOfMonth(page);
    await page
      .getByLabel('¿Cómo tomó conocimiento de los hechos?', { exact: true })
      .selectOption('2');
    await page
      .getByLabel('¿Puede identificar a las personas involucradas?', { exact: true })
      .selectOption('1');
    await page.getByLabel('Descripción de los hechos', { exact: true }).fill(STORY);
    await page.getByLabel('RUT', { exact: true }).fill('12.345.678-5');
    await page.getByLabel('Nombres', { exact: true }).fill('María José');
    await page.getByLabel('Apellido paterno', { exact: true }).fill('González');
    await page.getByLabel('Número de contacto', { exact: true }).fill('912345678');
    await page.getByRole('button', { name: 'Registrar denuncia' }).click();

    // The receipt: code, case number, and the activation link with its expiry.
    await page.getByRole('heading', { name: 'Comprobante de denuncia' }).waitFor();
    await expectNoAxeViolations(page, 'comprobante de denuncia');
    const code = ((await page.getByTestId('ticket').textContent()) ?? '').trim();
    expect(code).toMatch(/^[1-9]\d{11}$/);
    const link = ((await page.getByTestId('activation-link').textContent()) ?? '').trim();
    expect(link.startsWith(portalUrl(null, '/restablecer-contrasena/'))).toBe(true);
    expect(((await page.getByTestId('case-number').textContent()) ?? '').trim()).toMatch(
      /^[A-Z]+-\d{4}-\d{5}$/,
    );

    // The case page shows the channel.
    await page.getByRole('link', { name: 'Ver el caso' }).click();
    await page.getByText('Canal: Verbal').waitFor();

    // The complainant, on another device, sets their own password from the link.
    const complainant = await newPage(browser);
    const portal = complainant.page;
    await portal.goto(link);
    await portal.getByLabel('Nueva contraseña', { exact: true }).fill(COMPLAINANT_PASSWORD);
    await portal.getByLabel('Repetir contraseña').fill(COMPLAINANT_PASSWORD);
    await portal.getByRole('button', { name: 'Guardar contraseña' }).click();
    await portal.getByText('Su contraseña fue actualizada.').waitFor({ timeout: 30_000 });

    // Then signs in with the code and reads the complaint.
    await portal.goto(portalUrl());
    await signIn(portal, code, COMPLAINANT_PASSWORD);
    await portal.waitForURL(`**/detalle-denuncia/${code}`, { timeout: 30_000 });
    await block(portal, 'Información de la denuncia').waitFor();
    await portal.getByText(STORY).waitFor();
    // A complaint recorded by staff has no files (the intake takes none): the portal says so.
    await block(portal, 'Archivos adjuntos')
      .getByText('La denuncia no tiene archivos adjuntos.')
      .waitFor();

    // The link was single use.
    const again = await newPage(browser);
    await again.page.goto(link);
    await again.page.getByLabel('Nueva contraseña', { exact: true }).fill('Otra#Clave2025');
    await again.page.getByLabel('Repetir contraseña').fill('Otra#Clave2025');
    await again.page.getByRole('button', { name: 'Guardar contraseña' }).click();
    await again.page
      .getByRole('alert')
      .getByText(/no es válido o ya expiró/)
      .waitFor();
    await Promise.all([staff.context.close(), complainant.context.close(), again.context.close()]);
  });
});
