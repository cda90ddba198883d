import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jpg } from '@canal/test-support/files';
import { BackOffice } from './support/back-office';
import { launchBrowser, newPage, portalUrl, waitForMail } from './support/browser';
import { block, fieldValue } from './support/detail';
import { fileAnonymousComplaint, pickFiles, signIn } from './support/portal';

/**
 * "Faltan antecedentes" opens the upload area of the detail page; a file and a comment sent from
 * there reach the log and the file list.
 *
 * How the status is set: through the back-office API (/v1/gestion), as an investigator would. It
 * exists and offers `POST /casos/{id}/estado`; the first administrator is created with the
 * documented CLI in global-setup before the server opens the embedded database, and activated here
 * with a TOTP code computed by the test. This is the product's own path, works on PGlite and on
 * PostgreSQL alike, and needs neither a second database connection nor a server restart (which
 * would break the other specs sharing the server).
 */

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

const EMAIL = `antecedentes.${Date.now()}@correo.cl`;
const PASSWORD = 'Faltan#2024';
const MARKER = `Caso e2e ${Date.now()}`;

describe('a complaint missing documents', () => {
  it('opens the upload area; the file and the comment sent reach the log and the files', async () => {
    const { page, context } = await newPage(browser);
    await page.goto(portalUrl());
    const code = await fileAnonymousComplaint(
      page,
      EMAIL,
      PASSWORD,
      `${MARKER}: se retiran insumos de bodega sin registro ni autorización.`,
    );

    // "Recibida": the upload area is closed.
    const addBlock = block(page, 'Agregar comentario');
    expect(await fieldValue(block(page, 'Información de la denuncia'), 'Estado')).toBe('Recibida');
    expect(await addBlock.getByRole('button', { name: 'Seleccionar archivos' }).isDisabled()).toBe(
      true,
    );
    await addBlock
      .getByText(
        'Podrá adjuntar archivos cuando su denuncia tenga el estado «Faltan antecedentes».',
      )
      .waitFor();

    // The investigator asks for documents.
    const staff = await BackOffice.activate();
    const { id: caseId } = await staff.findCaseByDescription(MARKER);
    await staff.changeStatus(
      caseId,
      'Faltan antecedentes',
      'Por favor adjunte el registro de bodega de marzo.',
    );
    // The update waits 30 s for the rest of the sitting before it leaves (decision 0012).
    const notice = await waitForMail(
      (m) =>
        m.to.includes(EMAIL) &&
        m.subject === `Canal de denuncias – Actualización del código ${code}`,
      60_000,
    );
    expect(notice.text).not.toContain('registro de bodega');

    // The complainant comes back from the home page.
    await page.getByRole('button', { name: 'Volver al inicio' }).click();
    await page.waitForURL(portalUrl(null, '/'));
    await signIn(page, code, PASSWORD);
    await page.waitForURL(`**/detalle-denuncia/${code}`, { timeout: 30_000 });
    const complaint = block(page, 'Información de la denuncia');
    await complaint.waitFor();
    expect(await fieldValue(complaint, 'Estado')).toBe('Faltan antecedentes');
    const log = block(page, 'Bitácora');
    await log.getByText('Cambio de estado: Faltan antecedentes').waitFor();
    await log.getByText('Por favor adjunte el registro de bodega de marzo.').waitFor();

    const area = block(page, 'Agregar comentario');
    expect(await area.getByRole('button', { name: 'Seleccionar archivos' }).isEnabled()).toBe(true);
    const save = page.getByRole('button', { name: 'Guardar cambios' });
    expect(await save.isDisabled()).toBe(true);
    await pickFiles(page, area, [
      { name: 'registro-bodega.jpg', mimeType: 'image/jpeg', buffer: jpg(32, 32) },
    ]);
    await area
      .getByLabel('Comentario', { exact: true })
      .fill('Adjunto la foto del registro de bodega de marzo.');
    await expect.poll(() => save.isEnabled()).toBe(true);
    await save.click();

    await log.getByText('Antecedentes enviados por el denunciante').waitFor({ timeout: 60_000 });
    await log.getByText('Adjunto la foto del registro de bodega de marzo.').waitFor();
    await block(page, 'Archivos adjuntos').getByRole('link', { name: 'Archivo1.jpg' }).waitFor();
    // The form is reset after a successful save.
    expect(await area.getByLabel('Comentario', { exact: true }).inputValue()).toBe('');
    expect(await area.getByRole('list', { name: 'Archivos seleccionados' }).count()).toBe(0);
    await context.close();
  });
});
