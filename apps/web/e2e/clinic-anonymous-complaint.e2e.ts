import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { organizationByKey, THEMES } from '@canal/shared';
import { docx } from '@canal/test-support/files';
import { cspViolations, launchBrowser, newPage, portalUrl } from './support/browser';
import { block, fieldValue } from './support/detail';
import {
  acceptTermsAndStart,
  choose,
  chooseComplaintType,
  goToStep1,
  pickFiles,
  pickFirstOfMonth,
  rootVariable,
  saveComplaint,
} from './support/portal';

/**
 * An anonymous complaint of a Code-of-Ethics type at clinica-atacama.localhost: the clinic's own
 * frame and theme, its two documents, its single zone chosen without a select, and the result.
 */

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

const CLINIC = organizationByKey('clinica-atacama');

describe('an anonymous complaint at Clínica Atacama', () => {
  it("shows the clinic's frame and files an anonymous complaint in its only zone", async () => {
    const { page, context } = await newPage(browser);
    await page.goto(portalUrl('clinica-atacama'));
    await page.getByRole('heading', { name: 'Canal de denuncias', level: 1 }).waitFor();

    // Frame and theme: the clinic's logo in the header, "Sitios de interés" in the footer, the health theme.
    const header = page.getByRole('banner');
    await header.getByRole('img', { name: 'Clínica Atacama' }).waitFor();
    const footer = page.getByRole('contentinfo');
    await footer.getByRole('heading', { name: 'Sitios de interés' }).waitFor();
    expect(await footer.getByRole('heading', { name: 'Nosotros' }).count()).toBe(0);
    expect(await rootVariable(page, '--brand-primary')).toBe(THEMES.salud.primary);
    expect(THEMES.salud.primary).not.toBe(THEMES.seguro.primary);
    expect(await page.title()).toContain(CLINIC.shortName);
    expect(await page.getByText(/Este canal permite/).textContent()).toContain(
      CLINIC.nameWithArticle,
    );

    // Two documents only (Law 21.643 and Decree 21).
    const documents = page.getByRole('region', {
      name: '¿Qué debo conocer antes de realizar una denuncia?',
    });
    await documents.waitFor(); // its own chunk, after the first paint (decision 0026)
    expect(await documents.getByRole('link', { name: /^Descargar documento PDF/ }).count()).toBe(2);

    await acceptTermsAndStart(page);
    await chooseComplaintType(
      page,
      /^III\. INFRACCIONES AL CÓDIGO DE ÉTICA$/,
      'Conflicto de interés',
    );
    await goToStep1(page);

    const anonymous = page.getByRole('checkbox', {
      name: '¿Desea permanecer en el anonimato para esta denuncia?',
    });
    expect(await anonymous.isEnabled()).toBe(true);
    await page.getByRole('group', { name: 'Datos del denunciante' }).waitFor();
    await anonymous.check();
    await page.getByRole('group', { name: 'Datos del denunciante' }).waitFor({ state: 'detached' });
    expect(await page.getByLabel('RUT', { exact: true }).count()).toBe(0);

    // The clinic has one zone: no zone select, and its places are offered at once.
    expect(await page.getByLabel('Zona de ocurrencia').count()).toBe(0);
    const relations = await page
      .getByLabel('Relación con la organización')
      .locator('option')
      .allTextContents();
    expect(relations).not.toContain('Colaborador de empresa adherida');
    await choose(page, 'Relación con la organización', 'Proveedor o contratista');
    await pickFirstOfMonth(page);
    await choose(page, '¿Puede identificar a las personas involucradas?', 'Sí, a algunas de ellas');
    await choose(page, '¿Cómo tomó conocimiento de los hechos?');
    await page
      .getByLabel('Descripción de los hechos', { exact: true })
      .fill(
        'Un encargado de compras adjudicó el contrato de aseo a la empresa de su cuñado sin declarar el vínculo.',
      );
    const places = await page.getByLabel('Lugar de ocurrencia').locator('option').allTextContents();
    expect(places).toContain('Edificio principal Clínica Atacama, Copiapó');
    expect(places.at(-1)).toBe('Otro');
    await choose(page, 'Lugar de ocurrencia', 'Otro');
    const otherPlace = page.getByLabel('Otro lugar', { exact: true });
    await expect.poll(() => otherPlace.isEnabled()).toBe(true);
    await otherPlace.fill('Estacionamiento de proveedores');
    await pickFiles(page, page, [
      {
        name: 'cotizaciones.docx',
        mimeType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
        buffer: docx('Cotizaciones'),
      },
    ]);

    const submit = page.getByRole('button', { name: 'Ingresar denuncia' });
    await expect.poll(() => submit.isEnabled()).toBe(true);
    await submit.click();
    const code = await saveComplaint(page, `clinica.${Date.now()}@correo.cl`, 'Anonima#77');

    const complainant = block(page, 'Información del denunciante');
    expect(await fieldValue(complainant, 'Rut')).toBe('-');
    expect(await fieldValue(complainant, 'Nombres')).toBe('-');
    const complaint = block(page, 'Información de la denuncia');
    expect(await fieldValue(complaint, 'Código denuncia')).toBe(code);
    expect(await fieldValue(complaint, 'Subtipo denuncia')).toBe('Conflicto de interés');
    expect(await fieldValue(complaint, 'Zona')).toBe('Región de Atacama');
    expect(await fieldValue(complaint, 'Lugar')).toBe('Otro');
    expect(await fieldValue(complaint, 'Otro lugar')).toBe('Estacionamiento de proveedores');
    await block(page, 'Archivos adjuntos').getByRole('link', { name: 'Archivo1.docx' }).waitFor();
    // Still the clinic's frame after the whole flow.
    await page.getByRole('banner').getByRole('img', { name: 'Clínica Atacama' }).waitFor();
    // The whole flow ran under the production CSP without a single violation (zod parses jitless).
    expect(await cspViolations(page)).toEqual([]);
    await context.close();
  });
});
