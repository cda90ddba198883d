import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { JSHandle, Locator, Page } from 'playwright-core';
import { expect } from 'vitest';

const require = createRequire(import.meta.url);
const AXE_SOURCE = readFileSync(
  path.join(path.dirname(require.resolve('axe-core')), 'axe.min.js'),
  'utf8',
);

interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: unknown[]; failureSummary?: string }[];
}

/**
 * axe-core on the page as it is now (WCAG 2.x A/AA and best practices), or on one part of it (a
 * dialog, the open calendar) when given a locator: fails the test on any violation, printing each
 * rule id with the selectors of its nodes. A part is checked by the rules that apply to elements;
 * the rules about the whole page (one main landmark, a level-one heading…) need the page.
 */
export async function expectNoAxeViolations(target: Page | Locator, where: string): Promise<void> {
  const page = 'mainFrame' in target ? target : target.page();
  // The portal's CSP (script-src 'self') refuses addScriptTag's inline script, and the CSP is part of
  // what is under test, so it is not bypassed: axe is evaluated through the DevTools protocol instead.
  // Let finite transitions end first: a colour half-way through a 150 ms transition is not what a person sees.
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every(
        (a) => a.playState !== 'running' || a.effect?.getComputedTiming().iterations === Infinity,
      ),
  );
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(AXE_SOURCE);
  const root: JSHandle<Document | Element> =
    'mainFrame' in target
      ? await target.evaluateHandle(() => document)
      : await target.elementHandle();
  // Only violations are read, so axe is told not to describe every passing node (it runs faster).
  const violations = await root.evaluate(async (node: Document | Element) => {
    const result = await (
      window as unknown as {
        axe: {
          run: (
            ctx: Document | Element,
            options: { resultTypes: string[] },
          ) => Promise<{ violations: AxeViolation[] }>;
        };
      }
    ).axe.run(node, { resultTypes: ['violations'] });
    return result.violations.map((v) => ({
      id: v.id,
      impact: v.impact,
      help: v.help,
      nodes: v.nodes.map((n) => ({ target: n.target, failureSummary: n.failureSummary })),
    }));
  });
  await root.dispose();
  const report = violations
    .map(
      (v) =>
        `- ${v.id} (${v.impact}): ${v.help}\n${v.nodes.map((n) => `    ${JSON.stringify(n.target)} ${n.failureSummary?.split('\n').join(' | ') ?? ''}`).join('\n')}`,
    )
    .join('\n');
  expect(violations, `axe en ${where}:\n${report}`).toEqual([]);
}

/** The page's value of a CSS custom property on <html>. */
export const rootVariable = (page: Page, name: string) =>
  page.evaluate((n) => getComputedStyle(document.documentElement).getPropertyValue(n).trim(), name);

/** Home: the terms checkbox opens the terms dialog; "Aceptar" ticks it; "Ingresar denuncia" leads on. */
export async function acceptTermsAndStart(page: Page): Promise<void> {
  const start = page.getByRole('button', { name: 'Ingresar denuncia' });
  await expect.poll(() => start.isDisabled()).toBe(true);
  await page
    .getByRole('checkbox', { name: 'He leído y acepto los términos y condiciones' })
    .click();
  const terms = page.getByRole('dialog', { name: 'Términos y condiciones' });
  await terms.waitFor();
  await terms.getByRole('button', { name: 'Aceptar' }).click();
  await terms.waitFor({ state: 'detached' });
  await expect
    .poll(() =>
      page
        .getByRole('checkbox', { name: 'He leído y acepto los términos y condiciones' })
        .isChecked(),
    )
    .toBe(true);
  await start.click();
  await page.waitForURL('**/ingresar-denuncia');
}

/**
 * /ingresar-denuncia opened directly: its terms dialog, once the page's code has taken it over.
 * The server writes the dialog with the page (decision 0078), so it is on screen before its
 * buttons do anything; hydrated, the dialog moves the focus into itself.
 */
export async function hydratedTermsDialog(page: Page): Promise<Locator> {
  const terms = page.getByRole('dialog', { name: 'Términos y condiciones' });
  await terms.waitFor();
  await expect.poll(() => terms.evaluate((el) => el.contains(document.activeElement))).toBe(true);
  return terms;
}

/** Step 0: open the category (its Roman-numbered, upper-case heading) and pick the type. */
export async function chooseComplaintType(
  page: Page,
  categoryHeading: RegExp,
  typeName: string,
): Promise<void> {
  await page
    .getByRole('heading', { name: 'Selecciona el tipo de denuncia que quieres ingresar' })
    .waitFor();
  const next = page.getByRole('button', { name: 'Siguiente' });
  expect(await next.isDisabled()).toBe(true);
  await page.getByRole('button', { name: categoryHeading }).click();
  await page.getByRole('radio', { name: typeName, exact: true }).check();
  await expect.poll(() => next.isEnabled()).toBe(true);
}

export async function goToStep1(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Siguiente' }).click();
  await page.getByRole('heading', { name: /^Tipo denuncia: / }).waitFor();
}

/**
 * The occurrence date: opens the calendar with a click and clicks the 1st of the shown month.
 * `checkOpen` checks the open calendar (by default axe on the page with it open).
 */
export async function pickFirstOfMonth(
  page: Page,
  checkOpen: (calendar: Locator) => Promise<void> = () =>
    expectNoAxeViolations(page, 'el calendario abierto'),
): Promise<string> {
  const input = page.getByLabel('Fecha de ocurrencia de los hechos');
  await expect.poll(() => input.isEnabled()).toBe(true);
  await input.click();
  const day = page.locator(
    '.react-datepicker__day--001:not(.react-datepicker__day--outside-month)',
  );
  // The open calendar passes axe too: its month and year selects are named (issue 12).
  await page.getByRole('combobox', { name: 'Año' }).waitFor();
  await checkOpen(page.locator('.react-datepicker-popper'));
  await day.click();
  const now = new Date();
  const expected = `01-${String(now.getMonth() + 1).padStart(2, '0')}-${now.getFullYear()}`;
  await expect.poll(() => input.inputValue()).toBe(expected);
  await page.keyboard.press('Escape');
  return expected;
}

/** Chooses an option of a labelled select by its visible text (or the first real one). */
export async function choose(
  page: Page | Locator,
  label: string,
  option?: string,
): Promise<string> {
  const select = page.getByLabel(label, { exact: true });
  await expect.poll(() => select.locator('option').count()).toBeGreaterThan(1);
  if (option) {
    await select.selectOption({ label: option });
    return option;
  }
  const text = (await select.locator('option').nth(1).textContent()) ?? '';
  await select.selectOption({ index: 1 });
  return text;
}

export interface UploadFile {
  name: string;
  mimeType: string;
  buffer: Buffer;
}

/** "Seleccionar archivos" opens the browser's file chooser; the files are picked there. */
export async function pickFiles(
  page: Page,
  scope: Page | Locator,
  files: UploadFile[],
): Promise<void> {
  const [chooser] = await Promise.all([
    page.waitForEvent('filechooser'),
    scope.getByRole('button', { name: 'Seleccionar archivos' }).click(),
  ]);
  await chooser.setFiles(files);
  const list = scope.getByRole('list', { name: 'Archivos seleccionados' });
  for (const f of files) await list.getByText(f.name, { exact: true }).waitFor();
}

/** The save modal: e-mail twice, password twice, "Guardar denuncia"; then "Denuncia Ingresada". */
export async function saveComplaint(
  page: Page,
  email: string,
  password: string,
  opts: { axe?: boolean } = {},
): Promise<string> {
  const dialog = page.getByRole('dialog', {
    name: 'Generar contraseña de recuperación y seguimiento',
  });
  await dialog.waitFor();
  const save = dialog.getByRole('button', { name: 'Guardar denuncia' });
  expect(await save.isDisabled()).toBe(true);
  await dialog.getByLabel('Correo electrónico de contacto').fill(email);
  await dialog.getByLabel('Repetir correo electrónico').fill(email);
  await dialog.getByLabel('Contraseña', { exact: true }).fill(password);
  await dialog.getByLabel('Repetir contraseña').fill(password);
  await expect.poll(() => save.isEnabled()).toBe(true);
  if (opts.axe) await expectNoAxeViolations(page, 'el modal de guardado');
  await save.click();
  const done = page.getByRole('dialog', { name: 'Denuncia Ingresada' });
  await done.waitFor({ timeout: 60_000 });
  await done.getByText('Tu denuncia fue ingresada con éxito').waitFor();
  const code = ((await done.locator('strong').first().textContent()) ?? '').trim();
  expect(code).toMatch(/^[1-9]\d{11}$/);
  await done.getByRole('button', { name: 'Entendido' }).click();
  await page.waitForURL(`**/detalle-denuncia/${code}`, { timeout: 30_000 });
  await page
    .getByRole('heading', { name: 'Resumen denuncia', level: 1 })
    .waitFor({ timeout: 30_000 });
  return code;
}

/** Home: sign in with code and password ("Consultar denuncia"). */
export async function signIn(page: Page, code: string, password: string): Promise<void> {
  const form = page.getByRole('region', { name: 'Consultar estado de su denuncia' });
  await form.getByLabel('Código de denuncia').fill(code);
  await form.getByLabel('Contraseña').fill(password);
  await form.getByRole('button', { name: 'Consultar denuncia' }).click();
}

/** Options of an anonymous complaint typed through the wizard. */
export interface AnonymousComplaint {
  type?: string;
  zone?: string | null;
  files?: UploadFile[];
}

/**
 * Types an anonymous complaint from the home page up to an enabled "Ingresar denuncia" (not
 * pressed): terms, a type of group III, step 1 with `description`, the zone and place, the files.
 */
export async function fillAnonymousComplaint(
  page: Page,
  description: string,
  {
    type = 'Uso indebido de recursos de la organización',
    zone = 'Región Metropolitana de Santiago',
    files = [],
  }: AnonymousComplaint = {},
): Promise<Locator> {
  await acceptTermsAndStart(page);
  await chooseComplaintType(page, /^III\. INFRACCIONES AL CÓDIGO DE ÉTICA$/, type);
  await goToStep1(page);
  await page
    .getByRole('checkbox', { name: '¿Desea permanecer en el anonimato para esta denuncia?' })
    .check();
  await choose(page, 'Relación con la organización');
  await pickFirstOfMonth(page);
  await choose(page, '¿Puede identificar a las personas involucradas?');
  await choose(page, '¿Cómo tomó conocimiento de los hechos?');
  await page.getByLabel('Descripción de los hechos', { exact: true }).fill(description);
  if (zone) await choose(page, 'Zona de ocurrencia', zone);
  await choose(page, 'Lugar de ocurrencia');
  if (files.length > 0) await pickFiles(page, page, files);
  const submit = page.getByRole('button', { name: 'Ingresar denuncia' });
  await expect.poll(() => submit.isEnabled()).toBe(true);
  return submit;
}

/**
 * Files a short anonymous complaint of the code-of-ethics category through the whole UI, from the
 * home page the browser is on, and leaves the page on its detail; returns the code. `zone` is null
 * for an organisation with a single zone (the form chooses it and shows no select).
 */
export async function fileAnonymousComplaint(
  page: Page,
  email: string,
  password: string,
  description: string,
  options: AnonymousComplaint = {},
): Promise<string> {
  await page.getByRole('heading', { name: 'Canal de denuncias', level: 1 }).waitFor();
  await (await fillAnonymousComplaint(page, description, options)).click();
  return saveComplaint(page, email, password);
}
