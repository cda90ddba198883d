import { readFile } from 'node:fs/promises';
import { unzipSync } from 'fflate';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { organizationByKey } from '@canal/shared';
import { contract } from '@canal/shared/contract';
import {
  civilDateInZone,
  DIGEST_HOUR,
  hourInSantiago,
  mailDeadlineDigest,
} from '@canal/api/testing';
import { pdf, png } from '@canal/test-support/files';
import { pdfText } from '@canal/shared/documents/read-back';
import { BackOffice } from './support/back-office';
import { launchBrowser, newPage, portalUrl, waitForMail } from './support/browser';
import { startOwnServer, type OwnServer } from './support/own-server';
import {
  acceptTermsAndStart,
  choose,
  chooseComplaintType,
  goToStep1,
  pickFiles,
  pickFirstOfMonth,
  saveComplaint,
} from './support/portal';
import { totpNow } from './support/totp';

/**
 * A Law 21.643 case at Clínica Atacama from filing to the duty after closing (issue 11): the
 * complaint filed in the clinic's portal alerts the clinic's investigator with a neutral mail; the investigator, activated through the invitation, finds the case by its ticket code in
 * the inbox, takes it, records the milestones before closing and closes it, confirming the
 * milestones the closing leaves open; the report to the Dirección del Trabajo is then still due on
 * the case page, the case dossier downloads from it (PDF + the complaint's files), and the next
 * daily deadline digest mails the investigator about the report.
 *
 * The digest is the product's own daily job (runs at start and every hour, once per civil day, not
 * before 08:00 in Santiago); the run's shared server ran it at start, before this case existed. So
 * this spec has a server of its own (support/own-server.ts): once the browser part is done the
 * server is stopped, as a maintenance command requires with the embedded database, and the job's
 * code (`mailDeadlineDigest`) runs on that database at its next run — tomorrow at 08:00 in
 * Santiago — and the mail it queues is sent through the product's outbox to the local mailbox.
 */

let browser: Browser;
let server: OwnServer;
beforeAll(async () => {
  [browser, server] = await Promise.all([
    launchBrowser(),
    startOwnServer({ email: 'ley.karin.e2e@canal-denuncias.cl', name: 'Ley Karin E2E' }),
  ]);
});
afterAll(async () => {
  await browser?.close();
  await server?.remove();
});

const RUN = Date.now();
const CLINIC = organizationByKey('clinica-atacama');
const STAFF_PASSWORD = 'Clave segura de investigación 2024';
const INVESTIGATOR = { email: `investigadora.karin.${RUN}@prueba.cl`, name: 'Inés Investigadora' };
const COMPLAINANT = {
  email: `karin.${RUN}@correo.cl`,
  password: 'Karin#2024',
  rut: '12345678-5',
  first: 'Valentina',
  last: 'Soto',
  phone: '987654321',
};
const MARKER = `Hostigamiento ${RUN}`;
const DESCRIPTION = `${MARKER}: la supervisora de pabellón me descalifica a gritos delante de pacientes y me excluye de los turnos.`;
const FILES = [
  {
    name: `registro-turnos-${RUN}.pdf`,
    mimeType: 'application/pdf',
    buffer: pdf('Registro de turnos'),
  },
  { name: `mensaje-${RUN}.png`, mimeType: 'image/png', buffer: png(24, 16) },
];

/** The Law 21.643 milestones before closing, and whether each informs the complainant. */
const BEFORE_CLOSING = [
  { name: 'Adopción de medidas de resguardo', informs: false },
  {
    name: 'Decisión de investigar internamente o derivar a la Dirección del Trabajo',
    informs: true,
  },
  { name: 'Aviso de inicio de la investigación a la Dirección del Trabajo', informs: false },
  { name: 'Designación de la persona investigadora', informs: true },
];
const CLOSING = 'Cierre de la investigación';
const DT_REPORT = 'Envío del informe a la Dirección del Trabajo';
const AFTER_CLOSING = [
  DT_REPORT,
  'Pronunciamiento de la Dirección del Trabajo',
  'Adopción de medidas y sanciones',
];

const gestion = (pathname = '') => portalUrl(null, `/gestion${pathname}`, server.port);

/** The complainant files an identified Law 21.643 complaint with two files in the clinic's portal. */
async function fileAtClinic(page: Page): Promise<string> {
  await page.goto(portalUrl('clinica-atacama', '/', server.port));
  await page.getByRole('heading', { name: 'Canal de denuncias', level: 1 }).waitFor();
  await page.getByRole('banner').getByRole('img', { name: CLINIC.shortName }).waitFor();
  await acceptTermsAndStart(page);
  await chooseComplaintType(page, /^I\. LEY N° 21\.643/, 'Acoso laboral');
  await goToStep1(page);
  await page.getByLabel('RUT', { exact: true }).pressSequentially(COMPLAINANT.rut);
  await page.getByLabel('Nombres', { exact: true }).fill(COMPLAINANT.first);
  await page.getByLabel('Apellido paterno', { exact: true }).fill(COMPLAINANT.last);
  await page.getByLabel('Número de contacto', { exact: true }).pressSequentially(COMPLAINANT.phone);
  await choose(page, 'Relación con la organización', 'Trabajador(a) de la organización');
  await pickFirstOfMonth(page);
  await choose(page, '¿Puede identificar a las personas involucradas?');
  await choose(page, '¿Cómo tomó conocimiento de los hechos?');
  await page.getByLabel('Descripción de los hechos', { exact: true }).fill(DESCRIPTION);
  // The clinic has one zone: no zone select.
  await choose(page, 'Lugar de ocurrencia');
  await pickFiles(page, page, FILES);
  const submit = page.getByRole('button', { name: 'Ingresar denuncia' });
  await expect.poll(() => submit.isEnabled()).toBe(true);
  await submit.click();
  return saveComplaint(page, COMPLAINANT.email, COMPLAINANT.password);
}

/** /gestion/activar#token in the browser: a password and the first TOTP code sign in. */
async function activate(page: Page, token: string): Promise<void> {
  await page.goto(gestion(`/activar#${token}`));
  await page.getByText(INVESTIGATOR.name).waitFor();
  const secret = ((await page.getByTestId('totp-secret').textContent()) ?? '').replace(/\s+/g, '');
  await page.getByLabel('Nueva contraseña').fill(STAFF_PASSWORD);
  await page.getByLabel('Repita la contraseña').fill(STAFF_PASSWORD);
  await page.getByLabel('Código de verificación').fill(totpNow(secret));
  await page.getByRole('button', { name: 'Activar cuenta e ingresar' }).click();
  await page.getByRole('heading', { name: 'Bandeja de casos' }).waitFor({ timeout: 30_000 });
}

/** A row of the milestones table by its milestone's name, and its "Vence" and "Estado" cells. */
function milestoneRow(page: Page, name: string) {
  const row = page
    .getByRole('table', { name: 'Hitos legales del caso' })
    .getByRole('row')
    .filter({ has: page.getByRole('rowheader', { name: new RegExp(`^${name}`) }) });
  const cells = row.getByRole('cell');
  return { row, due: cells.nth(0), state: cells.nth(1) };
}

async function recordMilestone(page: Page, name: string, informs: boolean): Promise<string> {
  await page.getByRole('button', { name: `Registrar cumplimiento: ${name}`, exact: true }).click();
  const dialog = page.getByRole('dialog', { name: `Registrar cumplimiento: ${name}` });
  // Today, as the dialog offers it (dd-mm-aaaa).
  const day = await dialog.getByLabel('Fecha en que se cumplió').inputValue();
  expect(day).toMatch(/^\d{2}-\d{2}-\d{4}$/);
  if (informs)
    await dialog
      .getByLabel('Lo que se informa a la persona denunciante')
      .fill(`${name}: la clínica investiga internamente; investiga ${INVESTIGATOR.name}.`);
  await dialog.getByRole('button', { name: 'Registrar' }).click();
  await dialog.waitFor({ state: 'detached' });
  await expect.poll(() => milestoneRow(page, name).state.textContent()).toBe(`Cumplido el ${day}`);
  return day;
}

/** The download a click on `link` starts, with its suggested name and bytes. */
async function download(page: Page, link: Locator) {
  const [started] = await Promise.all([page.waitForEvent('download'), link.click()]);
  expect(await started.failure()).toBeNull();
  return { name: started.suggestedFilename(), bytes: await readFile(await started.path()) };
}

/** The instant of the digest's next daily run after `now`: tomorrow, at DIGEST_HOUR in Santiago. */
function nextDigestRun(now: Date): Date {
  const today = civilDateInZone(now);
  let at = new Date(now);
  while (civilDateInZone(at) === today || hourInSantiago(at) !== DIGEST_HOUR)
    at = new Date(at.getTime() + 3_600_000);
  return at;
}

describe('a Law 21.643 case at Clínica Atacama', () => {
  it('alerts the investigator, is closed with its milestones, keeps the report to the DT due and mailed, and its dossier downloads', async () => {
    // The clinic's investigator, invited by the server's administrator, activates in the browser.
    const admin = await BackOffice.activateWith(server.adminToken!, server.base);
    await admin.call(contract.inviteUser, {
      body: {
        email: INVESTIGATOR.email,
        nombre: INVESTIGATOR.name,
        rol: 'investigador',
        organizaciones: [CLINIC.id],
      },
    });
    const invitation = await waitForMail(
      (m) => m.to.includes(INVESTIGATOR.email) && /Invitación/.test(m.subject),
      20_000,
      server.base,
    );
    const token = /\/gestion\/activar#([A-Za-z0-9_-]{43})/.exec(invitation.text)?.[1];
    expect(token).toBeTruthy();
    const investigator = await newPage(browser);
    const inv = investigator.page;
    await activate(inv, token!);

    // The complaint, filed in the clinic's portal.
    const complainant = await newPage(browser);
    const code = await fileAtClinic(complainant.page);
    await complainant.context.close();

    // The investigator's alert (at once here: these servers have no alert slot, decision 0031):
    // the case number, a link and the protective measures due today; not a single fact of the
    // complaint.
    const alert = await waitForMail(
      (m) => m.to.includes(INVESTIGATOR.email) && /Nuevo caso/.test(m.subject),
      20_000,
      server.base,
    );
    const number = /Nuevo caso (\S+): un plazo vence hoy$/.exec(alert.subject)?.[1];
    expect(number, alert.subject).toMatch(/^[A-Z]+-\d{4}-\d{5}$/);
    expect(alert.text).toContain('Ley N° 21.643');
    expect(alert.text).toContain('Las medidas de resguardo deben adoptarse de inmediato');
    for (const fact of [
      MARKER,
      'supervisora',
      'Acoso',
      code,
      COMPLAINANT.rut,
      '12.345.678',
      COMPLAINANT.first,
      COMPLAINANT.last,
      COMPLAINANT.phone,
      COMPLAINANT.email,
      ...FILES.map((f) => f.name),
    ])
      for (const surface of [alert.subject, alert.text, alert.html])
        expect(surface, fact).not.toContain(fact);

    // The inbox search finds the case by its ticket code (whole), and only it.
    await inv.reload();
    const filters = inv.getByRole('form', { name: 'Filtros de la bandeja' });
    await filters.getByLabel('Buscar').fill(code);
    await filters.getByRole('button', { name: 'Filtrar' }).click();
    await inv.getByRole('heading', { name: '1 caso', exact: true }).waitFor();
    await inv.getByRole('table').getByRole('link', { name: number!, exact: true }).click();
    await inv.getByRole('heading', { name: `Caso ${number}` }).waitFor();
    await inv.getByText(MARKER).first().waitFor();

    // The investigator takes the case (the digest mails whoever handles it).
    await inv.getByRole('button', { name: 'Asignarme el caso' }).click();
    await inv.getByText(`A cargo: ${INVESTIGATOR.name}`).waitFor();

    // The case page offers the eight Law 21.643 milestones; the four before closing are recorded.
    const names = await inv
      .getByRole('table', { name: 'Hitos legales del caso' })
      .getByRole('rowheader')
      .allTextContents();
    expect(names.map((n) => n.replace('Se informa a la persona denunciante', ''))).toEqual([
      ...BEFORE_CLOSING.map((m) => m.name),
      CLOSING,
      ...AFTER_CLOSING,
    ]);
    let today = '';
    for (const m of BEFORE_CLOSING) today = await recordMilestone(inv, m.name, m.informs);

    // Closing: the dialog names the duties after closing, the DT report among them, and says the
    // closing records the end of the investigation.
    const status = inv.getByRole('form', { name: 'Cambiar estado' });
    await status.getByLabel('Nuevo estado').selectOption('Cerrada');
    await status
      .getByLabel('Comentario para la persona denunciante')
      .fill('Concluimos la investigación.');
    await status
      .getByLabel('Resolución')
      .fill('Se acreditaron los hechos; se aplicó amonestación escrita a la supervisora.');
    await status.getByRole('button', { name: 'Cambiar estado' }).click();
    const confirm = inv.getByRole('dialog', {
      name: '¿Cerrar el caso con hitos legales abiertos?',
    });
    await confirm.waitFor();
    expect(await confirm.getByRole('listitem').allTextContents()).toEqual(AFTER_CLOSING);
    await confirm.getByText(/^Seguirán pendientes después del cierre/).waitFor();
    expect(await confirm.getByText('Quedarán como no registrados:').count()).toBe(0);
    await confirm.getByText(`Al cerrar se registra «${CLOSING}» con la fecha de hoy`).waitFor();
    await confirm.getByRole('button', { name: 'Cerrar el caso' }).click();
    await confirm.waitFor({ state: 'detached' });
    await inv.getByText(/El caso está cerrado/).waitFor();

    // Afterwards the report to the DT is still due, and can still be recorded.
    await expect
      .poll(() => milestoneRow(inv, CLOSING).state.textContent())
      .toBe(`Cumplido el ${today}`);
    const report = milestoneRow(inv, DT_REPORT);
    expect(await report.state.textContent()).toBe('Pendiente, vence pronto');
    const reportDue = /^\d{2}-\d{2}-\d{4}/.exec((await report.due.textContent()) ?? '')?.[0];
    expect(reportDue).toBeTruthy();
    await inv.getByText(`Próximo vencimiento: ${reportDue}`).waitFor();
    await report.row
      .getByRole('button', { name: `Registrar cumplimiento: ${DT_REPORT}`, exact: true })
      .waitFor();

    // The dossier: one ZIP with the case's PDF and the complaint's files, as the page downloads them.
    const dossier = await download(
      inv,
      inv.getByRole('link', { name: 'Descargar expediente (ZIP)' }),
    );
    expect(dossier.name).toBe(`expediente-${number}.zip`);
    const zip = unzipSync(new Uint8Array(dossier.bytes));
    expect(Object.keys(zip).sort()).toEqual([
      `archivos/01-${FILES[0]!.name}`,
      `archivos/02-${FILES[1]!.name}`,
      `expediente-${number}.pdf`,
      'manifiesto.clave',
      'manifiesto.firma',
      'manifiesto.json',
    ]);
    const casePdf = zip[`expediente-${number}.pdf`]!;
    expect(Buffer.from(casePdf.subarray(0, 5)).toString('latin1')).toBe('%PDF-');
    const text = await pdfText(casePdf);
    expect(text).toContain(`Expediente del caso ${number}`);
    expect(text).toContain(MARKER);
    expect(text).toContain(DT_REPORT);
    expect(text).toContain('Expediente descargado');
    const files = inv.getByRole('region', { name: 'Archivos adjuntos' });
    for (const [i, f] of FILES.entries()) {
      const copy = await download(inv, files.getByRole('link', { name: f.name, exact: true }));
      expect(copy.name).toBe(f.name);
      const packed = Buffer.from(zip[`archivos/0${i + 1}-${f.name}`]!);
      expect(packed.equals(copy.bytes), f.name).toBe(true);
    }
    expect(zip[`archivos/01-${FILES[0]!.name}`]!.subarray(0, 5)).toEqual(
      new Uint8Array(Buffer.from('%PDF-')),
    );
    expect(zip[`archivos/02-${FILES[1]!.name}`]!.subarray(1, 4)).toEqual(
      new Uint8Array(Buffer.from('PNG')),
    );
    await investigator.context.close();

    // The next daily digest, on the server's database, mails the investigator the DT report.
    await server.stop();
    const services = await server.services();
    try {
      const queued = await mailDeadlineDigest(services, nextDigestRun(new Date()));
      expect(queued).toBe(1);
      await services.outbox.drain(services.db);
      const mails = await services.transport.list!();
      const reminder = mails.find(
        (m) => m.to.includes(INVESTIGATOR.email) && /plazo/.test(m.subject),
      );
      expect(reminder, JSON.stringify(mails.map((m) => [m.to, m.subject]))).toBeDefined();
      expect(reminder!.subject).toBe('Canal de denuncias – 1 plazo por vencer');
      expect(reminder!.text).toContain(number);
      expect(reminder!.text).toContain(DT_REPORT);
      expect(reminder!.text).toContain(reportDue);
      expect(reminder!.text).not.toContain(MARKER);
    } finally {
      await services.files.store.close();
      await services.db.close();
    }
  });
});
