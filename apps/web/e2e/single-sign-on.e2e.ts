import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { HEAD_OFFICE, webPaths } from '@canal/shared';
import { contract } from '@canal/shared/contract';
import { startOidcProvider, type TestProvider } from '@canal/test-support/oidc-provider';
import { BackOffice } from './support/back-office';
import { expectNoHorizontalScroll, launchBrowser, newPage, portalUrl } from './support/browser';
import { expectNoAxeViolations } from './support/portal';

/**
 * Issue 24 in Chromium, against a real OpenID Connect provider started here (`oidc-provider`, its
 * own login and consent pages): an administrator configures the provider in the back office; a
 * person signs in through it and lands in the back office with the role of their group; they see
 * their two sessions (two browser contexts, two devices) and end the other one, which is signed
 * out at its next request; an administrator ends all of a person's sessions.
 */

const RUN = Date.now();
const PROVIDER_NAME = `Empresa E2E ${RUN}`;
const PERSON = { login: `ana.${RUN}`, email: `ana.${RUN}@empresa.cl`, name: `Ana Inicio ${RUN}` };

let browser: Browser;
let admin: BackOffice;
let idp: TestProvider;
let personId: number;
const contexts: BrowserContext[] = [];

beforeAll(async () => {
  browser = await launchBrowser();
  admin = await BackOffice.activateWith(inject('ssoAdminToken'));
  idp = await startOidcProvider(`${inject('baseUrl')}/v1/gestion/sso/retorno`, {
    interactive: true,
  });
  idp.accounts.set(PERSON.login, {
    email: PERSON.email,
    name: PERSON.name,
    groups: ['canal-investigadores', 'personal-casa-matriz'],
  });
  // Invited by e-mail first (accounts are not created at the first sign-in unless configured).
  personId = (
    await admin.call(contract.inviteUser, {
      body: { email: PERSON.email, nombre: PERSON.name, rol: 'auditor', organizaciones: [] },
    })
  ).id;
});
afterAll(async () => {
  await Promise.all(contexts.map((c) => c.close()));
  await browser?.close();
  await idp?.close();
});

async function adminPage(width = 1280): Promise<Page> {
  const { page, context } = await newPage(browser, width, width < 768 ? 812 : 900);
  contexts.push(context);
  const url = new URL(portalUrl());
  await context.addCookies(admin.cookies().map((c) => ({ ...c, domain: url.hostname, path: '/' })));
  return page;
}

/** A new browser (its own cookies) signing in through the provider's pages: the page, in. */
async function signInThroughProvider(): Promise<Page> {
  const { page, context } = await newPage(browser);
  contexts.push(context);
  await page.goto(portalUrl(null, webPaths.staffSignIn()));
  await page.getByRole('link', { name: `Ingresar con ${PROVIDER_NAME}` }).click();
  // The provider's own login page, then its consent page.
  await page.waitForURL(`${idp.issuer}/**`);
  await page.locator('input[name="login"]').fill(PERSON.login);
  await page.locator('input[name="password"]').fill('cualquiera');
  await page.locator('button[type="submit"]').click();
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.waitForURL(portalUrl(null, webPaths.staffInbox()), { timeout: 30_000 });
  await page.getByRole('heading', { name: 'Bandeja de casos', level: 1 }).waitFor();
  return page;
}

/** The page's next request finds its session ended: the sign-in page says so. */
async function expectSignedOut(page: Page) {
  await page.goto(portalUrl(null, webPaths.staffSessions()));
  await page.waitForURL(`**${webPaths.staffSignIn()}**`, { timeout: 30_000 });
  await page.getByRole('heading', { name: 'Ingresar a la gestión de casos' }).waitFor();
}

describe('single sign-on in Chromium', () => {
  it('an administrator configures a provider in the screen; its secret never comes back', async () => {
    const page = await adminPage();
    await page.goto(portalUrl(null, webPaths.staffSso()));
    await page.getByRole('heading', { name: 'Inicio de sesión único', level: 1 }).waitFor();
    await page.getByText(`${inject('baseUrl')}/v1/gestion/sso/retorno`).waitFor();
    await page.waitForLoadState('networkidle');
    await expectNoAxeViolations(page, 'inicio único');
    await page.getByRole('button', { name: 'Nuevo proveedor' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Identificador', { exact: true }).waitFor();
    await expectNoAxeViolations(page, 'nuevo proveedor');
    await dialog.getByLabel('Identificador', { exact: true }).fill('empresa');
    await dialog.getByLabel('Nombre en el botón de ingreso').fill(PROVIDER_NAME);
    await dialog.getByLabel('Emisor (issuer)').fill(idp.issuer);
    await dialog.getByLabel('Identificador de cliente (client id)').fill(idp.clientId);
    await dialog.getByLabel('Secreto de cliente (client secret)').fill(idp.clientSecret);
    await dialog.getByLabel('Alcances (scopes)').fill('openid email profile groups');
    await dialog.getByLabel('Administrador', { exact: true }).fill('canal-admins');
    await dialog.getByLabel('Investigador', { exact: true }).fill('canal-investigadores');
    await dialog.getByLabel('Auditor', { exact: true }).fill('canal-auditores');
    await dialog.getByLabel(HEAD_OFFICE.shortName, { exact: true }).fill('personal-casa-matriz');
    await dialog.getByRole('button', { name: 'Guardar' }).click();
    await page.getByText(`Se guardó el proveedor ${PROVIDER_NAME}.`).waitFor();
    await page.getByRole('rowheader', { name: new RegExp(PROVIDER_NAME) }).waitFor();
    expect(await page.content()).not.toContain(idp.clientSecret);

    // Opened again, the secret field is empty and says one is stored.
    await page.getByRole('button', { name: `Modificar el proveedor ${PROVIDER_NAME}` }).click();
    const secret = page.getByRole('dialog').getByLabel('Secreto de cliente (client secret)');
    expect(await secret.inputValue()).toBe('');
    await page.getByRole('dialog').getByText('Hay un secreto guardado').waitFor();
    await page.getByRole('dialog').getByRole('button', { name: 'Cancelar' }).click();
  });

  it('the screen fits a phone: no axe violation, no sideways scroll', async () => {
    const page = await adminPage(375);
    await page.goto(portalUrl(null, webPaths.staffSso()));
    await page.getByRole('rowheader', { name: new RegExp(PROVIDER_NAME) }).waitFor();
    await page.waitForLoadState('networkidle');
    await expectNoAxeViolations(page, 'inicio único (375 px)');
    await expectNoHorizontalScroll(page, 'inicio único (375 px)');
  });

  it("a person signs in through the provider's login and consent pages with the role of their group", async () => {
    const page = await signInThroughProvider();
    const me = await BackOffice.signedInOn(page).call(contract.currentSession, {});
    expect(me.usuario).toMatchObject({
      email: PERSON.email,
      rol: 'investigador',
      organizaciones: [HEAD_OFFICE.id],
    });
  });

  it('a person sees two sessions (two devices) and ends the other one, which is signed out at its next request', async () => {
    // Only this test's two browsers hold a session of this person.
    await admin.call(contract.endUserSessions, { params: { id: personId } });
    const first = await signInThroughProvider();
    const second = await signInThroughProvider();
    const [secondSession] = (
      await BackOffice.signedInOn(second).call(contract.listMySessions, {})
    ).filter((s) => s.actual);
    await first.goto(portalUrl(null, webPaths.staffSessions()));
    await first.getByRole('heading', { name: 'Mis sesiones', level: 1 }).waitFor();
    await first.getByText('Esta sesión').waitFor();
    const other = first.getByRole('button', { name: /^Cerrar la sesión de / });
    expect(await other.count()).toBe(1);
    await other.click();
    await first.getByText(/^Se cerró la sesión de /).waitFor();
    const left = await BackOffice.signedInOn(first).call(contract.listMySessions, {});
    expect(left.map((s) => s.id)).not.toContain(secondSession!.id);
    expect(left).toHaveLength(1);
    await expectSignedOut(second);
  });

  it("an administrator ends all of a person's sessions", async () => {
    const person = await signInThroughProvider();
    const page = await adminPage();
    await page.goto(portalUrl(null, webPaths.staffUsers()));
    await page.getByRole('button', { name: `Cerrar sesiones de ${PERSON.name}` }).click();
    await page.getByText(new RegExp(`Se cerraron las sesiones de ${PERSON.name}`)).waitFor();
    await expectSignedOut(person);
  });
});
