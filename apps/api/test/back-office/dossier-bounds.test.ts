import { randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import { COMMENT_MAX, DESCRIPTION_MAX } from '@canal/shared';
import { contract } from '@canal/shared/contract';
import { unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERRORS } from '../../src/errors';
import { callApi } from '@canal/test-support/api';
import { buildTestApp, type TestApp } from '@canal/test-support/app';
import { denuncia, file, login } from '@canal/test-support/complaints';
import { pdf } from '@canal/test-support/files';
import { pdfPages, pdfText } from '@canal/shared/documents/read-back';
import { jpegWithExif } from '@canal/test-support/images';
import { closeCase, staff, type StaffClient } from '@canal/test-support/staff';

let t: TestApp;
let admin: StaffClient;
beforeAll(async () => {
  t = await buildTestApp();
  admin = await staff(t, { role: 'administrador', name: 'Ana Administradora' });
});
afterAll(() => t.close());

/** The longest a staff resolution and comment may be (statusChangeSchema). */
const RESOLUTION_MAX = 10_000;
const STAFF_COMMENT_MAX = 5_000;

async function newCase(payload: Record<string, unknown>, files: Parameters<typeof file>[2] = []) {
  const created = await file(t.app, payload, files);
  expect(created.statusCode).toBe(201);
  const { ticket } = created.json() as { ticket: number };
  const [row] = await t.db.query<{ id: number; case_number: string }>(
    'SELECT id, case_number FROM complaints WHERE ticket = $1',
    [ticket],
  );
  return { ...row!, ticket };
}

const dossier = (id: number) => admin.call(contract.downloadCaseDossier, { params: { id } });

describe('the case dossier, bounded', () => {
  it('is made for a case with every text at its longest, without spaces, while /livez answers within a second', async () => {
    const description = 'd'.repeat(DESCRIPTION_MAX);
    const c = await newCase(denuncia({ relato: description }));
    const { auth } = await login(t.app, c.ticket);
    for (const letter of 'abcde') {
      const res = await callApi(t.app, contract.addComment, {
        headers: auth,
        body: { comentario: letter.repeat(COMMENT_MAX), denuncia_id: c.ticket },
      });
      expect(res.statusCode).toBe(201);
    }
    const note = await admin.call(contract.addInternalNote, {
      params: { id: c.id },
      body: { comentario: 'n'.repeat(STAFF_COMMENT_MAX) },
    });
    expect(note.statusCode).toBe(201);
    const resolution = 'r'.repeat(RESOLUTION_MAX);
    const closed = await closeCase(admin, c.id, {
      comentario: 'c'.repeat(STAFF_COMMENT_MAX),
      resolucion: resolution,
    });
    expect(closed.statusCode).toBe(201);

    // Health probes one after the other for as long as the dossier takes.
    const started = performance.now();
    let done = false;
    const taken = dossier(c.id).finally(() => (done = true));
    const probes: number[] = [];
    while (!done) {
      const at = performance.now();
      const live = await t.app.inject({ method: 'GET', url: '/livez' });
      expect(live.statusCode).toBe(200);
      probes.push(performance.now() - at);
      await new Promise((r) => setTimeout(r, 50));
    }
    const res = await taken;
    const seconds = (performance.now() - started) / 1000;
    expect(res.statusCode).toBe(200);
    expect(seconds).toBeLessThan(30);
    expect(probes.length).toBeGreaterThan(0);
    expect(Math.max(...probes)).toBeLessThan(1_000);

    // Every character is there, cut across lines where a line ends.
    const zip = unzipSync(new Uint8Array(res.rawPayload));
    const text = (await pdfPages(zip[`expediente-${c.case_number}.pdf`]!))
      .map((page) =>
        page
          .slice(0, -1)
          .map((l) => l.text)
          .join(''),
      ) // the footer left out
      .join('');
    for (const whole of [description, resolution, 'n'.repeat(STAFF_COMMENT_MAX)])
      expect(text).toContain(whole);
    for (const letter of 'abcde') expect(text).toContain(letter.repeat(COMMENT_MAX));
  });

  it('keeps the line breaks and list items of the account and the comments', async () => {
    const relato = [
      'Los hechos fueron los siguientes:',
      '• El lunes me gritó frente al equipo.',
      '◦ El martes − otra vez → en la sala de reuniones.',
      '',
      'Pido que se investigue.',
    ].join('\n');
    const c = await newCase(denuncia({ relato }));
    const { auth } = await login(t.app, c.ticket);
    const comentario = '1. Adjunto el correo.\n2. Hay dos testigos.';
    const res = await callApi(t.app, contract.addComment, {
      headers: auth,
      body: { comentario, denuncia_id: c.ticket },
    });
    expect(res.statusCode).toBe(201);
    const taken = await dossier(c.id);
    expect(taken.statusCode).toBe(200);
    const zip = unzipSync(new Uint8Array(taken.rawPayload));
    const lines = (await pdfPages(zip[`expediente-${c.case_number}.pdf`]!))
      .flat()
      .map((l) => l.text);
    const at = lines.indexOf('Relato de los hechos');
    expect(lines.slice(at, at + 5)).toEqual([
      'Relato de los hechos',
      'Los hechos fueron los siguientes:',
      '• El lunes me gritó frente al equipo.',
      '• El martes - otra vez -> en la sala de reuniones.',
      'Pido que se investigue.',
    ]);
    expect(lines).toContain('1. Adjunto el correo.');
    expect(lines).toContain('2. Hay dos testigos.');
    expect(lines.join('\n')).not.toContain('?');
  });

  it('stands a note in for a file whose safe copy cannot be made, before or part-way through its transfer; the rest is complete', async () => {
    const acta = Buffer.concat([pdf(), randomBytes(300_000)]).subarray(0, 300_000);
    for (const where of ['first', 'later'] as const) {
      const c = await newCase(denuncia(), [
        { filename: 'foto.jpg', content: jpegWithExif() },
        { filename: 'acta.pdf', content: acta },
      ]);
      const [stored] = await t.db.query<{ storage_key: string }>(
        `SELECT storage_key FROM complaint_files WHERE complaint_id = $1 AND extension = 'pdf'`,
        [c.id],
      );
      const object: Buffer[] = [];
      for await (const chunk of await t.services.files.store.get(stored!.storage_key))
        object.push(chunk as Buffer);
      const bytes = Buffer.concat(object);
      // An altered first segment fails before any byte of the file; a later one part-way.
      bytes[where === 'first' ? 132 : bytes.length - 1000]! ^= 1;
      await t.services.files.store.put(stored!.storage_key, Readable.from([bytes]));

      const res = await dossier(c.id);
      expect(res.statusCode).toBe(200);
      const zip = unzipSync(new Uint8Array(res.rawPayload));
      expect(Object.keys(zip).sort()).toEqual([
        'archivos/01-foto.jpg',
        'archivos/02-acta.pdf.no-incluido.txt',
        `expediente-${c.case_number}.pdf`,
        'manifiesto.clave',
        'manifiesto.firma',
        'manifiesto.json',
      ]);
      const note = Buffer.from(zip['archivos/02-acta.pdf.no-incluido.txt']!).toString('utf8');
      expect(note).toContain('Este archivo del caso no se incluyó en el expediente.');
      expect(note).toContain('Archivo: acta.pdf');
      expect(note).toContain(`Motivo: ${ERRORS.FILE_INTEGRITY.message}`);
      const photo = await admin.follow(
        (await admin.call(contract.viewCase, { params: { id: c.id } })).json().archivos[0].url,
      );
      expect(Buffer.from(zip['archivos/01-foto.jpg']!).equals(photo.rawPayload)).toBe(true);
      const text = (await pdfText(zip[`expediente-${c.case_number}.pdf`]!)).replace(/\s+/g, ' ');
      expect(text).toContain('«.no-incluido.txt»');
    }
  });
});
