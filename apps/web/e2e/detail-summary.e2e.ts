import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { contract } from '@canal/shared/contract';
import { BackOffice } from './support/back-office';
import { expectNoHorizontalScroll, launchBrowser, newPage, portalUrl } from './support/browser';
import { block } from './support/detail';
import { expectNoAxeViolations, fileAnonymousComplaint, signIn } from './support/portal';

/**
 * Issue 22 in Chromium at 375 px: the detail page opens on a summary (the status in plain words,
 * what is new since the last visit, what the team asks and by when), a comment sent says
 * "Comentario enviado" and takes the focus, and a closed complaint offers "Sufrí represalias"
 * (decisions 0060 and 0061). Axe is clean at each step.
 */

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

const RUN = Date.now();
const EMAIL = `resumen.${RUN}@correo.cl`;
const PASSWORD = 'Resumen#2024';
const MARKER = `Resumen e2e ${RUN}`;

describe('the detail page on a phone', () => {
  it('opens on the summary, confirms a comment, gives a date for documents and takes a report of retaliation', async () => {
    const { page, context } = await newPage(browser, 375, 812);
    await page.goto(portalUrl());
    const code = await fileAnonymousComplaint(
      page,
      EMAIL,
      PASSWORD,
      `${MARKER}: se retiran insumos de bodega sin registro ni autorización.`,
    );
    const summary = block(page, 'Resumen de su denuncia');
    await summary.getByText('Estado: Recibida.').waitFor({ timeout: 30_000 });
    expect(await summary.textContent()).toContain(
      'espera que el equipo de investigación la revise',
    );
    await expectNoAxeViolations(page, 'resumen (375 px)');
    await expectNoHorizontalScroll(page, 'resumen (375 px)');

    await block(page, 'Agregar comentario')
      .getByLabel('Comentario', { exact: true })
      .fill('Quisiera agregar que ocurre todos los viernes.');
    await page.getByRole('button', { name: 'Guardar cambios' }).click();
    const sent = page.getByRole('status').filter({ hasText: 'Comentario enviado' });
    await sent.waitFor({ timeout: 30_000 });
    await expect
      .poll(() => sent.evaluate((el) => el === document.activeElement), { timeout: 10_000 })
      .toBe(true);

    const staff = await BackOffice.activateWith(inject('summaryAdminToken'));
    const { id } = await staff.findCaseByDescription(MARKER);
    await staff.changeStatus(id, 'Faltan antecedentes', 'Adjunte el registro de bodega.');
    await page.getByRole('button', { name: 'Volver al inicio' }).click();
    await page.waitForURL(portalUrl(null, '/'));
    await signIn(page, code, PASSWORD);
    await page.waitForURL(`**/detalle-denuncia/${code}`, { timeout: 30_000 });
    await summary.getByText('El equipo le pide más antecedentes.').waitFor({ timeout: 30_000 });
    const text = (await summary.textContent()) ?? '';
    expect(text).toMatch(/Envíelos a más tardar el \d{2}-\d{2}-\d{4}/);
    expect(text).toContain('Novedades desde su última visita');
    expect(text).toContain('Cambio de estado: Faltan antecedentes');
    await expectNoAxeViolations(page, 'resumen con antecedentes (375 px)');

    const view = await staff.call(contract.viewCase, { params: { id } });
    await staff.call(contract.changeStatus, {
      params: { id },
      body: {
        estado: 'Cerrada',
        comentario: 'Concluimos la investigación.',
        resolucion: 'Se instruyó un procedimiento de registro.',
        hitos_confirmados: view.hitos
          .filter((h) => h.estado !== 'done' && !h.registra_cierre)
          .map((h) => h.clave),
      },
    });
    await page.reload();
    const protection = block(page, 'Protección después del cierre');
    await protection.getByRole('button', { name: 'Sufrí represalias' }).click();
    await protection.getByLabel('¿Qué ocurrió?').fill('Desde el cierre me cambiaron de turno.');
    await expectNoAxeViolations(page, 'sufrí represalias (375 px)');
    await protection.getByRole('button', { name: 'Enviar aviso' }).click();
    await protection
      .getByRole('status')
      .filter({ hasText: 'Su aviso fue enviado' })
      .waitFor({ timeout: 30_000 });
    const reports = await staff.call(contract.listRetaliationReports, {});
    expect(reports.avisos.some((a) => a.caso.id === id)).toBe(true);
    await expectNoAxeViolations(page, 'aviso enviado (375 px)');
    await context.close();
  });
});
