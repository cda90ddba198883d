import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { HEAD_OFFICE, webPaths } from '@canal/shared';
import { contract } from '@canal/shared/contract';
import { BackOffice } from './support/back-office';
import { expectNoHorizontalScroll, launchBrowser, newPage, portalUrl } from './support/browser';
import { expectNoAxeViolations, fileAnonymousComplaint } from './support/portal';
import { block } from './support/detail';

/**
 * Every back-office screen, and the dialogs opened from them, at a phone's 375 px and a desktop's
 * 1280 px (issue 11): axe finds nothing, and nothing scrolls sideways (wide tables scroll inside
 * their own frame, not the page).
 */

let browser: Browser;
let admin: BackOffice;
let caseId: number;
const RUN = Date.now();

beforeAll(async () => {
  browser = await launchBrowser();
  admin = await BackOffice.activateWith(inject('screensAdminToken'));
  // A case with something in every part of its page: a Law 21.643 complaint, identified, with a
  // long unbroken e-mail address (the kind of text that pushes a narrow page wide).
  const receipt = await admin.call(contract.recordComplaint, {
    body: {
      canal: 'verbal',
      email_contacto: `una.direccion.de.correo.muy.larga.${RUN}@subdominio.empresa-ejemplo.cl`,
      campo_reconoce_involucrados_id: 1,
      campo_toma_conocimiento_id: 2,
      es_anonima: false,
      fecha_delito: '15/03/2024',
      filial: HEAD_OFFICE.id,
      otro_lugar: '',
      relacion_organizacion_id: 1,
      relato: `Pantallas ${RUN}: mi jefatura me grita frente al equipo todas las semanas.`,
      tipo_delito_id: 26,
      zona_id: 13,
      agencia_id: 1131,
      denunciante: {
        apellido_materno: 'Rojas',
        apellido_paterno: 'González',
        email: `denunciante.${RUN}@correo.cl`,
        fono: '912345678',
        nombres: 'María José',
        rut: '12.345.678-5',
      },
    } as never,
  });
  caseId = receipt.id;
  await admin.call(contract.replyToComplainant, {
    params: { id: caseId },
    body: { comentario: 'Recibimos su denuncia y la estamos revisando.' },
  });
});
afterAll(() => browser?.close());

async function signedInPage(width: number): Promise<Page> {
  const { page, context } = await newPage(browser, width, width < 768 ? 812 : 900);
  const url = new URL(portalUrl());
  await context.addCookies(admin.cookies().map((c) => ({ ...c, domain: url.hostname, path: '/' })));
  return page;
}

/** The screen is loaded (its heading), passes axe and fits the width. */
async function check(page: Page, heading: string | RegExp, where: string) {
  await page.getByRole('heading', { name: heading, level: 1 }).waitFor({ timeout: 30_000 });
  await page.waitForLoadState('networkidle');
  await expectNoAxeViolations(page, where);
  await expectNoHorizontalScroll(page, where);
}

describe.each([375, 1280])('the back office at %i px', (width) => {
  it('inbox, case, statistics, audit, users, alert rules, master data and intake: no axe violation, no sideways scroll', async () => {
    const page = await signedInPage(width);
    const at = (name: string) => `${name} (${width} px)`;

    await page.goto(portalUrl(null, webPaths.staffInbox()));
    await check(page, 'Bandeja de casos', at('bandeja'));

    await page.goto(portalUrl(null, webPaths.staffCase(caseId)));
    await check(page, /^Caso /, at('caso'));
    // The dialogs of the case page.
    const record = page.getByRole('button', { name: /^Registrar/ }).first();
    await record.click();
    const milestoneDialog = page.getByRole('dialog');
    await milestoneDialog.waitFor();
    await expectNoAxeViolations(page, at('registrar hito'));
    await expectNoHorizontalScroll(page, at('registrar hito'));
    await milestoneDialog.getByRole('button', { name: 'Cancelar' }).click();
    await milestoneDialog.waitFor({ state: 'detached' });

    await page.goto(portalUrl(null, webPaths.staffStats()));
    await check(page, 'Estadísticas', at('estadísticas'));

    await page.goto(portalUrl(null, webPaths.staffAudit()));
    await check(page, 'Registro de auditoría', at('auditoría'));

    await page.goto(portalUrl(null, webPaths.staffUsers()));
    await check(page, 'Usuarios', at('usuarios'));
    await page.getByRole('button', { name: 'Invitar usuario' }).click();
    const invite = page.getByRole('dialog', { name: 'Invitar usuario' });
    await invite.waitFor();
    await expectNoAxeViolations(page, at('invitar usuario'));
    await expectNoHorizontalScroll(page, at('invitar usuario'));
    await invite.getByRole('button', { name: 'Cancelar' }).click();

    await page.goto(portalUrl(null, webPaths.staffAlertRules()));
    await check(page, 'Avisos de denuncias nuevas', at('avisos'));
    await page.getByRole('button', { name: 'Nueva regla' }).click();
    const rule = page.getByRole('dialog');
    await rule.waitFor();
    await expectNoAxeViolations(page, at('nueva regla'));
    await expectNoHorizontalScroll(page, at('nueva regla'));
    await rule.getByRole('button', { name: 'Cancelar' }).click();

    await page.goto(portalUrl(null, webPaths.staffMasterData()));
    await check(page, 'Datos maestros', at('datos maestros'));
    await page.getByLabel('Lista').selectOption('tipos');
    await page.getByRole('rowheader', { name: /Acoso sexual/ }).waitFor();
    await expectNoAxeViolations(page, at('datos maestros: tipos'));
    await expectNoHorizontalScroll(page, at('datos maestros: tipos'));
    await page.getByRole('button', { name: 'Agregar elemento' }).click();
    const item = page.getByRole('dialog');
    await item.waitFor();
    await expectNoAxeViolations(page, at('agregar dato maestro'));
    await expectNoHorizontalScroll(page, at('agregar dato maestro'));
    await item.getByRole('button', { name: 'Cancelar' }).click();

    await page.goto(portalUrl(null, webPaths.staffIntake()));
    await check(page, 'Registrar denuncia', at('registrar denuncia'));
    await page.context().close();
  });
});

describe('the inbox for an investigator under a deadline (issue 22)', () => {
  let code: string;
  it('a complainant files a complaint and writes to the team: news nobody has read', async () => {
    const { page, context } = await newPage(browser, 1280, 900);
    await page.goto(portalUrl());
    code = await fileAnonymousComplaint(
      page,
      `bandeja.${RUN}@correo.cl`,
      'Cambio#2024',
      `Bandeja ${RUN}: se usan vehículos de la empresa para fines personales.`,
    );
    await block(page, 'Agregar comentario')
      .getByLabel('Comentario', { exact: true })
      .fill('Agrego que ocurre también los feriados.');
    await page.getByRole('button', { name: 'Guardar cambios' }).click();
    await block(page, 'Bitácora')
      .getByText('Agrego que ocurre también los feriados.')
      .waitFor({ timeout: 30_000 });
    await context.close();
  });

  // The specs of this block run in order: the first files the complaint the next two read.
  it.each([375, 1280])(
    'at %i px: marks the unread message, keeps every filter of a link after a reload, fits the width',
    async (width) => {
      const page = await signedInPage(width);
      const at = (name: string) => `${name} (${width} px)`;
      await page.goto(portalUrl(null, `${webPaths.staffInbox()}?buscar=${code}&estado=Recibida`));
      await page.getByRole('heading', { name: 'Bandeja de casos', level: 1 }).waitFor();
      // The category chosen in the form, filtered, then the page reloaded: still chosen.
      const category = page.getByLabel('Categoría');
      const ethics = category.locator('option', { hasText: 'INFRACCIONES AL CÓDIGO DE ÉTICA' });
      await ethics.waitFor({ state: 'attached' });
      await category.selectOption((await ethics.getAttribute('value'))!);
      await page.getByRole('button', { name: 'Filtrar' }).click();
      await page.waitForURL(/categoria=/);
      await page.reload();
      await page.getByRole('heading', { name: '1 caso' }).waitFor({ timeout: 30_000 });
      await page.waitForLoadState('networkidle');
      expect(await category.evaluate((s: HTMLSelectElement) => s.selectedOptions[0]?.text)).toMatch(
        /infracciones al código de ética/i,
      );
      expect(await page.getByLabel('Estado').inputValue()).toBe('Recibida');
      expect(await page.getByLabel('Buscar').inputValue()).toBe(code);

      const row = page.getByRole('table').getByRole('row').nth(1);
      // "Nuevo", said in full to a screen reader. The first run (375 px) opens the case, which
      // reads the message: the 1280 px run finds it read.
      const unread = row.getByText('Nuevo: mensaje de la persona denunciante sin leer');
      if (width === 375) await unread.waitFor();
      else expect(await unread.count()).toBe(0);
      // Status, due date with its milestone, and assignee are on screen without scrolling sideways.
      for (const text of ['Recibida', 'Sin asignar']) {
        // The one shown at this width (a phone shows the status in the case's cell).
        const box = await row
          .getByText(text, { exact: true })
          .filter({ visible: true })
          .boundingBox();
        expect(box && box.x >= 0 && box.x + box.width <= width, at(text)).toBe(true);
      }
      await expectNoAxeViolations(page, at('bandeja con filtros'));
      await expectNoHorizontalScroll(page, at('bandeja con filtros'));

      // Opening the case reads the message: back in the inbox, nothing is new.
      await row.getByRole('link').click();
      await page.getByRole('region', { name: 'Triaje' }).waitFor();
      await expectNoAxeViolations(page, at('caso con triaje'));
      await expectNoHorizontalScroll(page, at('caso con triaje'));
      await page.goBack();
      await page.getByRole('heading', { name: '1 caso' }).waitFor();
      await page.waitForLoadState('networkidle');
      expect(await unread.count()).toBe(0);
      await page.context().close();
    },
  );
});
