import { createHash, randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { webPaths } from '@canal/shared';
import { contract } from '@canal/shared/contract';
import { startCuttingProxy, type CuttingProxy } from '@canal/test-support/cutting-proxy';
import { BackOffice, STAFF_PASSWORD } from './support/back-office';
import { launchBrowser, newPage, portalUrl } from './support/browser';
import { totpNow } from './support/totp';

/**
 * Decision 0080 (issue 21): a staff session that ends while a reply's file is on its way over tus
 * is signed in again in place, like any other staff request, and the upload goes on from what the
 * server kept. In Chromium, on the run's server behind a TCP proxy: the upload is stalled 3 MiB in,
 * another administrator ends every session of the person, the stalled connection is cut; tus's next
 * request meets the ended session, the dialog asks for password and code, and the file arrives
 * whole (the same SHA-256), sent once, without being picked again.
 */

const SIZE = 8 * 1024 * 1024;
const MIB = 1024 * 1024;

let browser: Browser;
let proxy: CuttingProxy;
let admin: BackOffice;
/** Another administrator: records the case, ends the first one's sessions, checks the result. */
let other: BackOffice;
let folder: string;

beforeAll(async () => {
  // The previous TOTP step for the activation: the dialog then signs in with the current one.
  admin = await BackOffice.activateWith(inject('uploadLapseAdminToken'), undefined, -1);
  other = await BackOffice.activateWith(inject('uploadLapseOtherAdminToken'));
  proxy = await startCuttingProxy(inject('port'));
  browser = await launchBrowser();
  folder = mkdtempSync(path.join(tmpdir(), 'canal-e2e-lapse-'));
});
afterAll(async () => {
  await browser?.close();
  await proxy?.close();
  if (folder) rmSync(folder, { recursive: true, force: true });
});

/** A RAR file of random bytes (kept as it is: the download has the very bytes). */
function rarFile(name: string): { path: string; sha: string } {
  const content = randomBytes(SIZE);
  Buffer.from([0x52, 0x61, 0x72, 0x21, 0x1a, 0x07, 0x01, 0x00]).copy(content);
  const file = path.join(folder, name);
  writeFileSync(file, content);
  return { path: file, sha: createHash('sha256').update(content).digest('hex') };
}

describe('a staff session that ends while a reply uploads its file', () => {
  it('asks to sign in again in place, then the upload goes on from where it stopped and the file arrives whole', async () => {
    const me = (await admin.call(contract.currentSession, {})).usuario;
    const marker = `Sesión en subida e2e ${Date.now()}: me descontaron horas sin explicación.`;
    const receipt = await other.recordVerbalComplaint(marker);

    const { page, context } = await newPage(browser);
    const url = new URL(portalUrl(null, '/', proxy.port));
    await context.addCookies(
      admin.cookies().map((c) => ({ ...c, domain: url.hostname, path: '/' })),
    );
    const offsets: number[] = [];
    const creations: string[] = [];
    page.on('request', (request) => {
      const { pathname } = new URL(request.url());
      if (request.method() === 'PATCH' && pathname.includes('/subidas/'))
        offsets.push(Number(request.headers()['upload-offset']));
      if (request.method() === 'POST' && pathname.endsWith('/subidas')) creations.push(pathname);
    });
    await page.goto(portalUrl(null, webPaths.staffCase(receipt.id), proxy.port));
    const form = page.getByRole('form', { name: 'Responder a la persona denunciante' });
    const box = form.getByLabel('Respuesta', { exact: true });
    await box.waitFor({ timeout: 30_000 });
    const reply = `Le enviamos el registro de asistencia ${Date.now()}.`;
    await box.fill(reply);
    const file = rarFile('registro-asistencia.rar');
    const [chooser] = await Promise.all([
      page.waitForEvent('filechooser'),
      form.getByRole('button', { name: 'Seleccionar archivos' }).click(),
    ]);
    await chooser.setFiles(file.path);
    await form
      .getByRole('list', { name: 'Archivos seleccionados' })
      .getByText('registro-asistencia.rar', { exact: true })
      .waitFor();

    // 3 MiB in, the upload hangs; meanwhile another administrator ends every session of this
    // person; then the hanging connection drops and tus tries again.
    const stall = proxy.stallAfter(3 * MIB);
    await form.getByRole('button', { name: 'Enviar respuesta' }).click();
    await stall;
    await other.call(contract.endUserSessions, { params: { id: me.id } });
    proxy.cutStalled();

    const dialog = page.getByRole('dialog', { name: 'Su sesión expiró' });
    await dialog.waitFor({ timeout: 30_000 });
    expect(await dialog.textContent()).toContain(me.email);
    await dialog.getByLabel('Contraseña').fill(STAFF_PASSWORD);
    await dialog.getByLabel('Código de verificación').fill(totpNow(admin.totpSecret!));
    await dialog.getByRole('button', { name: 'Ingresar nuevamente' }).click();
    await dialog.waitFor({ state: 'detached', timeout: 30_000 });
    await form.getByText('Respuesta registrada.').waitFor({ timeout: 90_000 });

    // One upload, continued from what the server kept (whole 64 KiB segments), not from the start.
    expect(creations).toHaveLength(1);
    expect(offsets[0]).toBe(0);
    expect(offsets.length).toBeGreaterThanOrEqual(2);
    expect(offsets.at(-1)).toBeGreaterThan(MIB);
    expect(offsets.at(-1)! % 65_536).toBe(0);

    const view = await other.call(contract.viewCase, { params: { id: receipt.id } });
    expect(view.bitacora.visible.filter((e) => e.comentario === reply)).toHaveLength(1);
    // The team's one file (an anonymous complaint's files are named Archivo{n} for staff too).
    const sent = view.archivos.filter((f) => f.del_equipo);
    expect(sent).toHaveLength(1);
    const bytes = await other.download(receipt.id, sent[0]!.id);
    expect(createHash('sha256').update(bytes).digest('hex')).toBe(file.sha);
    await context.close();
  });
});
