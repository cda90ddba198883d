import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newPage, portalUrl } from './support/browser';
import { block } from './support/detail';
import { expectNoAxeViolations, fileAnonymousComplaint } from './support/portal';

/**
 * Issue 12: the complainant's session ends while the detail page is open (as 30 idle minutes end
 * it); "Guardar cambios" asks for code and password in place, and the comment being typed is sent
 * after signing in again. The test files its own complaint.
 */

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

describe('a session that ends on the detail page', () => {
  it('asks to sign in again there, keeps the comment and sends it', async () => {
    const stamp = Date.now();
    const password = 'Sesion#2024';
    const { page, context } = await newPage(browser);
    await page.goto(portalUrl());
    const code = await fileAnonymousComplaint(
      page,
      `sesion.${stamp}@correo.cl`,
      password,
      `Sesión e2e ${stamp}: se pierden insumos de la bodega cada semana.`,
    );
    const area = block(page, 'Agregar comentario');
    const comment = area.getByLabel('Comentario', { exact: true });
    const typed = `Lo escribí antes de que la sesión terminara ${stamp}.`;
    await comment.fill(typed);

    // The server forgets the session, as it does after 30 idle minutes, while this tab still holds
    // it: another tab with the same token presses "Salir".
    const session = await page.evaluate(() => sessionStorage.getItem('canal.sesion'));
    expect(session).toContain('token');
    const other = await context.newPage();
    await other.goto(portalUrl());
    await other.evaluate((s) => sessionStorage.setItem('canal.sesion', s!), session);
    await other.goto(portalUrl(null, `/detalle-denuncia/${code}`));
    // The sign-out must reach the server: a refused DELETE leaves the session alive, and the save
    // below would then succeed instead of asking to sign in again.
    const signOut = other.waitForResponse(
      (r) => r.url().endsWith('/v1/denuncias/sesion') && r.request().method() === 'DELETE',
    );
    await other.getByRole('button', { name: 'Salir' }).click();
    expect((await signOut).status()).toBe(204);
    await other.waitForURL(portalUrl());
    await other.close();
    expect(await page.evaluate(() => sessionStorage.getItem('canal.sesion'))).toBe(session);

    const save = page.getByRole('button', { name: 'Guardar cambios' });
    await save.click();
    const dialog = page.getByRole('dialog', { name: 'Su sesión expiró' });
    await dialog.waitFor({ timeout: 30_000 });
    expect(page.url()).toBe(portalUrl(null, `/detalle-denuncia/${code}`));
    expect(await dialog.getByLabel('Código de denuncia').inputValue()).toBe(code);
    await expectNoAxeViolations(page, 'el diálogo de sesión expirada');

    await dialog.getByLabel('Contraseña').fill(password);
    await dialog.getByRole('button', { name: 'Ingresar nuevamente' }).click();
    await dialog.waitFor({ state: 'detached', timeout: 30_000 });
    await page
      .getByRole('status')
      .getByText(/^Ingresó nuevamente/)
      .waitFor();
    expect(await comment.inputValue()).toBe(typed);

    await save.click();
    // Saved: the form is reset (only a saved comment clears it) and nothing went wrong.
    await expect.poll(() => comment.inputValue(), { timeout: 30_000 }).toBe('');
    expect(await page.getByRole('dialog').count()).toBe(0);
    expect(await page.getByRole('alert').count()).toBe(0);
    await context.close();
  });
});
