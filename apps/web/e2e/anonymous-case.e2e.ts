import { readFile } from 'node:fs/promises';
import { inflateSync } from 'node:zlib';
import { PDFDocument } from 'pdf-lib';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { HEAD_OFFICE_ID } from '@canal/shared';
import { contract } from '@canal/shared/contract';
import { GPS_MARK, jpegWithExif } from '@canal/test-support/images';
import { BackOffice } from './support/back-office';
import { launchBrowser, newPage, portalUrl, waitForMail } from './support/browser';
import { fileAnonymousComplaint } from './support/portal';

/**
 * An anonymous complaint viewed by an investigator, in Chromium (issue 9): filed with an e-mail
 * and two files carrying identifying metadata (a JPEG with Exif GPS, a PDF with an author, saved
 * with object streams as current writers do). The investigator's case page shows no e-mail and
 * neutral file names, and the copies downloaded through the page's links carry no GPS or author
 * and a neutral name. Its own administrator and investigator: independent of the other specs.
 */

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

const RUN = Date.now();
const MARKER = `Caso anónimo ${RUN}`;
const EMAIL = `anonima.${RUN}@correo.cl`;
const AUTHOR = 'Juana Denunciante Rojas';
const PHOTO_NAME = `foto-bodega-${RUN}.jpg`;
const PDF_NAME = `informe-juana-${RUN}.pdf`;

/** UTF-16BE hex, as pdf-lib writes document-information strings. */
const utf16Hex = (text: string) =>
  Buffer.from(`\ufeff${text}`, 'utf16le').swap16().toString('hex').toUpperCase();

/** Every stream of a PDF, inflated when it can be, and the rest of the file: what a reader sees. */
function pdfText(pdf: Buffer): string {
  const text = pdf.toString('latin1');
  const parts = [text];
  for (const m of text.matchAll(/stream\r?\n/g)) {
    const start = m.index + m[0].length;
    try {
      parts.push(
        inflateSync(pdf.subarray(start, text.indexOf('endstream', start))).toString('latin1'),
      );
    } catch {
      // Not deflated.
    }
  }
  return parts.join('\n');
}

async function pdfWithAuthor(): Promise<Buffer> {
  const doc = await PDFDocument.create();
  doc.addPage([300, 200]);
  doc.setAuthor(AUTHOR);
  doc.setCreator(`Procesador de ${AUTHOR}`);
  doc.setTitle(`Informe de ${AUTHOR}`);
  return Buffer.from(await doc.save({ useObjectStreams: true }));
}

describe('an anonymous case seen by an investigator', () => {
  it('shows no e-mail and neutral file names, and the downloaded copies carry no GPS or author', async () => {
    const photo = jpegWithExif();
    const document = await pdfWithAuthor();
    expect(photo.includes(GPS_MARK)).toBe(true);
    expect(pdfText(document)).toContain(utf16Hex(AUTHOR));

    // The complainant files anonymously, with an e-mail and both files.
    const complainant = await newPage(browser);
    await complainant.page.goto(portalUrl());
    await fileAnonymousComplaint(
      complainant.page,
      EMAIL,
      'Anonima#2024',
      `${MARKER}: retiran mercadería de la bodega sin registro.`,
      {
        files: [
          { name: PHOTO_NAME, mimeType: 'image/jpeg', buffer: photo },
          { name: PDF_NAME, mimeType: 'application/pdf', buffer: document },
        ],
      },
    );
    await complainant.context.close();

    // An investigator of the head office, invited by this spec's own administrator.
    const admin = await BackOffice.activateWith(inject('anonymityAdminToken'));
    const investigatorEmail = `investigador.anonimo.${RUN}@prueba.cl`;
    await admin.call(contract.inviteUser, {
      body: {
        email: investigatorEmail,
        nombre: 'Ignacio Investigador',
        rol: 'investigador',
        organizaciones: [HEAD_OFFICE_ID],
      },
    });
    const mail = await waitForMail(
      (m) => m.to.includes(investigatorEmail) && /Invitación/.test(m.subject),
    );
    const token = /\/gestion\/activar#([A-Za-z0-9_-]{43})/.exec(mail.text)?.[1];
    expect(token).toBeTruthy();
    const investigator = await BackOffice.activateWith(token!);
    const { id } = await investigator.findCaseByDescription(MARKER);

    // The case page in Chromium, signed in as the investigator.
    const { page, context } = await newPage(browser);
    await context.addCookies(investigator.cookies().map((c) => ({ ...c, url: inject('baseUrl') })));
    await page.goto(portalUrl(null, `/gestion/casos/${id}`));
    await page.getByText(MARKER).first().waitFor({ timeout: 30_000 });
    const files = page.getByRole('region', { name: 'Archivos adjuntos' });
    const photoLink = files.getByRole('link', { name: 'Archivo1.jpg', exact: true });
    const pdfLink = files.getByRole('link', { name: 'Archivo2.pdf', exact: true });
    await photoLink.waitFor();
    await pdfLink.waitFor();
    const html = await page.content();
    for (const secret of [EMAIL, PHOTO_NAME, PDF_NAME, 'foto-bodega', 'informe-juana'])
      expect(html, secret).not.toContain(secret);

    // The copies downloaded through the page's links.
    const downloadOf = async (link: typeof photoLink) => {
      const [download] = await Promise.all([page.waitForEvent('download'), link.click()]);
      expect(await download.failure()).toBeNull();
      return { name: download.suggestedFilename(), bytes: await readFile(await download.path()) };
    };
    const photoCopy = await downloadOf(photoLink);
    expect(photoCopy.name).toBe('Archivo1.jpg');
    expect(photoCopy.bytes.subarray(0, 2).equals(Buffer.from([0xff, 0xd8]))).toBe(true);
    expect(photoCopy.bytes.includes(GPS_MARK)).toBe(false);
    expect(photoCopy.bytes.includes('Exif')).toBe(false);

    const pdfCopy = await downloadOf(pdfLink);
    expect(pdfCopy.name).toBe('Archivo2.pdf');
    const seen = pdfText(pdfCopy.bytes);
    for (const secret of [utf16Hex(AUTHOR), utf16Hex(`Procesador de ${AUTHOR}`), AUTHOR])
      expect(seen, secret).not.toContain(secret);
    const reopened = await PDFDocument.load(pdfCopy.bytes, { updateMetadata: false });
    expect(reopened.getPageCount()).toBe(1);
    expect(reopened.getAuthor()).toBeUndefined();
    await context.close();
  });
});
