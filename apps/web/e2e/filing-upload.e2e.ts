import { createHash, randomBytes } from 'node:crypto';
import { contract } from '@canal/shared/contract';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BackOffice } from './support/back-office';
import { launchBrowser, newPage, portalUrl } from './support/browser';
import { startCuttingProxy, type CuttingProxy } from '@canal/test-support/cutting-proxy';
import { startOwnServer, type OwnServer } from './support/own-server';
import { fillAnonymousComplaint } from './support/portal';

/**
 * Issue 21, the filing form (decision 0074): a person on a bad connection files a complaint with
 * a file. The file goes over tus into a pending filing before the complaint exists; a TCP proxy
 * between Chromium and the server cuts the connection in the middle: the saving dialog says
 * «Reanudando…», tus continues from what the server kept, and the filing names the upload. Staff
 * download the very bytes picked (SHA-256); the tab keeps nothing of it once filed.
 */

const SIZE = 8 * 1024 * 1024;
const MIB = 1024 * 1024;
const MARKER = `Denuncia con archivo reanudable ${Date.now()}`;

let browser: Browser;
let server: OwnServer;
let proxy: CuttingProxy;
let staff: BackOffice;
beforeAll(async () => {
  server = await startOwnServer({ email: 'borrador.e2e@canal-denuncias.cl', name: 'Borrador E2E' });
  staff = await BackOffice.activateWith(server.adminToken!, server.base);
  proxy = await startCuttingProxy(server.port);
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await proxy?.close();
  await server?.remove();
});

describe('the filing form’s files over tus', () => {
  it('files a complaint whose file survived a cut connection, and staff get the very bytes', async () => {
    const content = randomBytes(SIZE);
    // A RAR by its first bytes: kept as it is, so staff download the very bytes.
    Buffer.from([0x52, 0x61, 0x72, 0x21, 0x1a, 0x07, 0x01, 0x00]).copy(content);
    const sha = createHash('sha256').update(content).digest('hex');

    const { page, context } = await newPage(browser, 390, 844);
    const offsets: number[] = [];
    const filings: { files: boolean; borrador: boolean }[] = [];
    page.on('request', (request) => {
      const url = request.url();
      if (request.method() === 'PATCH' && url.includes('/v1/denuncias/subidas/'))
        offsets.push(Number(request.headers()['upload-offset']));
      if (request.method() === 'POST' && new URL(url).pathname === '/v1/denuncias') {
        const body = request.postDataBuffer()?.toString('latin1') ?? '';
        filings.push({
          files: body.includes('name="files"'),
          borrador: body.includes('"borrador"') && request.headers()['x-borrador'] !== undefined,
        });
      }
    });
    await page.goto(portalUrl(null, '/', proxy.port));
    await page.getByRole('heading', { name: 'Canal de denuncias', level: 1 }).waitFor();
    const submit = await fillAnonymousComplaint(
      page,
      `${MARKER}: el encargado cobra a los nuevos por darles turnos.`,
      {
        files: [
          { name: 'comprobantes.rar', mimeType: 'application/x-rar-compressed', buffer: content },
        ],
      },
    );
    await submit.click();

    const dialog = page.getByRole('dialog', {
      name: 'Generar contraseña de recuperación y seguimiento',
    });
    const email = `borrador.${Date.now()}@correo.cl`;
    await dialog.getByLabel('Correo electrónico de contacto').fill(email);
    await dialog.getByLabel('Repetir correo electrónico').fill(email);
    await dialog.getByLabel('Contraseña', { exact: true }).fill('Borrador#2024');
    await dialog.getByLabel('Repetir contraseña').fill('Borrador#2024');
    const save = dialog.getByRole('button', { name: 'Guardar denuncia' });
    await expect.poll(() => save.isEnabled()).toBe(true);
    // The connection is cut 3 MiB into the file.
    const cut = proxy.cutAfter(3 * MIB);
    await save.click();
    await cut;
    await page
      .getByRole('dialog', { name: 'Guardando denuncia' })
      .getByRole('status')
      .filter({ hasText: 'Reanudando…' })
      .waitFor({ timeout: 30_000 });
    const done = page.getByRole('dialog', { name: 'Denuncia Ingresada' });
    await done.waitFor({ timeout: 90_000 });

    // It went on from what the server kept, not from the start; the filing named the upload
    // (no file part) with the pending filing's token.
    expect(offsets[0]).toBe(0);
    expect(offsets.length).toBeGreaterThanOrEqual(2);
    expect(offsets[1]).toBeGreaterThan(MIB);
    expect(offsets[1]! % 65_536).toBe(0);
    expect(filings).toEqual([{ files: false, borrador: true }]);
    // Filed: the tab forgets the pending filing and the upload's address.
    expect(
      await page.evaluate(() =>
        Object.keys(sessionStorage).filter((k) => /^canal\.(subida|borrador)::/.test(k)),
      ),
    ).toEqual([]);

    const { id: caseId } = await staff.findCaseByDescription(MARKER);
    const view = await staff.call(contract.viewCase, { params: { id: caseId } });
    expect(view.archivos).toHaveLength(1);
    const bytes = await staff.download(caseId, view.archivos[0]!.id);
    expect(createHash('sha256').update(bytes).digest('hex')).toBe(sha);
    await context.close();
  });
});
