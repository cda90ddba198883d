import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { contract } from '@canal/shared/contract';
import { BackOffice } from './support/back-office';
import { launchBrowser, newPage, portalUrl } from './support/browser';
import { block } from './support/detail';
import { fileAnonymousComplaint, signIn } from './support/portal';

/**
 * The complainant's rights in the product (issue 11, decision 0022), in Chromium: on the detail
 * page they write a message and ask for another investigator; an administrator opens the case
 * (which marks the message read) and rejects the request with a reason; back on the page, the
 * complainant reads the answer in the log and when the team read their message. Its own
 * administrator: independent of the other specs.
 */

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

const RUN = Date.now();
const MARKER = `Caso solicitudes ${RUN}`;
const EMAIL = `solicitudes.${RUN}@correo.cl`;
const PASSWORD = 'Cambio#2024';
const REASON = 'Quien investiga comparte equipo con la persona denunciada.';

describe('asking for another investigator, and the read receipt', () => {
  it('sends the request, shows the answer in the log and when the team read the message', async () => {
    const { page, context } = await newPage(browser);
    await page.goto(portalUrl());
    const code = await fileAnonymousComplaint(
      page,
      EMAIL,
      PASSWORD,
      `${MARKER}: se usan vehículos de la empresa para fines personales cada fin de semana.`,
    );
    const log = block(page, 'Bitácora');
    await log.waitFor();

    // A message of theirs: not read yet.
    const area = block(page, 'Agregar comentario');
    await area
      .getByLabel('Comentario', { exact: true })
      .fill('Agrego que ocurre también los feriados.');
    const save = page.getByRole('button', { name: 'Guardar cambios' });
    await expect.poll(() => save.isEnabled()).toBe(true);
    await save.click();
    await log.getByText('Agrego que ocurre también los feriados.').waitFor({ timeout: 30_000 });
    await log.getByText('Aún no leído por el equipo').waitFor();

    // The request, with its reason.
    const request = block(page, 'Cambio de la persona investigadora');
    await request.getByRole('button', { name: 'Solicitar cambio de investigador/a' }).click();
    await request.getByLabel('Motivo de la solicitud').fill(REASON);
    await request.getByRole('button', { name: 'Enviar solicitud' }).click();
    await request.getByText(/^Su solicitud del .* está en revisión\.$/).waitFor();
    await log.getByText('Solicitud de cambio de la persona investigadora').waitFor();
    expect(await log.getByText(REASON).count()).toBe(0);

    // An administrator finds the case (opening it reads the message), sees the task, rejects it.
    const admin = await BackOffice.activateWith(inject('requestsAdminToken'));
    const { id } = await admin.findCaseByDescription(MARKER);
    const { solicitudes } = await admin.call(contract.listReplacementRequests, {});
    expect(solicitudes.find((s) => s.caso.id === id)?.motivo).toBe(REASON);
    await admin.call(contract.answerReplacementRequest, {
      params: { id },
      body: {
        decision: 'rechazada',
        motivo: 'No hay relación entre quien investiga y los hechos.',
      },
    });

    // Back on the detail page: the answer in the log, and the message read.
    await page.getByRole('button', { name: 'Volver al inicio' }).click();
    await page.waitForURL(portalUrl(null, '/'));
    await signIn(page, code, PASSWORD);
    await page.waitForURL(`**/detalle-denuncia/${code}`, { timeout: 30_000 });
    await log.getByText('Solicitud de cambio de la persona investigadora: rechazada').waitFor();
    await log.getByText('No hay relación entre quien investiga y los hechos.').waitFor();
    const read = log.getByText(/^Leído por el equipo el \d{2}-\d{2}-\d{4} \d{2}:\d{2}$/);
    await read.waitFor();
    expect(await read.count()).toBe(1);
    // Answered: the complainant may ask again.
    await block(page, 'Cambio de la persona investigadora')
      .getByRole('button', { name: 'Solicitar cambio de investigador/a' })
      .waitFor();
    await context.close();
  });
});
