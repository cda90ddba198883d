import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HEAD_OFFICE, ORGANIZATIONS, organizationByKey, webPaths } from '@canal/shared';
import { contract } from '@canal/shared/contract';
import { BackOffice, STAFF_PASSWORD } from './support/back-office';
import { expectNoHorizontalScroll, launchBrowser, newPage, waitForMail } from './support/browser';
import { startOwnServer, type OwnServer } from './support/own-server';
import { expectNoAxeViolations, fileAnonymousComplaint } from './support/portal';
import { totpNow } from './support/totp';

/**
 * Issue 22, "Nobody left alone", in Chromium at 375 and 1280 px, on a server of this spec's own
 * (its database is changed while it is stopped): the first administrator of a fresh admin:create
 * receives every organisation, and the back office says when an organisation reaches nobody; a
 * closed complaint says so and still takes a comment; a staff session that lapses while a reply is
 * typed asks for password and code in place, and the reply arrives.
 */

const RUN = Date.now();
const ADMIN = { email: `primera.${RUN}@canal-denuncias.cl`, name: 'Primera Administradora' };
const WIDTHS = [375, 1280] as const;

let browser: Browser;
let server: OwnServer;
let admin: BackOffice;
let adminId: number;
/** The administrator's page, signed in once (each sign-in spends a TOTP step). */
let staff: Page;

const at = (pathname: string) => `${server.base}${pathname}`;

beforeAll(async () => {
  browser = await launchBrowser();
  server = await startOwnServer(ADMIN);
  // The previous step for the activation: the browser then signs in with the current one and the
  // re-sign-in below with the next one, each later than the last (the server refuses a replay).
  admin = await BackOffice.activateWith(server.adminToken!, server.base, -1);
  adminId = (await admin.call(contract.listUsers, {})).find((u) => u.email === ADMIN.email)!.id;
  ({ page: staff } = await newPage(browser, 375, 812));
  await staff.goto(at(webPaths.staffSignIn()));
  await staff.getByLabel('Correo electrónico').fill(ADMIN.email);
  await staff.getByLabel('Contraseña').fill(STAFF_PASSWORD);
  await staff.getByLabel('Código de verificación').fill(totpNow(admin.totpSecret!));
  await staff.getByRole('button', { name: 'Ingresar', exact: true }).click();
  await staff.getByRole('heading', { name: 'Bandeja de casos' }).waitFor({ timeout: 30_000 });
});
afterAll(async () => {
  await browser?.close();
  await server?.remove();
});

/** Axe and the width at each size, leaving the page at 1280 px. */
async function checkAtEveryWidth(page: Page, where: string) {
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: width < 768 ? 812 : 900 });
    await expectNoAxeViolations(page, `${where} (${width} px)`);
    await expectNoHorizontalScroll(page, `${where} (${width} px)`);
  }
}

describe('who receives each organisation’s new complaints', () => {
  it('is the first administrator for all thirteen; limited to the head office, the inbox and "Avisos" say who is left alone', async () => {
    await staff.goto(at(webPaths.staffAlertRules()));
    const coverage = staff.getByRole('table', {
      name: 'Personas que reciben el aviso de cada denuncia nueva, por organización',
    });
    await coverage.waitFor({ timeout: 30_000 });
    const rows = coverage.locator('tbody tr');
    expect(await rows.count()).toBe(ORGANIZATIONS.length);
    for (const text of await rows.allTextContents())
      expect(text).toContain(`${ADMIN.name} (todas las organizaciones)`);
    expect(await staff.getByText('Nadie recibe los avisos de').count()).toBe(0);

    // Someone limits the administrator to the head office: twelve organisations reach nobody.
    await admin.call(contract.updateUser, {
      params: { id: adminId },
      body: { organizaciones: [HEAD_OFFICE.id] },
    });
    await staff.goto(at(webPaths.staffInbox()));
    const warning = staff.getByRole('alert').filter({
      hasText: '12 organizaciones no avisan a nadie de sus denuncias nuevas',
    });
    await warning.waitFor({ timeout: 30_000 });
    expect(await warning.textContent()).toContain(organizationByKey('cem').shortName);
    await staff.waitForLoadState('networkidle');
    await checkAtEveryWidth(staff, 'bandeja con organizaciones sin avisos');

    await warning.getByRole('link', { name: 'quién recibe los avisos' }).click();
    const cem = coverage.getByRole('row', { name: new RegExp(organizationByKey('cem').shortName) });
    await cem.waitFor({ timeout: 30_000 });
    expect(await cem.textContent()).toContain('Nadie: sus denuncias nuevas no se avisan a nadie');
    await staff.waitForLoadState('networkidle');
    await checkAtEveryWidth(staff, 'avisos con organizaciones sin avisos');

    // Back to every organisation: nobody is left alone, nothing warns.
    await admin.call(contract.updateUser, {
      params: { id: adminId },
      body: { organizaciones: [] },
    });
    await staff.goto(at(webPaths.staffInbox()));
    await staff.getByRole('heading', { name: 'Bandeja de casos' }).waitFor();
    await staff.waitForLoadState('networkidle');
    expect(await staff.getByText('no avisan a nadie').count()).toBe(0);
  });
});

describe('a closed complaint', () => {
  it('says it is closed and what the person can do, and takes a comment the team is told of', async () => {
    const marker = `Cierre e2e ${RUN}: se pierden insumos de la bodega cada semana.`;
    const { page, context } = await newPage(browser, 375, 812);
    await page.goto(at('/'));
    await fileAnonymousComplaint(page, `cierre.${RUN}@correo.cl`, 'Cierre#2024', marker);
    const found = await admin.findCaseByDescription(marker);
    const view = await admin.call(contract.viewCase, { params: { id: found.id } });
    await admin.call(contract.changeStatus, {
      params: { id: found.id },
      body: {
        estado: 'Cerrada',
        comentario: 'Concluimos la investigación.',
        resolucion: 'No se acreditaron los hechos.',
        hitos_confirmados: view.hitos
          .filter((h) => h.estado !== 'done' && !h.registra_cierre)
          .map((h) => h.clave),
      },
    });

    await page.reload();
    const block = page.getByRole('region', { name: 'Agregar comentario' });
    await block.getByText('Su denuncia está cerrada.').waitFor({ timeout: 30_000 });
    expect(await block.textContent()).toContain('acudir a la Dirección del Trabajo');
    expect(
      await block.getByRole('link', { name: 'ingresar una nueva denuncia' }).getAttribute('href'),
    ).toBe('/ingresar-denuncia');
    expect(await block.getByText('Adjuntar antecedentes').count()).toBe(0);
    await checkAtEveryWidth(page, 'denuncia cerrada');

    const comment = `No estoy de acuerdo con la resolución ${RUN}.`;
    const box = block.getByLabel('Comentario', { exact: true });
    await box.fill(comment);
    await page.getByRole('button', { name: 'Guardar cambios' }).click();
    await expect.poll(() => box.inputValue(), { timeout: 30_000 }).toBe('');
    expect(await page.getByRole('alert').count()).toBe(0);
    await page.getByText(comment).first().waitFor();

    const after = await admin.call(contract.viewCase, { params: { id: found.id } });
    expect(after.caso.estado).toBe('Cerrada');
    expect(after.bitacora.visible.at(-1)?.comentario).toBe(comment);
    const mail = await waitForMail(
      (m) => m.to === ADMIN.email && m.text.includes(`${found.numero}, que ya está cerrado`),
      20_000,
      server.base,
    );
    expect(mail.text).not.toContain(comment);
    await context.close();
  });
});

describe('a staff session that lapses while a reply is typed', () => {
  it('is kept alive by typing; once lapsed, saving asks for password and code in place, and the reply arrives', async () => {
    const marker = `Sesión e2e ${RUN}: mi jefatura me grita frente al equipo todas las semanas.`;
    const receipt = await admin.recordVerbalComplaint(marker);
    await staff.setViewportSize({ width: 1280, height: 900 });
    await staff.goto(at(webPaths.staffCase(receipt.id)));
    const box = staff.getByLabel('Respuesta', { exact: true });
    await box.waitFor({ timeout: 30_000 });
    const reply = `Conclusiones ${RUN}: se acreditan los hechos; se adoptan medidas de resguardo.`;
    // Typing touches the session (a read of it), so writing is not idleness.
    const touched = staff.waitForRequest(
      (r) => r.method() === 'GET' && new URL(r.url()).pathname === '/v1/gestion/sesion',
    );
    await box.pressSequentially(reply.slice(0, 20));
    await touched;
    await box.fill(reply);

    // 31 minutes without activity pass for the server: the session lapses while the text waits.
    await server.stop();
    const services = await server.services();
    try {
      await services.db.query(
        "UPDATE staff_sessions SET last_seen_at = now() - interval '31 minutes'",
      );
    } finally {
      await services.files.store.close();
      await services.db.close();
    }
    await server.start();

    const caseUrl = staff.url();
    await staff.getByRole('button', { name: 'Enviar respuesta' }).click();
    const dialog = staff.getByRole('dialog', { name: 'Su sesión expiró' });
    await dialog.waitFor({ timeout: 30_000 });
    expect(staff.url()).toBe(caseUrl);
    expect(await dialog.textContent()).toContain(`${ADMIN.name} (${ADMIN.email})`);
    // The case is hidden behind it (an unattended screen shows nothing), not gone.
    expect(await box.isVisible()).toBe(false);
    for (const width of WIDTHS) {
      await staff.setViewportSize({ width, height: width < 768 ? 812 : 900 });
      await expectNoAxeViolations(staff, `el diálogo de sesión expirada (${width} px)`);
    }

    await dialog.getByLabel('Contraseña').fill(STAFF_PASSWORD);
    await dialog.getByLabel('Código de verificación').fill(totpNow(admin.totpSecret!, 1));
    await dialog.getByRole('button', { name: 'Ingresar nuevamente' }).click();
    await dialog.waitFor({ state: 'detached', timeout: 30_000 });
    await staff.getByText('Respuesta registrada.').waitFor({ timeout: 30_000 });
    expect(await box.inputValue()).toBe('');

    const view = await BackOffice.signedInOn(staff).call(contract.viewCase, {
      params: { id: receipt.id },
    });
    expect(view.bitacora.visible.filter((e) => e.comentario === reply)).toHaveLength(1);
  });
});
