import type { Browser, BrowserContext, CDPSession, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { webPaths } from '@canal/shared';
import { contract } from '@canal/shared/contract';
import { BackOffice, STAFF_PASSWORD } from './support/back-office';
import { launchBrowser, newPage, portalUrl } from './support/browser';
import { expectNoAxeViolations } from './support/portal';
import { totp } from './support/totp';

/**
 * Issue 24, decision 0076: a person registers a passkey from «Mis sesiones», signs out and signs
 * in with it — alone, and instead of the code after the password — in Chromium with a virtual
 * authenticator (DevTools protocol), on the real server; a copy of the passkey whose signature
 * counter is behind the original's (a cloned authenticator) is refused; when the session ends while
 * a reply is typed, the passkey signs the person in again in place — picked in «Su sesión
 * expiró»'s autofill, or instead of the code — and the reply arrives; another person's passkey
 * picked there is refused by the server, which opens no session, and the page waits.
 *
 * The sign-in page also offers the passkey in the e-mail field's autofill (a conditional request).
 * Headless Chromium draws no autofill list, so nobody can pick from one; but with a virtual
 * authenticator it answers a conditional request at once with the authenticator's first passkey,
 * which stands in for the pick (and with no credential it refuses it at once, NotAllowedError).
 * Without the authenticator's presence the request waits: that is how the offer is held standing
 * while another way of signing in is tested, which must end it.
 */

let browser: Browser;
let admin: BackOffice;
/** Another administrator, who records a case and ends the first one's sessions. */
let other: BackOffice;
let email: string;
let userId: number;
/** The page and authenticator of the first test, signed in with the passkey. */
let signedInWithPasskey: { page: Page; cdp: CDPSession; id: string } | undefined;

beforeAll(async () => {
  browser = await launchBrowser();
  admin = await BackOffice.activateWith(inject('passkeysAdminToken'));
  other = await BackOffice.activateWith(inject('passkeysOtherAdminToken'));
  const me = (await admin.call(contract.currentSession, {})).usuario;
  email = me.email;
  userId = me.id;
});
afterAll(() => browser?.close());

/**
 * A virtual authenticator on `page`: CTAP2, built in, resident keys, verifying the person. `cdp`:
 * the page's DevTools session that already drives WebAuthn (one that replaces an authenticator).
 */
async function addAuthenticator(
  page: Page,
  cdp?: CDPSession,
): Promise<{ cdp: CDPSession; id: string }> {
  if (!cdp) {
    cdp = await page.context().newCDPSession(page);
    await cdp.send('WebAuthn.enable');
  }
  const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
  return { cdp, id: authenticatorId };
}

async function signedInPage(as = admin): Promise<{ page: Page; context: BrowserContext }> {
  const opened = await newPage(browser);
  const url = new URL(portalUrl());
  await opened.context.addCookies(
    as.cookies().map((c) => ({ ...c, domain: url.hostname, path: '/' })),
  );
  await watchAutofillOffers(opened.page);
  return opened;
}

/**
 * Records how each of the page's conditional (autofill) requests ended — «en espera» while it
 * stands, then «respondida» or the error's name — without changing them; and every console error
 * but the browser's own line for a refused request.
 */
async function watchAutofillOffers(page: Page): Promise<string[]> {
  await page.context().addInitScript(() => {
    const offers: string[] = [];
    (window as unknown as { autofillOffers: string[] }).autofillOffers = offers;
    const get = navigator.credentials.get.bind(navigator.credentials);
    navigator.credentials.get = (options) => {
      const pending = get(options);
      if (options?.mediation === 'conditional') {
        const at = offers.push('en espera') - 1;
        pending.then(
          () => (offers[at] = 'respondida'),
          (error: Error) => (offers[at] = error.name),
        );
      }
      return pending;
    };
  });
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' && !message.text().startsWith('Failed to load resource'))
      errors.push(message.text());
  });
  consoleErrors.set(page, errors);
  return errors;
}
const consoleErrors = new WeakMap<Page, string[]>();

/** The page's autofill offers so far (see watchAutofillOffers), the latest last. */
const offers = (page: Page) =>
  page.evaluate(() => (window as unknown as { autofillOffers: string[] }).autofillOffers);

const presence = (device: { cdp: CDPSession; id: string }, enabled: boolean) =>
  device.cdp.send('WebAuthn.setAutomaticPresenceSimulation', {
    authenticatorId: device.id,
    enabled,
  });

/** Signs out with the authenticator away, so the sign-in page's autofill offer stands unanswered. */
async function signOutWithOfferStanding(page: Page, device: { cdp: CDPSession; id: string }) {
  await presence(device, false);
  const before = (await offers(page)).length;
  await signOut(page);
  await expect.poll(() => offers(page)).toHaveLength(before + 1);
  expect((await offers(page)).at(-1)).toBe('en espera');
  await expect(page.getByLabel('Correo electrónico').getAttribute('autocomplete')).resolves.toBe(
    'username webauthn',
  );
  await presence(device, true);
}

/** «Su sesión expiró» answered with the password and «Usar mi llave…»: the dialog goes away. */
async function resumeWithPasswordAndPasskey(dialog: Locator) {
  await dialog.getByLabel('Contraseña').fill(STAFF_PASSWORD);
  await dialog.getByRole('button', { name: 'Usar mi llave de acceso en lugar del código' }).click();
  await dialog.waitFor({ state: 'detached', timeout: 30_000 });
}

async function signOut(page: Page) {
  await page.getByRole('button', { name: 'Cerrar sesión', exact: true }).click();
  await page.getByRole('heading', { name: 'Ingresar a la gestión de casos' }).waitFor();
}

/**
 * Signed in again: the back office's header (on the inbox, or back on the page the session ended
 * on); a refusal on the way fails with what the page said.
 */
async function signedIn(page: Page) {
  const header = page.getByRole('button', { name: 'Cerrar sesión', exact: true });
  const alert = page.getByRole('alert');
  await header.or(alert).first().waitFor({ timeout: 30_000 });
  if (!(await header.isVisible()))
    throw new Error(`no ingresó: ${await alert.first().textContent()}`);
}

/** Registers a passkey named `name` from «Mis sesiones» with the authenticator on `page`. */
async function registerPasskey(page: Page, name: string) {
  await page.goto(portalUrl(null, webPaths.staffSessions()));
  await page.getByRole('heading', { name: 'Llaves de acceso' }).waitFor({ timeout: 30_000 });
  await page.getByLabel('Nombre de la nueva llave').fill(name);
  await page.getByRole('button', { name: 'Registrar llave de acceso' }).click();
  await page.getByText(`Se registró la llave de acceso «${name}».`).waitFor();
}

/** The bodies the page sends to sign in with a passkey, and the statuses it is answered with. */
function watchPasskeySignIns(page: Page) {
  const seen: { body: Record<string, unknown>; status?: number }[] = [];
  page.on('request', (r) => {
    if (r.method() === 'POST' && new URL(r.url()).pathname === '/v1/gestion/sesion/llave')
      seen.push({ body: r.postDataJSON() as Record<string, unknown> });
  });
  page.on('response', (r) => {
    const request = r.request();
    if (request.method() === 'POST' && new URL(r.url()).pathname === '/v1/gestion/sesion/llave')
      seen.find((s) => s.status === undefined)!.status = r.status();
  });
  return seen;
}

/** Starts a reply on a new case, ends every session of the person and sends it. */
async function replyAfterTheSessionEnds(page: Page, label: string) {
  const receipt = await other.recordVerbalComplaint(
    `Llaves e2e ${label} ${Date.now()}: me amenazaron después de la reunión.`,
  );
  await page.goto(portalUrl(null, webPaths.staffCase(receipt.id)));
  const box = page.getByLabel('Respuesta', { exact: true });
  await box.waitFor({ timeout: 30_000 });
  const reply = `Respuesta tras volver a ingresar (${label}) ${Date.now()}.`;
  await box.fill(reply);
  // Another administrator ends every session of this person while the reply waits.
  await other.call(contract.endUserSessions, { params: { id: userId } });
  await page.getByRole('button', { name: 'Enviar respuesta' }).click();
  /** How many times the reply is in the case's record (the other administrator reads it). */
  const arrived = async () =>
    (await other.call(contract.viewCase, { params: { id: receipt.id } })).bitacora.visible.filter(
      (e) => e.comentario === reply,
    ).length;
  return { arrived };
}

describe('passkeys in Chromium', () => {
  it('registers a passkey, signs out, and signs in with it alone, instead of the code and from the e-mail field’s autofill; a cloned copy is refused', async () => {
    const { page } = await signedInPage();
    const device = await addAuthenticator(page);

    // Register it from «Mis sesiones», named.
    await registerPasskey(page, 'Portátil de pruebas');
    await page.getByRole('rowheader', { name: 'Portátil de pruebas' }).waitFor();
    const stored = (
      await device.cdp.send('WebAuthn.getCredentials', { authenticatorId: device.id })
    ).credentials;
    expect(stored).toHaveLength(1);
    expect(stored[0]!.isResidentCredential).toBe(true);

    // Sign out: the sign-in page offers the passkey in the e-mail field's autofill (axe finds
    // nothing wrong with it); «Ingresar con llave de acceso» ends that offer and signs in.
    await signOutWithOfferStanding(page, device);
    await expectNoAxeViolations(page, 'ingreso con la oferta de llaves en el correo');
    await page.getByRole('button', { name: 'Ingresar con llave de acceso' }).click();
    await signedIn(page);
    expect((await offers(page)).at(-1)).toBe('AbortError');

    // Sign out, then in with e-mail, password and the passkey instead of the code: the offer ends.
    await signOutWithOfferStanding(page, device);
    await page.getByLabel('Correo electrónico').fill(email);
    await page.getByLabel('Contraseña', { exact: true }).fill(STAFF_PASSWORD);
    await page.getByRole('button', { name: 'Usar mi llave de acceso en lugar del código' }).click();
    await signedIn(page);
    expect((await offers(page)).at(-1)).toBe('AbortError');

    // Sign out, then in with e-mail, password and code: the offer ends as well.
    await signOutWithOfferStanding(page, device);
    await page.getByLabel('Correo electrónico').fill(email);
    await page.getByLabel('Contraseña', { exact: true }).fill(STAFF_PASSWORD);
    await page
      .getByLabel('Código de verificación')
      .fill(totp(admin.totpSecret!, Date.now() + 30_000));
    await page.getByRole('button', { name: 'Ingresar', exact: true }).click();
    await signedIn(page);
    expect((await offers(page)).at(-1)).toBe('AbortError');

    // Sign out with the authenticator at hand: the passkey taken from the autofill signs in,
    // nothing clicked.
    const before = (await offers(page)).length;
    await signOut(page);
    await signedIn(page);
    expect((await offers(page)).slice(before)).toEqual(['respondida']);
    // Every offer ended quietly: no unhandled rejection (newPage fails on a page error), nothing
    // on the console.
    expect(consoleErrors.get(page)).toEqual([]);

    // «Mis sesiones» says how this session was opened and when the passkey was last used.
    await page.goto(portalUrl(null, webPaths.staffSessions()));
    const current = page.getByRole('row', { name: /Esta sesión/ });
    await expect.poll(async () => current.textContent()).toContain('Llave de acceso');
    const row = page.getByRole('row', { name: /Portátil de pruebas/ });
    await expect.poll(async () => row.textContent()).not.toContain('Nunca');
    signedInWithPasskey = { page, ...device };

    // The private key copied to another authenticator, its counter behind the original's: refused.
    const [original] = (
      await device.cdp.send('WebAuthn.getCredentials', { authenticatorId: device.id })
    ).credentials;
    expect(original!.signCount).toBeGreaterThanOrEqual(2);
    // Taken from the autofill it is refused the same (the same request to the server), and the
    // offer is not made again on its own: one refusal, not a loop.
    const { page: other } = await newPage(browser);
    await watchAutofillOffers(other);
    const clone = await addAuthenticator(other);
    await clone.cdp.send('WebAuthn.addCredential', {
      authenticatorId: clone.id,
      credential: { ...original!, signCount: 0 },
    });
    const answers: string[] = [];
    other.on('request', (r) => {
      if (r.method() === 'POST' && new URL(r.url()).pathname === '/v1/gestion/sesion/llave')
        answers.push(r.url());
    });
    await other.goto(portalUrl(null, webPaths.staffSignIn()));
    await other.getByText('No pudimos verificar su llave de acceso').waitFor({ timeout: 30_000 });
    await other.waitForTimeout(1000);
    expect(answers).toHaveLength(1);
    expect(await offers(other)).toEqual(['respondida']);
    // And from the button.
    await other.getByRole('button', { name: 'Ingresar con llave de acceso' }).click();
    await expect.poll(() => answers.length).toBeGreaterThanOrEqual(2);
    await other.getByText('No pudimos verificar su llave de acceso').waitFor();
    expect(new URL(other.url()).pathname).toBe(webPaths.staffSignIn());
  });

  it('signs in again with the passkey picked in «Su sesión expiró»’s autofill, or instead of the code, when the session ends while a reply is typed, and the reply arrives', async () => {
    expect(signedInWithPasskey, 'the first test signed in with a passkey').toBeDefined();
    const { page, ...device } = signedInWithPasskey!;
    const signIns = watchPasskeySignIns(page);

    // The dialog's password field offers the passkey (the case page makes no offer of its own);
    // the authenticator answers the offer at once (the pick), the page is resumed and the reply
    // sent, nothing typed or pressed.
    const first = await replyAfterTheSessionEnds(page, 'autocompletada');
    await expect.poll(first.arrived, { timeout: 30_000 }).toBe(1);
    expect(await offers(page)).toEqual(['respondida']);
    expect(await page.getByRole('dialog').count()).toBe(0);
    // Sent with the e-mail of the person signed in on the page and no password: the server takes
    // only a passkey of that account.
    expect(signIns).toEqual([{ body: expect.objectContaining({ email }), status: 200 }]);
    expect(Object.keys(signIns[0]!.body).sort()).toEqual(['email', 'respuesta']);

    // With the authenticator away the offer stands; the password and «Usar mi llave de acceso en
    // lugar del código» end it and sign in.
    await presence(device, false);
    const second = await replyAfterTheSessionEnds(page, 'en lugar del código');
    const dialog = page.getByRole('dialog', { name: 'Su sesión expiró' });
    await dialog.waitFor({ timeout: 30_000 });
    await expect.poll(() => offers(page)).toEqual(['en espera']);
    await expect(dialog.getByLabel('Contraseña').getAttribute('autocomplete')).resolves.toBe(
      'current-password webauthn',
    );
    await presence(device, true);
    await resumeWithPasswordAndPasskey(dialog);
    await expect.poll(second.arrived, { timeout: 30_000 }).toBe(1);
    expect(await offers(page)).toEqual(['AbortError']);
    expect(signIns.at(-1)).toEqual({
      body: expect.objectContaining({ email, password: STAFF_PASSWORD }),
      status: 200,
    });
    expect(consoleErrors.get(page)).toEqual([]);
  });

  it('does not resume the page with another person’s passkey: the server refuses it and opens no session', async () => {
    expect(signedInWithPasskey, 'the first test signed in with a passkey').toBeDefined();
    const { page, ...device } = signedInWithPasskey!;

    // The other administrator registers a passkey of their own; it opens their session alone.
    const { page: theirs } = await signedInPage(other);
    const theirDevice = await addAuthenticator(theirs);
    await registerPasskey(theirs, 'Llave de la otra persona');
    const [theirKey] = (
      await theirDevice.cdp.send('WebAuthn.getCredentials', { authenticatorId: theirDevice.id })
    ).credentials;
    // This page's authenticator now holds only that passkey (its own is kept aside).
    const [ownKey] = (
      await device.cdp.send('WebAuthn.getCredentials', { authenticatorId: device.id })
    ).credentials;
    await device.cdp.send('WebAuthn.removeVirtualAuthenticator', { authenticatorId: device.id });
    const borrowed = await addAuthenticator(page, device.cdp);
    await borrowed.cdp.send('WebAuthn.addCredential', {
      authenticatorId: borrowed.id,
      credential: theirKey!,
    });
    const theirSessions = (await other.call(contract.listMySessions, {})).length;
    const signIns = watchPasskeySignIns(page);

    // The dialog's offer is answered at once with the other person's passkey: refused.
    const reply = await replyAfterTheSessionEnds(page, 'llave ajena');
    const dialog = page.getByRole('dialog', { name: 'Su sesión expiró' });
    await dialog.getByText('No pudimos verificar su llave de acceso').waitFor({ timeout: 30_000 });
    expect(signIns).toEqual([{ body: expect.objectContaining({ email }), status: 401 }]);
    await expect(dialog.textContent()).resolves.toContain(`(${email})`);
    expect(await reply.arrived()).toBe(0);
    // No session was opened for the passkey's owner either.
    expect((await other.call(contract.listMySessions, {})).length).toBe(theirSessions);

    // The person's own passkey back, after the password: the page is resumed and the reply sent.
    await borrowed.cdp.send('WebAuthn.removeVirtualAuthenticator', {
      authenticatorId: borrowed.id,
    });
    const own = await addAuthenticator(page, device.cdp);
    await own.cdp.send('WebAuthn.addCredential', { authenticatorId: own.id, credential: ownKey! });
    await resumeWithPasswordAndPasskey(dialog);
    await expect.poll(reply.arrived, { timeout: 30_000 }).toBe(1);
    expect(signIns.map((s) => s.status)).toEqual([401, 200]);
  });
});
