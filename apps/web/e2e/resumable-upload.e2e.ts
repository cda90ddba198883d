import { createHash, randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { contract } from '@canal/shared/contract';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BackOffice } from './support/back-office';
import { launchBrowser, newPage, portalUrl } from './support/browser';
import { startCuttingProxy, type CuttingProxy } from '@canal/test-support/cutting-proxy';
import { block } from './support/detail';
import { startOwnServer, type OwnServer } from './support/own-server';
import { fileAnonymousComplaint } from './support/portal';

/**
 * Issue 21, the browser side (decision 0068): a complainant on a bad connection adds a file on the
 * detail page. A TCP proxy between Chromium and the server first cuts the connection in the middle
 * of the upload: the page says «Reanudando…» and tus-js-client continues from what the server
 * kept; then a second upload is stalled and the page reloaded: the same file picked again
 * continues from the server's offset instead of starting over. Each file, as staff download it,
 * has the very bytes picked (SHA-256).
 */

const SIZE = 8 * 1024 * 1024;
const MIB = 1024 * 1024;
const PASSWORD = 'Reanudar#2024';
const MARKER = `Subida reanudable ${Date.now()}`;

let browser: Browser;
let server: OwnServer;
let proxy: CuttingProxy;
let staff: BackOffice;
let folder: string;
beforeAll(async () => {
  server = await startOwnServer({ email: 'subidas.e2e@canal-denuncias.cl', name: 'Subidas E2E' });
  staff = await BackOffice.activateWith(server.adminToken!, server.base);
  proxy = await startCuttingProxy(server.port);
  browser = await launchBrowser();
  folder = mkdtempSync(path.join(tmpdir(), 'canal-e2e-tus-'));
});
afterAll(async () => {
  await browser?.close();
  await proxy?.close();
  await server?.remove();
  if (folder) rmSync(folder, { recursive: true, force: true });
});

/** A RAR file of random bytes (a type kept as it is: staff download the very bytes). */
function rarFile(name: string): { path: string; sha: string } {
  const content = randomBytes(SIZE);
  Buffer.from([0x52, 0x61, 0x72, 0x21, 0x1a, 0x07, 0x01, 0x00]).copy(content);
  const file = path.join(folder, name);
  // On disk: picked twice, it is the same file (name, size, date), as on a phone.
  writeFileSync(file, content);
  return { path: file, sha: createHash('sha256').update(content).digest('hex') };
}

/** The Upload-Offset of every PATCH the page sends to the tus endpoint, in order. */
function patchOffsets(page: Page): number[] {
  const offsets: number[] = [];
  page.on('request', (request) => {
    if (request.method() === 'PATCH' && request.url().includes('/v1/denuncias/subidas/'))
      offsets.push(Number(request.headers()['upload-offset']));
  });
  return offsets;
}

async function pick(page: Page, file: string) {
  const area = block(page, 'Agregar comentario');
  const [chooser] = await Promise.all([
    page.waitForEvent('filechooser'),
    area.getByRole('button', { name: 'Seleccionar archivos' }).click(),
  ]);
  await chooser.setFiles(file);
  await area
    .getByRole('list', { name: 'Archivos seleccionados' })
    .getByText(path.basename(file), { exact: true })
    .waitFor();
}

/** The SHA-256 of each file of the case, as staff download them. */
async function staffHashes(caseId: number): Promise<string[]> {
  const view = await staff.call(contract.viewCase, { params: { id: caseId } });
  const hashes: string[] = [];
  for (const file of view.archivos)
    hashes.push(
      createHash('sha256')
        .update(await staff.download(caseId, file.id))
        .digest('hex'),
    );
  return hashes;
}

describe('resumable uploads in the browser (tus)', () => {
  it('survives a cut connection («Reanudando…») and a reload mid-upload, and the files arrive whole', async () => {
    const { page, context } = await newPage(browser, 390, 844);
    await page.goto(portalUrl(null, '/', proxy.port));
    await fileAnonymousComplaint(
      page,
      `subidas.${Date.now()}@correo.cl`,
      PASSWORD,
      `${MARKER}: el supervisor amenaza a quienes reportan fallas de seguridad en la faena.`,
    );
    const { id: caseId } = await staff.findCaseByDescription(MARKER);
    await staff.changeStatus(caseId, 'Faltan antecedentes', 'Adjunte el video, por favor.');
    // The session lives in the tab: a reload keeps the complainant signed in.
    await page.reload();
    const area = block(page, 'Agregar comentario');
    await area.getByRole('button', { name: 'Seleccionar archivos' }).waitFor();
    expect(await area.getByRole('button', { name: 'Seleccionar archivos' }).isEnabled()).toBe(true);
    const offsets = patchOffsets(page);
    const log = block(page, 'Bitácora');
    const save = page.getByRole('button', { name: 'Guardar cambios' });

    // 1. The connection is cut 3 MiB into the upload.
    const first = rarFile('registro-turnos.rar');
    await pick(page, first.path);
    await area.getByLabel('Comentario', { exact: true }).fill('Envío el registro de turnos.');
    await expect.poll(() => save.isEnabled()).toBe(true);
    const cut = proxy.cutAfter(3 * MIB);
    await save.click();
    await cut;
    await page.getByRole('status').filter({ hasText: 'Reanudando…' }).waitFor({ timeout: 30_000 });
    await log.getByText('Envío el registro de turnos.').waitFor({ timeout: 90_000 });
    // It went on from what the server kept (whole 64 KiB segments), not from the start.
    expect(offsets[0]).toBe(0);
    expect(offsets.length).toBeGreaterThanOrEqual(2);
    expect(offsets[1]).toBeGreaterThan(MIB);
    expect(offsets[1]! % 65_536).toBe(0);
    expect(await staffHashes(caseId)).toEqual([first.sha]);
    // Attached: the tab keeps no upload address; nothing was ever in localStorage.
    expect(
      await page.evaluate(() => [
        Object.keys(sessionStorage).filter((k) => k.startsWith('canal.subida::')),
        Object.keys(localStorage).filter((k) => k.startsWith('tus::')),
      ]),
    ).toEqual([[], []]);

    // 2. A second file stalls 3 MiB in (the screen locked); the page is reloaded.
    const second = rarFile('planilla-faena.rar');
    await pick(page, second.path);
    await area.getByLabel('Comentario', { exact: true }).fill('Envío la planilla de la faena.');
    await expect.poll(() => save.isEnabled()).toBe(true);
    const stall = proxy.stallAfter(3 * MIB);
    const before = offsets.length;
    await save.click();
    await stall;
    // The page's request event reaches the test on its own time, maybe after the proxy's bytes.
    await expect.poll(() => offsets.length).toBe(before + 1);
    expect(offsets[before]).toBe(0);
    await page.reload();
    await area.getByRole('button', { name: 'Seleccionar archivos' }).waitFor();
    // The same file picked again continues from the server's offset: no new upload is created.
    const creations: string[] = [];
    page.on('request', (request) => {
      if (request.method() === 'POST' && request.url().endsWith('/v1/denuncias/subidas'))
        creations.push(request.url());
    });
    const upBefore = proxy.up;
    await pick(page, second.path);
    await area.getByLabel('Comentario', { exact: true }).fill('Envío la planilla de la faena.');
    await expect.poll(() => save.isEnabled()).toBe(true);
    await save.click();
    await log.getByText('Envío la planilla de la faena.').waitFor({ timeout: 90_000 });
    expect(creations).toEqual([]);
    const resumedAt = offsets[before + 1]!;
    expect(resumedAt).toBeGreaterThan(MIB);
    // Less than the whole file went up after the reload (page and API calls included).
    expect(proxy.up - upBefore).toBeLessThan(SIZE - resumedAt + MIB);
    expect((await staffHashes(caseId)).sort()).toEqual([first.sha, second.sha].sort());
    await context.close();
  });
});
