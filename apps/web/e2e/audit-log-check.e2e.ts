import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ORGANIZATIONS, webPaths } from '@canal/shared';
import { contract } from '@canal/shared/contract';
import { BackOffice } from './support/back-office';
import { launchBrowser, newPage, waitForMail } from './support/browser';
import { startOwnServer, type OwnServer } from './support/own-server';

/**
 * «Verificar todo el registro» (issue 20, decision 0073) on the real server: an auditor checks the
 * whole audit log in Chromium against the latest signed checkpoint; then an entry is rewritten in
 * the database by whoever holds its owner's rights (the append-only trigger switched off, as an
 * attacker would), and the same check names that entry. A server of its own: the spec works on
 * its embedded database.
 */

const RUN = Date.now();
const ADMIN = { email: `registro.${RUN}@canal-denuncias.cl`, name: 'Registro Íntegro E2E' };
const AUDITOR = { email: `auditora.${RUN}@canal-denuncias.cl`, name: 'Auditora E2E' };

let browser: Browser;
let server: OwnServer;

beforeAll(async () => {
  browser = await launchBrowser();
  server = await startOwnServer(ADMIN);
});
afterAll(async () => {
  await browser?.close();
  await server?.remove();
});

describe('the whole audit log checked in the browser', () => {
  it('is whole against the signed checkpoint, and names the entry rewritten in the database', async () => {
    const admin = await BackOffice.activateWith(server.adminToken!, server.base);
    await admin.call(contract.inviteUser, {
      body: {
        email: AUDITOR.email,
        nombre: AUDITOR.name,
        rol: 'auditor',
        organizaciones: ORGANIZATIONS.map((o) => o.id),
      },
    });
    const invitation = await waitForMail(
      (m) => m.to.includes(AUDITOR.email) && /Invitación/.test(m.subject),
      20_000,
      server.base,
    );
    const token = /\/gestion\/activar#([A-Za-z0-9_-]{43})/.exec(invitation.text)?.[1];
    expect(token).toBeTruthy();
    const auditor = await BackOffice.activateWith(token!, server.base);
    const checkpoint = await admin.call(contract.issueAuditCheckpoint, {});

    const { page, context } = await newPage(browser);
    await context.addCookies(auditor.cookies().map((c) => ({ ...c, url: server.base })));
    await page.goto(`${server.base}${webPaths.staffAudit()}`);
    const run = page.getByRole('button', { name: 'Verificar todo el registro' });
    await run.click({ timeout: 30_000 });
    // Either result, so that a failure says what the page said.
    const outcome = page
      .getByText(/^Registro (no )?íntegro:/)
      .or(page.getByRole('alert'))
      .first();
    await outcome.waitFor({ timeout: 60_000 });
    expect(await outcome.textContent()).toMatch(
      new RegExp(
        `^Registro íntegro: ${checkpoint.tamano} entradas coinciden con el punto de control firmado el \\d{2}-\\d{2}-\\d{4} / \\d{2}:\\d{2}:\\d{2}\\.$`,
      ),
    );

    // The invitation's entry, rewritten where it is stored, with the server stopped.
    await server.stop();
    const services = await server.services();
    let target: { id: number } | undefined;
    try {
      [target] = await services.db.query<{ id: number }>(
        `SELECT id FROM audit_log WHERE action = 'usuario.invitado' ORDER BY id LIMIT 1`,
      );
      await services.db.transaction(async (tx) => {
        await tx.query('ALTER TABLE audit_log DISABLE TRIGGER audit_log_append_only');
        await tx.query(`UPDATE audit_log SET detail = '{"rol":"administrador"}' WHERE id = $1`, [
          target!.id,
        ]);
        await tx.query('ALTER TABLE audit_log ENABLE TRIGGER audit_log_append_only');
      });
    } finally {
      await services.files.store.close();
      await services.db.close();
    }
    await server.start();

    await page.reload();
    await run.click({ timeout: 30_000 });
    const alert = page.getByRole('alert').filter({ hasText: 'Registro no íntegro' });
    await alert.waitFor({ timeout: 60_000 });
    const text = await alert.textContent();
    expect(text).toContain('Registro no íntegro: una entrada fue alterada.');
    expect(text).toMatch(
      new RegExp(
        `Primera entrada que falla: N° ${target!.id} \\(posición \\d+, \\d{2}-\\d{2}-\\d{4} / \\d{2}:\\d{2}:\\d{2}, Usuario invitado\\)`,
      ),
    );
    expect(text).toContain('la entrada fue alterada');
    await context.close();
  });
});
