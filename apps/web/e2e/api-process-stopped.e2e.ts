import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '@canal/shared';
import { launchBrowser, newPage } from './support/browser';
import { block } from './support/detail';
import { startOwnServer, type OwnServer } from './support/own-server';
import { fileAnonymousComplaint, fillAnonymousComplaint } from './support/portal';

/**
 * Issue 12, with the API process really stopped: this file starts a server of its own (the real
 * process, serving the portal built for the run, on its own port and data folder), opens the
 * portal in five tabs and types in each (a complaint about to be saved, a comment on the detail
 * page, the follow-up sign-in, both recovery dialogs), then kills the process by its pid. Each
 * action then says in Spanish that there is no connection and what to do (MESSAGES.noConnection),
 * never "Failed to fetch", "Error desconocido" or that the code or e-mail is wrong, and keeps what
 * was typed. The process is started again on the same port and data folder, and the same tabs,
 * without anything typed again, file the complaint, save the comment, sign in and send the
 * recovery mails. (api-unreachable.e2e.ts covers the same flows behind a gateway answering 502.)
 */

let server: OwnServer | undefined;
let browser: Browser | undefined;
const contexts: BrowserContext[] = [];

let port: number;
const url = (pathname = '/') => `http://localhost:${port}${pathname}`;

async function tab(): Promise<Page> {
  const { page, context } = await newPage(browser!);
  contexts.push(context);
  await page.goto(url());
  await page.getByRole('heading', { name: 'Canal de denuncias', level: 1 }).waitFor();
  return page;
}

beforeAll(async () => {
  server = await startOwnServer();
  ({ port } = server);
  browser = await launchBrowser();
});

afterAll(async () => {
  try {
    for (const context of contexts) await context.close().catch(() => undefined);
    await browser?.close();
  } finally {
    await server?.remove();
  }
});

const stamp = Date.now();
const password = 'Detenido#2024';
const filerEmail = `detenido.${stamp}@correo.cl`;
const description = `Servidor detenido e2e ${stamp}: desaparecen herramientas del taller.`;
const comment = `Servidor detenido e2e ${stamp}: volvió a ocurrir el lunes.`;
const recoveryEmail = `comentario.detenido.${stamp}@correo.cl`;

/** What each tab holds once typed, for the checks after the kill and after the restart. */
interface Tabs {
  filing: { page: Page; dialog: Locator; description: Locator };
  detail: { page: Page; comment: Locator };
  signIn: { page: Page; form: Locator };
  codeRecovery: { page: Page; dialog: Locator };
  passwordRecovery: { page: Page; dialog: Locator };
  code: string;
}
let tabs: Tabs;

/** None of the wordings a person must not read when the service is away. */
async function expectNoWrongWording(page: Page) {
  for (const wrong of [
    'Failed to fetch',
    MESSAGES.unknownError,
    MESSAGES.routeUnknownError,
    MESSAGES.loginUnauthorized,
    MESSAGES.codeRecoveryFailed,
    MESSAGES.passwordRecoveryFailed,
    'HTTP ',
  ])
    expect(await page.getByText(wrong).count(), `«${wrong}» en ${page.url()}`).toBe(0);
}

describe('with the API process killed while the portal is open', () => {
  it('five open tabs hold what was typed in them', async () => {
    // A filed complaint, signed in on its detail page, a comment typed.
    const detail = await tab();
    const code = await fileAnonymousComplaint(
      detail,
      recoveryEmail,
      password,
      `Servidor detenido e2e ${stamp}: cambian los turnos sin aviso.`,
    );
    const commentBox = block(detail, 'Agregar comentario').getByLabel('Comentario', {
      exact: true,
    });
    await commentBox.fill(comment);

    // A complaint typed up to the save modal, its e-mail and password typed.
    const filing = await tab();
    await (await fillAnonymousComplaint(filing, description)).click();
    const descriptionBox = filing.getByLabel('Descripción de los hechos', { exact: true });
    const saveDialog = filing.getByRole('dialog', {
      name: 'Generar contraseña de recuperación y seguimiento',
    });
    await saveDialog.getByLabel('Correo electrónico de contacto').fill(filerEmail);
    await saveDialog.getByLabel('Repetir correo electrónico').fill(filerEmail);
    await saveDialog.getByLabel('Contraseña', { exact: true }).fill(password);
    await saveDialog.getByLabel('Repetir contraseña').fill(password);
    const save = saveDialog.getByRole('button', { name: 'Guardar denuncia' });
    await expect.poll(() => save.isEnabled()).toBe(true);

    // The follow-up sign-in, code and password typed.
    const signIn = await tab();
    const form = signIn.getByRole('region', { name: 'Consultar estado de su denuncia' });
    await form.getByLabel('Código de denuncia').fill(code);
    await form.getByLabel('Contraseña').fill(password);

    // Both recovery dialogs open (their code is loaded), the e-mail (and code) typed.
    const codeTab = await tab();
    await codeTab.getByRole('button', { name: 'Olvidé el código de mi denuncia' }).click();
    const codeDialog = codeTab.getByRole('dialog', { name: 'Recuperar código denuncia' });
    await codeDialog.getByLabel('Correo electrónico').fill(recoveryEmail);
    const passwordTab = await tab();
    await passwordTab.getByRole('button', { name: /^Olvidé (la|mi) contraseña/ }).click();
    const passwordDialog = passwordTab.getByRole('dialog', {
      name: 'Recuperar contraseña denuncia',
    });
    await passwordDialog.getByLabel('Código de denuncia').fill(code);
    await passwordDialog.getByLabel('Correo electrónico').fill(recoveryEmail);

    tabs = {
      filing: { page: filing, dialog: saveDialog, description: descriptionBox },
      detail: { page: detail, comment: commentBox },
      signIn: { page: signIn, form },
      codeRecovery: { page: codeTab, dialog: codeDialog },
      passwordRecovery: { page: passwordTab, dialog: passwordDialog },
      code,
    };
  });

  it('each action says in Spanish that there is no connection and keeps the text', async () => {
    expect(await server!.kill()).toBe('SIGKILL');
    // Nothing answers on the port any more: the connection itself is refused.
    await expect(fetch(url('/v1/configuracion'))).rejects.toThrow();

    const { filing, detail, signIn, codeRecovery, passwordRecovery, code } = tabs;

    await filing.dialog.getByRole('button', { name: 'Guardar denuncia' }).click();
    await filing.dialog
      .getByRole('alert')
      .getByText(MESSAGES.noConnection, { exact: true })
      .waitFor({ timeout: 30_000 });
    expect(await filing.page.getByRole('dialog', { name: 'Denuncia Ingresada' }).count()).toBe(0);
    expect(await filing.dialog.getByLabel('Correo electrónico de contacto').inputValue()).toBe(
      filerEmail,
    );
    expect(await filing.dialog.getByLabel('Contraseña', { exact: true }).inputValue()).toBe(
      password,
    );
    expect(await filing.description.inputValue()).toBe(description);
    await expectNoWrongWording(filing.page);

    await detail.page.getByRole('button', { name: 'Guardar cambios' }).click();
    await detail.page
      .getByRole('alert')
      .getByText(MESSAGES.noConnection, { exact: true })
      .waitFor({ timeout: 30_000 });
    expect(await detail.comment.inputValue()).toBe(comment);
    expect(await detail.page.getByRole('dialog').count()).toBe(0);
    await expectNoWrongWording(detail.page);

    await signIn.form.getByRole('button', { name: 'Consultar denuncia' }).click();
    await signIn.form
      .getByRole('alert')
      .getByText(MESSAGES.noConnection, { exact: true })
      .waitFor({ timeout: 30_000 });
    expect(await signIn.form.getByLabel('Código de denuncia').inputValue()).toBe(code);
    expect(await signIn.form.getByLabel('Contraseña').inputValue()).toBe(password);
    expect(signIn.page.url()).toBe(url());
    await expectNoWrongWording(signIn.page);

    await codeRecovery.dialog.getByRole('button', { name: 'Reenviar codigo' }).click();
    await codeRecovery.dialog
      .getByRole('alert')
      .getByText(MESSAGES.noConnection, { exact: true })
      .waitFor({ timeout: 30_000 });
    expect(await codeRecovery.dialog.getByLabel('Correo electrónico').inputValue()).toBe(
      recoveryEmail,
    );
    await expectNoWrongWording(codeRecovery.page);

    await passwordRecovery.dialog.getByRole('button', { name: 'Reenviar contraseña' }).click();
    await passwordRecovery.dialog
      .getByRole('alert')
      .getByText(MESSAGES.noConnection, { exact: true })
      .waitFor({ timeout: 30_000 });
    expect(await passwordRecovery.dialog.getByLabel('Código de denuncia').inputValue()).toBe(code);
    expect(await passwordRecovery.dialog.getByLabel('Correo electrónico').inputValue()).toBe(
      recoveryEmail,
    );
    await expectNoWrongWording(passwordRecovery.page);
  });

  it('started again on the same port, the same tabs finish without typing anything again', async () => {
    await server!.start();
    const { filing, detail, signIn, codeRecovery, passwordRecovery, code } = tabs;

    await filing.dialog.getByRole('button', { name: 'Guardar denuncia' }).click();
    const done = filing.page.getByRole('dialog', { name: 'Denuncia Ingresada' });
    await done.waitFor({ timeout: 60_000 });
    const filed = ((await done.locator('strong').first().textContent()) ?? '').trim();
    expect(filed).toMatch(/^[1-9]\d{11}$/);
    expect(filed).not.toBe(code);

    await detail.page.getByRole('button', { name: 'Guardar cambios' }).click();
    // Saved: only a saved comment empties the box; the log shows it.
    await expect.poll(() => detail.comment.inputValue(), { timeout: 30_000 }).toBe('');
    expect(await detail.page.getByRole('alert').count()).toBe(0);
    await block(detail.page, 'Bitácora').getByText(comment).first().waitFor({ timeout: 30_000 });

    await signIn.form.getByRole('button', { name: 'Consultar denuncia' }).click();
    await signIn.page.waitForURL(`**/detalle-denuncia/${code}`, { timeout: 30_000 });
    await signIn.page.getByRole('heading', { name: 'Resumen denuncia', level: 1 }).waitFor();

    await codeRecovery.dialog.getByRole('button', { name: 'Reenviar codigo' }).click();
    await codeRecovery.dialog
      .getByRole('status')
      .filter({ hasText: 'corresponde a una denuncia' })
      .waitFor({ timeout: 30_000 });

    await passwordRecovery.dialog.getByRole('button', { name: 'Reenviar contraseña' }).click();
    await passwordRecovery.dialog
      .getByRole('status')
      .filter({ hasText: 'un enlace para crear una nueva contraseña' })
      .waitFor({ timeout: 30_000 });
  });
});
