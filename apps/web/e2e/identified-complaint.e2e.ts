import { readFile } from 'node:fs/promises';
import { pdfText } from '@canal/shared/documents/read-back';
import { PDFDocument } from 'pdf-lib';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pdf, png } from '@canal/test-support/files';
import { launchBrowser, newPage, portalUrl, waitForMail } from './support/browser';
import { block, fieldValue } from './support/detail';
import {
  acceptTermsAndStart,
  choose,
  chooseComplaintType,
  expectNoAxeViolations,
  goToStep1,
  pickFiles,
  pickFirstOfMonth,
  saveComplaint,
  signIn,
} from './support/portal';

/**
 * The head office's whole filing path, as a person does it: terms, type 27 (which cannot be
 * anonymous), an identified complaint with two real files, the save modal, the success modal,
 * the detail page, the PDF summary and the confirmation mail; then signing in again from home.
 */

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

const EMAIL = `identificada.${Date.now()}@correo.cl`;
const PASSWORD = 'Segura#2024';
const DESCRIPTION =
  'El jefe de turno me hizo comentarios de connotación sexual en reiteradas ocasiones durante el mes, frente a otros compañeros de la sección de bodega.';
let code = '';

describe('an identified complaint at the head office', () => {
  it('is filed with two files, shown in full on its detail page, summarised in a 2-page PDF and confirmed by mail', async () => {
    const { page, context } = await newPage(browser);
    await page.goto(portalUrl());
    await page.getByRole('heading', { name: 'Canal de denuncias', level: 1 }).waitFor();
    await expectNoAxeViolations(page, 'la página de inicio');

    await acceptTermsAndStart(page);
    await page
      .getByRole('heading', { name: 'Selecciona el tipo de denuncia que quieres ingresar' })
      .waitFor();
    await expectNoAxeViolations(page, 'el paso 0 del formulario');
    await chooseComplaintType(page, /^I\. LEY N° 21\.643/, 'Acoso sexual');
    await goToStep1(page);
    expect(await page.getByRole('heading', { name: /^Tipo denuncia: / }).textContent()).toBe(
      'Tipo denuncia: Ley N° 21.643 (Ley Karin): acoso y violencia en el trabajo',
    );

    // Types 26–28 cannot be anonymous: the checkbox is disabled and unticked, the complainant block shows.
    const anonymous = page.getByRole('checkbox', {
      name: '¿Desea permanecer en el anonimato para esta denuncia?',
    });
    expect(await anonymous.isDisabled()).toBe(true);
    expect(await anonymous.isChecked()).toBe(false);

    await page.getByLabel('RUT', { exact: true }).pressSequentially('12.345.678-5');
    await expect
      .poll(() => page.getByLabel('RUT', { exact: true }).inputValue())
      .toBe('12345678-5');
    await page.getByLabel('Nombres', { exact: true }).fill('Camila Andrea');
    await page.getByLabel('Apellido paterno', { exact: true }).fill('Rojas');
    await page.getByLabel('Apellido materno (opcional)', { exact: true }).fill('Fuentes');
    await page.getByLabel('Número de contacto', { exact: true }).pressSequentially('987654321');

    const relation = await choose(
      page,
      'Relación con la organización',
      'Trabajador(a) de la organización',
    );
    const occurred = await pickFirstOfMonth(page);
    const canIdentify = await choose(
      page,
      '¿Puede identificar a las personas involucradas?',
      'Sí, puedo identificar a las personas involucradas',
    );
    const knowledge = await choose(page, '¿Cómo tomó conocimiento de los hechos?');
    await page.getByLabel('Descripción de los hechos', { exact: true }).fill(DESCRIPTION);
    const zone = await choose(page, 'Zona de ocurrencia', 'Región Metropolitana de Santiago');
    const place = await choose(page, 'Lugar de ocurrencia');
    expect(await page.getByLabel('Otro lugar', { exact: true }).isDisabled()).toBe(true);

    // Law 21.643 (decision 0021): who is accused and a representation, optional (checked by axe below).
    await page
      .getByLabel('Nombre de la persona denunciada (opcional)', { exact: true })
      .fill('Jefe de turno de bodega');
    await page
      .getByLabel('Cargo de la persona denunciada (opcional)', { exact: true })
      .fill('Jefe de turno');
    await page
      .getByRole('checkbox', { name: 'Presento esta denuncia a nombre de otra persona (opcional)' })
      .check();
    await page
      .getByLabel('Fundamento de la representación', { exact: true })
      .fill('Soy delegada sindical de la sección y la persona afectada me lo pidió por escrito.');

    await pickFiles(page, page, [
      {
        name: 'acta-reunion.pdf',
        mimeType: 'application/pdf',
        buffer: pdf('Acta de la reunion del equipo'),
      },
      { name: 'captura-mensaje.png', mimeType: 'image/png', buffer: png(16, 16) },
    ]);
    await expectNoAxeViolations(page, 'el paso 1 del formulario');

    const submit = page.getByRole('button', { name: 'Ingresar denuncia' });
    await expect.poll(() => submit.isEnabled()).toBe(true);
    await submit.click();
    code = await saveComplaint(page, EMAIL, PASSWORD, { axe: true });

    // The detail page: everything that was filed.
    expect(page.url()).toBe(portalUrl(null, `/detalle-denuncia/${code}`));
    const complainant = block(page, 'Información del denunciante');
    expect(await fieldValue(complainant, 'Rut')).toBe('12345678-5');
    expect(await fieldValue(complainant, 'Nombres')).toBe('Camila Andrea');
    expect(await fieldValue(complainant, 'Apellido paterno')).toBe('Rojas');
    expect(await fieldValue(complainant, 'Apellido materno')).toBe('Fuentes');
    expect(await fieldValue(complainant, 'Número de contacto')).toBe('987654321');
    expect(await fieldValue(complainant, 'Correo de contacto')).toBe(EMAIL);
    const complaint = block(page, 'Información de la denuncia');
    expect(await fieldValue(complaint, 'Código denuncia')).toBe(code);
    expect(await fieldValue(complaint, 'Subtipo denuncia')).toBe('Acoso sexual');
    expect(await fieldValue(complaint, 'Relación con la organización')).toBe(relation);
    expect(await fieldValue(complaint, 'Fecha ocurrencia')).toBe(occurred);
    expect(await fieldValue(complaint, 'Puede reconocer?')).toBe(canIdentify);
    expect(await fieldValue(complaint, 'Cómo tomó conocimiento')).toBe(knowledge);
    expect(await fieldValue(complaint, 'Zona')).toBe(zone);
    expect(await fieldValue(complaint, 'Lugar')).toBe(place);
    expect(await complaint.getByText(DESCRIPTION).count()).toBe(1);

    const files = block(page, 'Archivos adjuntos');
    await files.getByRole('link', { name: 'Archivo1.pdf' }).waitFor();
    await files.getByRole('link', { name: 'Archivo2.png' }).waitFor();
    expect(await files.getByRole('link').count()).toBe(2);
    expect(
      await block(page, 'Bitácora').getByText('Denuncia ingresada').count(),
    ).toBeGreaterThanOrEqual(1);
    await expectNoAxeViolations(page, 'la página de detalle');

    // "Descargar pdf": the summary, read back.
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Descargar pdf' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe(`Resumen Denuncia ${code}.pdf`);
    const bytes = await readFile((await download.path())!);
    const doc = await PDFDocument.load(bytes);
    expect(doc.getPageCount()).toBe(2);
    // Small enough for a phone on a slow network: the logo and the text streams are compressed.
    expect(bytes.length).toBeLessThan(60 * 1024);
    const text = await pdfText(bytes);
    expect(text).toContain('Resumen denuncia');
    expect(text).toContain('Fecha descarga');
    expect(text).toContain(code);

    // The confirmation mail, with the code and not the facts.
    const mail = await waitForMail((m) => m.to.includes(EMAIL) && m.subject.includes(code));
    expect(mail.subject).toBe(`Canal de denuncias – Código de seguimiento ${code}`);
    expect(mail.text).toContain(code);
    expect(mail.text).not.toContain('connotación sexual');
    await context.close();
  });

  it('signs in again from home with code and password; a wrong password and empty fields are refused', async () => {
    expect(code).not.toBe('');
    const { page, context } = await newPage(browser);
    await page.goto(portalUrl());
    const form = page.getByRole('region', { name: 'Consultar estado de su denuncia' });
    await form.waitFor();

    // Empty fields: the browser alert "error!". Pressed once the page's code has taken the form
    // over (its fields are disabled until then, decision 0078): before, the button does nothing.
    await expect.poll(() => form.getByLabel('Código de denuncia').isEnabled()).toBe(true);
    const alerts: string[] = [];
    page.on('dialog', (dialog) => {
      alerts.push(dialog.message());
      void dialog.accept();
    });
    await form.getByRole('button', { name: 'Consultar denuncia' }).click();
    await expect.poll(() => alerts).toEqual(['error!']);
    await form.getByLabel('Código de denuncia').fill(code);
    await form.getByRole('button', { name: 'Consultar denuncia' }).click();
    await expect.poll(() => alerts).toEqual(['error!', 'error!']);

    // A wrong password.
    await signIn(page, code, 'Otra#Clave9');
    const error = form.getByRole('alert');
    await error.waitFor({ timeout: 30_000 });
    expect((await error.textContent())?.trim()).toBe('Código o contraseña incorrecta');
    expect(new URL(page.url()).pathname).toBe('/');

    // The right one, typed with the keyboard and sent with Enter.
    await form.getByLabel('Contraseña').fill('');
    await form.getByLabel('Contraseña').pressSequentially(PASSWORD);
    await page.keyboard.press('Enter');
    await page.waitForURL(`**/detalle-denuncia/${code}`, { timeout: 30_000 });
    expect(await fieldValue(block(page, 'Información del denunciante'), 'Rut')).toBe('12345678-5');
    expect(alerts).toHaveLength(2);
    await context.close();
  });
});
