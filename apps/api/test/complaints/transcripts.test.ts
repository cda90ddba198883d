import { contract } from '@canal/shared/contract';
import { pdfText } from '@canal/shared/documents/read-back';
import { unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addYears, chileToday, runRetention } from '../../src/core/retention/retention';
import { callApi } from '@canal/test-support/api';
import { buildTestApp, type TestApp } from '@canal/test-support/app';
import { denuncia, file, HEAD_OFFICE, login } from '@canal/test-support/complaints';
import { mp3, pdf } from '@canal/test-support/files';
import { closeCase, staff, type StaffClient } from '@canal/test-support/staff';

/**
 * The transcript of an oral complaint that the complainant agrees (issue 21, decision 0064): staff
 * write it from a voice attachment or a verbal intake; the complainant accepts it or proposes
 * corrections; staff issue a new version; the case shows the accepted one and the history.
 */

let t: TestApp;
let investigator: StaffClient;
let auditor: StaffClient;

const SAID = 'El 3 de marzo mi jefe me gritó delante del equipo y me amenazó con despedirme.';
const FIXED = 'El 3 de marzo mi jefe me gritó delante del equipo y me amenazó con el despido.';

beforeAll(async () => {
  t = await buildTestApp();
  investigator = await staff(t, { role: 'investigador', organizations: [HEAD_OFFICE] });
  auditor = await staff(t, { role: 'auditor', organizations: [HEAD_OFFICE] });
});
afterAll(() => t.close());

/** A complaint filed with a voice message and a PDF, signed in: its ids and the audio's file id. */
async function oralComplaint() {
  const res = await file(t.app, denuncia(), [
    { filename: 'mensaje-de-voz.mp3', content: mp3(), contentType: 'audio/mpeg' },
    { filename: 'acta.pdf', content: pdf(), contentType: 'application/pdf' },
  ]);
  expect(res.statusCode).toBe(201);
  const { ticket } = res.json() as { ticket: number };
  const [row] = await t.db.query<{ id: number }>('SELECT id FROM complaints WHERE ticket = $1', [
    ticket,
  ]);
  const files = await t.db.query<{ id: string; mimetype: string }>(
    'SELECT id, mimetype FROM complaint_files WHERE complaint_id = $1',
    [row!.id],
  );
  return {
    id: Number(row!.id),
    ticket,
    auth: (await login(t.app, ticket)).auth,
    audio: files.find((f) => f.mimetype === 'audio/mpeg')!.id,
    pdf: files.find((f) => f.mimetype === 'application/pdf')!.id,
  };
}
type Oral = Awaited<ReturnType<typeof oralComplaint>>;

const issue = (
  c: Oral,
  texto: string,
  origen: 'adjunto' | 'verbal' = 'adjunto',
  archivo?: string,
) =>
  investigator.call(contract.issueTranscript, {
    params: { id: c.id },
    body: { texto, origen, archivo_id: origen === 'adjunto' ? (archivo ?? c.audio) : null },
  });
const portalView = async (c: Oral) =>
  (
    await callApi(t.app, contract.complaintTranscript, {
      headers: c.auth,
      params: { id: String(c.ticket) },
    })
  ).json();
const answer = (c: Oral, version: number, decision: 'acepta' | 'corrige', correcciones?: string) =>
  callApi(t.app, contract.answerTranscript, {
    headers: c.auth,
    body: { denuncia_id: c.ticket, version, decision, correcciones },
  });
const visibleLog = async (c: Oral) =>
  (
    (
      await callApi(t.app, contract.complaintDetail, {
        headers: c.auth,
        params: { id: String(c.ticket) },
      })
    ).json() as { denuncia_bitacora: { evento: string; usuario: string; comentario: string }[] }
  ).denuncia_bitacora;
const pendingMails = (kind: string) =>
  t.db.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM outbox WHERE kind = $1 AND status = 'pending'`,
    [kind],
  );

describe('the transcript the complainant agrees', () => {
  it('is written by staff, sealed, logged neutrally, mailed neutrally, audited, and read by the complainant', async () => {
    const c = await oralComplaint();
    const mailsBefore = (await pendingMails('complainant-update'))[0]!.n;
    const res = await issue(c, `  ${SAID}  `);
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({ version: 1 });

    const [stored] = await t.db.query<{ text_enc: string; file_id: string; source: string }>(
      'SELECT text_enc, file_id, source FROM complaint_transcripts WHERE complaint_id = $1',
      [c.id],
    );
    expect(stored!.text_enc).toMatch(/^v2:0:/);
    expect(stored!.text_enc).not.toContain('jefe');
    expect(stored).toMatchObject({ file_id: c.audio, source: 'adjunto' });

    const log = await visibleLog(c);
    expect(log.at(-1)).toMatchObject({
      evento: 'Transcripción disponible para su revisión',
      usuario: 'Equipo de investigación',
      comentario: null,
    });
    // One neutral "your complaint has news" mail, with no text of the transcript.
    expect((await pendingMails('complainant-update'))[0]!.n).toBe(mailsBefore + 1);
    const audit = await t.db.query<{ detail: string }>(
      `SELECT detail::text AS detail FROM audit_log WHERE complaint_id = $1 AND action = 'caso.transcripcion'`,
      [c.id],
    );
    expect(JSON.parse(audit[0]!.detail)).toEqual({ version: 1, origen: 'adjunto' });

    expect(await portalView(c)).toMatchObject({
      aceptada: null,
      versiones: [
        { version: 1, texto: SAID, estado: 'pendiente', correcciones: null, respondida: null },
      ],
    });
  });

  it('takes corrections, issues a new version that the complainant accepts, and keeps the history', async () => {
    const c = await oralComplaint();
    await issue(c, SAID);
    const corrected = await answer(c, 1, 'corrige', '  Dijo «despido», no «despedirme».  ');
    expect(corrected.statusCode).toBe(201);
    expect(corrected.json().message).toBe(
      'Gracias. Sus correcciones fueron enviadas al equipo de investigación.',
    );
    const [sealed] = await t.db.query<{ corrections_enc: string }>(
      'SELECT corrections_enc FROM complaint_transcripts WHERE complaint_id = $1',
      [c.id],
    );
    expect(sealed!.corrections_enc).toMatch(/^v2:0:/);

    expect((await issue(c, FIXED, 'verbal')).json()).toEqual({ version: 2 });
    // Version 1 was answered: it no longer waits.
    expect((await answer(c, 1, 'acepta')).statusCode).toBe(409);
    const accepted = await answer(c, 2, 'acepta');
    expect(accepted.statusCode).toBe(201);
    expect(accepted.json().message).toBe(
      'Gracias. Su aceptación de la transcripción quedó registrada.',
    );

    const view = (
      await investigator.call(contract.viewCaseTranscript, { params: { id: c.id } })
    ).json();
    expect(view.aceptada).toBe(2);
    expect(view.versiones).toMatchObject([
      { version: 2, texto: FIXED, estado: 'aceptada', origen: 'verbal', archivo: null },
      {
        version: 1,
        texto: SAID,
        estado: 'con_correcciones',
        correcciones: 'Dijo «despido», no «despedirme».',
        origen: 'adjunto',
        archivo: { id: c.audio, nombre: 'mensaje-de-voz.mp3' },
      },
    ]);
    expect(view.versiones[1].respondida).toEqual(expect.any(String));
    // The auditor reads it too.
    expect(
      (await auditor.call(contract.viewCaseTranscript, { params: { id: c.id } })).json().aceptada,
    ).toBe(2);
    expect((await visibleLog(c)).map((e) => e.evento)).toEqual(
      expect.arrayContaining([
        'Correcciones propuestas a la transcripción (versión 1)',
        'Transcripción (versión 2) aceptada',
      ]),
    );
    const answers = await t.db.query<{ actor_id: number | null; detail: string }>(
      `SELECT actor_id, detail::text AS detail FROM audit_log
        WHERE complaint_id = $1 AND action = 'caso.transcripcion_respondida' ORDER BY id`,
      [c.id],
    );
    expect(answers.map((a) => [a.actor_id, JSON.parse(a.detail)])).toEqual([
      [null, { version: 1, decision: 'corrige' }],
      [null, { version: 2, decision: 'acepta' }],
    ]);

    // The copy of their data (portability, Law 21.719) carries the transcript as they read it:
    // both versions, their corrections and the accepted one; no staff name.
    const copy = (
      await callApi(t.app, contract.personalDataExport, {
        headers: c.auth,
        params: { id: String(c.ticket) },
      })
    ).json();
    expect(copy.transcripcion.aceptada).toBe(2);
    expect(copy.transcripcion.versiones).toMatchObject([
      { version: 2, texto: FIXED, estado: 'aceptada', correcciones: null },
      {
        version: 1,
        texto: SAID,
        estado: 'con_correcciones',
        correcciones: 'Dijo «despido», no «despedirme».',
      },
    ]);
    expect(copy.transcripcion.versiones[0]).not.toHaveProperty('autor');

    // The dossier for the Dirección del Trabajo or a court carries it too, in its PDF.
    const dossier = await investigator.call(contract.downloadCaseDossier, { params: { id: c.id } });
    expect(dossier.statusCode).toBe(200);
    const zip = unzipSync(new Uint8Array(dossier.rawPayload));
    const pdfName = Object.keys(zip).find(
      (n) => n.endsWith('.pdf') && n.startsWith('expediente-'),
    )!;
    const text = (await pdfText(zip[pdfName]!)).replace(/\s+/g, ' ');
    expect(text).toContain('Transcripción de la denuncia oral');
    expect(text).toContain('La persona denunciante aceptó la versión 2.');
    expect(text).toContain('Versión 2: Aceptada por la persona denunciante');
    expect(text).toContain('Versión 1: La persona denunciante propuso correcciones');
    expect(text).toContain('Correcciones propuestas: Dijo «despido», no «despedirme».');
    expect(text).toContain(FIXED.slice(0, 40));
  });

  it('replaces the version that waits when staff issue another one', async () => {
    const c = await oralComplaint();
    await issue(c, SAID);
    await issue(c, FIXED, 'verbal');
    expect((await answer(c, 1, 'acepta')).json().message).toBe(
      'Esa versión de la transcripción ya no espera su revisión. Recargue la página para ver la versión vigente.',
    );
    const view = await portalView(c);
    expect(view.versiones.map((v: { estado: string }) => v.estado)).toEqual([
      'pendiente',
      'reemplazada',
    ]);
  });

  it('refuses bad input in Spanish, a file that is not the case’s audio, an auditor, another complaint', async () => {
    const c = await oralComplaint();
    const other = await oralComplaint();
    const empty = await investigator.call(contract.issueTranscript, {
      params: { id: c.id },
      body: { texto: '   ', origen: 'verbal' },
    });
    expect(empty.statusCode).toBe(400);
    expect(empty.body).toContain('Escriba la transcripción.');
    const noFile = await investigator.call(contract.issueTranscript, {
      params: { id: c.id },
      body: { texto: SAID, origen: 'adjunto' },
    });
    expect(noFile.statusCode).toBe(400);
    expect(noFile.body).toContain('Elija el audio adjunto que transcribe.');
    for (const archivo of [c.pdf, other.audio]) {
      const wrong = await issue(c, SAID, 'adjunto', archivo);
      expect(wrong.statusCode).toBe(400);
      expect(wrong.json().message).toBe('El archivo elegido no es un audio de este caso.');
    }
    expect(
      (
        await auditor.call(contract.issueTranscript, {
          params: { id: c.id },
          body: { texto: SAID, origen: 'verbal' },
        })
      ).statusCode,
    ).toBe(403);

    await issue(c, SAID);
    const noCorrections = await answer(c, 1, 'corrige', '  ');
    expect(noCorrections.statusCode).toBe(400);
    expect(noCorrections.body).toContain('Escriba las correcciones que propone.');
    // Another complaint's session cannot read or answer it.
    expect(
      (
        await callApi(t.app, contract.complaintTranscript, {
          headers: other.auth,
          params: { id: String(c.ticket) },
        })
      ).statusCode,
    ).toBe(404);
    expect(
      (
        await callApi(t.app, contract.answerTranscript, {
          headers: other.auth,
          body: { denuncia_id: c.ticket, version: 1, decision: 'acepta' },
        })
      ).statusCode,
    ).toBe(404);
    const closed = await closeCase(investigator, c.id, {
      comentario: 'Concluimos.',
      resolucion: 'Amonestación escrita.',
    });
    expect(closed.statusCode).toBe(201);
    expect((await issue(c, FIXED, 'verbal')).statusCode).toBe(409);
  });

  it('goes with the case when the case is erased', async () => {
    const c = await oralComplaint();
    await issue(c, SAID);
    await answer(c, 1, 'corrige', 'Una corrección.');
    await issue(c, FIXED, 'verbal');
    const closed = await closeCase(investigator, c.id, {
      comentario: 'Concluimos.',
      resolucion: 'Amonestación escrita.',
    });
    expect(closed.statusCode).toBe(201);
    await runRetention(t.services);
    await runRetention(t.services, { asOf: addYears(chileToday(), 5) });
    expect(
      (await t.db.query('SELECT erased_at FROM complaints WHERE id = $1', [c.id]))[0],
    ).toMatchObject({ erased_at: expect.any(Date) });
    expect(
      await t.db.query('SELECT 1 FROM complaint_transcripts WHERE complaint_id = $1', [c.id]),
    ).toEqual([]);
  });
});
