import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { HEAD_OFFICE } from '@canal/shared';
import { BackOffice } from './support/back-office';
import { launchBrowser, newPage, portalUrl } from './support/browser';
import { block } from './support/detail';
import { expectNoAxeViolations, pickFirstOfMonth, signIn } from './support/portal';

/**
 * Issue 22 (care), decision 0075, in Chromium: staff record a verbal complaint without an e-mail
 * and read the short activation code off the receipt; the person, on a 375 px phone, types the
 * case number and that code on the portal's activation page, sets a password, signs in and reads
 * the complaint. Then staff hand over a new activation in person: the old code fails at once and
 * the new one works. Its own administrator (global-setup), signed in through the API.
 */

let browser: Browser;
let admin: BackOffice;
beforeAll(async () => {
  browser = await launchBrowser();
  admin = await BackOffice.activateWith(inject('activationCodeAdminToken'));
});
afterAll(() => browser?.close());

const RUN = Date.now();
const STORY = `Relato verbal sin correo ${RUN}: mi jefatura me grita frente al equipo.`;
const FIRST_PASSWORD = 'Propia#2025';
const SECOND_PASSWORD = 'Nueva#Clave2026';
const PHONE = { width: 375, height: 812 };

const text = async (page: Page, testId: string) =>
  ((await page.getByTestId(testId).textContent()) ?? '').trim();

/** The page fits the phone's width: nothing to scroll sideways. */
async function expectNoSideways(page: Page) {
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);
}

/** The person on a phone: the activation page, the case number and a code, a new password. */
async function activateOnPhone(caseNumber: string, code: string, password: string) {
  const phone = await newPage(browser, PHONE.width, PHONE.height);
  const page = phone.page;
  await page.goto(portalUrl(null, '/activar-denuncia'));
  await page.getByRole('heading', { name: 'Crear su contraseña' }).waitFor({ timeout: 30_000 });
  await page.getByLabel('Número de caso').fill(caseNumber.toLowerCase());
  // Typed as read aloud: lower case, a space instead of the hyphen.
  await page.getByLabel('Código de activación').fill(code.replace('-', ' ').toLowerCase());
  await page.getByLabel('Nueva contraseña', { exact: true }).fill(password);
  await page.getByLabel('Repetir contraseña').fill(password);
  await page.getByRole('button', { name: 'Crear contraseña' }).click();
  return phone;
}

describe('the short activation code', () => {
  it('activates a verbal complaint without e-mail on a phone; a new activation stops the old code', async () => {
    // Staff record the complaint in the back office.
    const staff = await newPage(browser);
    const page = staff.page;
    const host = new URL(portalUrl());
    await staff.context.addCookies(
      admin.cookies().map((c) => ({ ...c, domain: host.hostname, path: '/' })),
    );
    await page.goto(portalUrl(null, '/gestion/registrar-denuncia'));
    await page.getByRole('heading', { name: 'Registrar denuncia' }).waitFor({ timeout: 30_000 });
    await page.getByLabel('Organización', { exact: true }).selectOption(HEAD_OFFICE.id);
    await page.getByRole('radio', { name: 'Verbal' }).check();
    await page.getByLabel('Tipo de denuncia', { exact: true }).selectOption('26');
    await page.getByLabel('Relación con la organización', { exact: true }).selectOption('1');
    await page.getByLabel('Zona de ocurrencia', { exact: true }).selectOption('13');
    await page.getByLabel('Lugar de ocurrencia', { exact: true }).selectOption('1131');
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

    // The receipt: the code beside the QR, and where to type it.
    await page.getByRole('heading', { name: 'Comprobante de denuncia' }).waitFor();
    await expectNoAxeViolations(page, 'comprobante con código de activación');
    const caseNumber = await text(page, 'case-number');
    const ticket = await text(page, 'ticket');
    const firstCode = await text(page, 'activation-code');
    expect(firstCode).toMatch(/^[2-9A-Z]{4}-[2-9A-Z]{4}$/);
    expect(await text(page, 'activation-page')).toBe(portalUrl(null, '/activar-denuncia'));

    // The person, on a phone, with only the paper.
    const first = await activateOnPhone(caseNumber, firstCode, FIRST_PASSWORD);
    await first.page.getByText('Su contraseña fue creada.').waitFor({ timeout: 30_000 });
    expect(await text(first.page, 'activated-ticket')).toBe(ticket);
    await expectNoSideways(first.page);
    await expectNoAxeViolations(first.page, 'activación con código a 375 px');
    await first.page.getByRole('link', { name: 'Ir al inicio para consultar su denuncia' }).click();
    await signIn(first.page, ticket, FIRST_PASSWORD);
    await first.page.waitForURL(`**/detalle-denuncia/${ticket}`, { timeout: 30_000 });
    await block(first.page, 'Información de la denuncia').waitFor();
    await first.page.getByText(STORY).waitFor();

    // Later the person comes back without the paper: staff identify them and hand over a new one.
    await page.getByRole('link', { name: 'Ver el caso' }).click();
    const form = page.getByRole('form', { name: 'Entregar una nueva activación' });
    await form.waitFor({ timeout: 30_000 });
    await form.getByLabel('Identifiqué en persona a quien presentó esta denuncia.').check();
    await form.getByRole('button', { name: 'Entregar nueva activación' }).click();
    await page.getByRole('heading', { name: 'Nueva activación de su denuncia' }).waitFor();
    await expectNoAxeViolations(page, 'comprobante de nueva activación');
    const secondCode = await text(page, 'activation-code');
    expect(secondCode).not.toBe(firstCode);
    expect(await text(page, 'case-number')).toBe(caseNumber);
    // The new paper does not carry the follow-up code.
    expect(await page.getByTestId('ticket').count()).toBe(0);
    expect(await page.locator('body').textContent()).not.toContain(ticket);

    // The old code fails at once.
    const stale = await activateOnPhone(caseNumber, firstCode, SECOND_PASSWORD);
    await stale.page
      .getByRole('alert')
      .getByText(/ya se usó, venció o fue reemplazado por uno nuevo/)
      .waitFor({ timeout: 30_000 });

    // The new one works, says the follow-up code, and the person reads in the log what happened.
    const second = await activateOnPhone(caseNumber, secondCode, SECOND_PASSWORD);
    await second.page.getByText('Su contraseña fue creada.').waitFor({ timeout: 30_000 });
    expect(await text(second.page, 'activated-ticket')).toBe(ticket);
    await second.page
      .getByRole('link', { name: 'Ir al inicio para consultar su denuncia' })
      .click();
    await signIn(second.page, ticket, SECOND_PASSWORD);
    await second.page.waitForURL(`**/detalle-denuncia/${ticket}`, { timeout: 30_000 });
    await second.page
      .getByText(/El equipo entregó en persona un nuevo código de activación/)
      .first()
      .waitFor();

    await Promise.all([staff, first, stale, second].map((opened) => opened.context.close()));
  });
});
