import { readFile } from 'node:fs/promises';
import { inflateSync } from 'node:zlib';
import { buildRequest, contract } from '@canal/shared/contract';
import { unzipSync } from 'fflate';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { BackOffice } from './support/back-office';
import { launchBrowser, newPage, portalUrl } from './support/browser';
import { fileAnonymousComplaint } from './support/portal';

/**
 * Proof anyone can check (issue 20): the complainant's PDF summary and the case dossier verify on
 * the portal's "Verificar documento" page, in the browser, and a copy with one byte changed is
 * reported altered.
 */

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

const RUN = Date.now();
const MARKER = `Verificación ${RUN}`;
const DESCRIPTION = `${MARKER}: se cobran horas extra que nadie trabajó en el turno de noche.`;

/** `pdf` with one byte changed in the middle of the compressed stream that draws its title. */
function alteredPdf(pdf: Buffer): Buffer {
  for (let at = pdf.indexOf('stream\n'); at >= 0; at = pdf.indexOf('stream\n', at + 1)) {
    const start = at + 'stream\n'.length;
    const end = pdf.indexOf('endstream', start);
    try {
      if (!inflateSync(pdf.subarray(start, end)).toString('latin1').includes('Tj')) continue;
    } catch {
      continue;
    }
    const copy = Buffer.from(pdf);
    copy[start + Math.floor((end - start) / 2)]! ^= 1;
    return copy;
  }
  throw new Error('el PDF no tiene un flujo de texto');
}

/** `zip` with one byte changed in the middle of member `name`'s bytes (members are stored). */
function alteredZip(zip: Buffer, name: string): Buffer {
  const member = Buffer.from(unzipSync(new Uint8Array(zip))[name]!);
  const at = zip.indexOf(member);
  const copy = Buffer.from(zip);
  copy[at + Math.floor(member.length / 2)]! ^= 1;
  return copy;
}

async function verify(page: Page, name: string, mimeType: string, buffer: Buffer) {
  await page.getByLabel('Documento (PDF o ZIP)').setInputFiles({ name, mimeType, buffer });
  const status = page.getByRole('status');
  // The verdict names the file alone ("Verificando …" comes first).
  await status.getByText(name, { exact: true }).waitFor({ timeout: 30_000 });
  return (await status.textContent()) ?? '';
}

describe('verifying documents the channel issued', () => {
  it('verifies the PDF summary and the dossier in the browser, and reports a one-byte change as altered', async () => {
    const { page } = await newPage(browser);
    await page.goto(portalUrl());
    const code = await fileAnonymousComplaint(
      page,
      `verifica.${RUN}@correo.cl`,
      'Verifica#2024',
      DESCRIPTION,
    );
    await page.getByText(MARKER).first().waitFor();
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Descargar pdf' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe(`Resumen Denuncia ${code}.pdf`);
    const summary = await readFile((await download.path())!);

    const admin = await BackOffice.activateWith(inject('proofAdminToken'));
    const { id, numero } = await admin.findCaseByDescription(MARKER);
    const request = buildRequest(contract.downloadCaseDossier, { params: { id } });
    const cookie = admin
      .cookies()
      .map((c) => `${c.name}=${c.value}`)
      .join('; ');
    const res = await fetch(`${inject('baseUrl')}${request.url}`, { headers: { cookie } });
    expect(res.status).toBe(200);
    const dossier = Buffer.from(await res.arrayBuffer());

    await page.goto(portalUrl(null, '/verificar-documento'));
    await page.getByRole('heading', { name: 'Verificar documento' }).first().waitFor();
    // Nothing is uploaded: the only call is for the public keys.
    const calls: string[] = [];
    page.on('request', (r) => {
      if (r.url().includes('/v1/')) calls.push(`${r.method()} ${new URL(r.url()).pathname}`);
    });

    const authentic = /Auténtico: emitido por .+ el \d{2}-\d{2}-\d{4} \/ \d{2}:\d{2}:\d{2}\./;
    expect(await verify(page, 'resumen.pdf', 'application/pdf', summary)).toMatch(authentic);
    expect(
      await verify(page, 'resumen-alterado.pdf', 'application/pdf', alteredPdf(summary)),
    ).toContain('Alterado');
    expect(await verify(page, 'expediente.zip', 'application/zip', dossier)).toMatch(authentic);
    expect(
      await verify(
        page,
        'expediente-alterado.zip',
        'application/zip',
        alteredZip(dossier, `expediente-${numero}.pdf`),
      ),
    ).toContain('Alterado');
    expect(calls.every((c) => c === 'GET /v1/claves-publicas')).toBe(true);
  });
});
