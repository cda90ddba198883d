// Hostile files through the real download route (issue 25): each is filed by a complainant and
// downloaded by an investigator over HTTP while a health probe asks /livez every 100 ms. Each
// download must end within a generous bound, the probe must keep answering within a second (no
// work blocks the event loop), and the process's memory must stay within a bound. Past a limit
// the safe copy is withheld with a Spanish 422; nothing of the file is sent.
import { setTimeout as sleep } from 'node:timers/promises';
import { STAFF_CSRF_HEADER, contract } from '@canal/shared/contract';
import { strFromU8, unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERRORS } from '../../src/errors';
import { callApi } from '@canal/test-support/api';
import { buildTestApp, type TestApp } from '@canal/test-support/app';
import {
  anonymous,
  denuncia,
  file,
  fileAndLogin,
  HEAD_OFFICE,
} from '@canal/test-support/complaints';
import { multipart } from '@canal/test-support/multipart';
import { staff, type StaffClient } from '@canal/test-support/staff';
import {
  docxBomb,
  docxOfDocx,
  pdfDenseWithKeys,
  pdfObjectStreamBomb,
  pdfXmpBomb,
  unclosedCreators,
  zipOfZips,
} from './hostile';

const MiB = 1024 * 1024;
/** How long a hostile download may take at most (the limits stop bombs in well under that). */
const BOUND_SECONDS = 30;
/** Memory the process may grow by while one hostile download runs. */
const BOUND_RSS_MIB = 512;

let t: TestApp;
let base: string;
let investigator: StaffClient;
beforeAll(async () => {
  t = await buildTestApp();
  investigator = await staff(t, { role: 'investigador', organizations: [HEAD_OFFICE] });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(t.app.server.address() as { port: number }).port}`;
});
afterAll(() => t.close());

/** Files an anonymous complaint with `content` as `filename`: the case and the file's id. */
async function fileCase(filename: string, content: Buffer) {
  const created = await file(t.app, anonymous(), [{ filename, content }]);
  expect(created.statusCode, created.body).toBe(201);
  const [row] = await t.db.query<{ id: number }>('SELECT id FROM complaints WHERE ticket = $1', [
    created.json().ticket,
  ]);
  const view = (await investigator.call(contract.viewCase, { params: { id: row!.id } })).json();
  return { caseId: row!.id, fileId: view.archivos[0].id as string, url: view.archivos[0].url };
}

/**
 * GETs `path` as the investigator over HTTP while probing /livez: the answer, how long it took,
 * the slowest probe and the growth of the process's resident memory.
 */
async function whileProbing(path: string) {
  let done = false;
  let slowest = 0;
  let probes = 0;
  const rss = process.memoryUsage().rss;
  let peak = rss;
  const probe = (async () => {
    while (!done) {
      const start = performance.now();
      const res = await fetch(`${base}/livez`);
      expect(res.status).toBe(200);
      await res.text();
      slowest = Math.max(slowest, performance.now() - start);
      peak = Math.max(peak, process.memoryUsage().rss);
      probes += 1;
      await sleep(100);
    }
  })();
  const start = performance.now();
  try {
    const res = await fetch(`${base}${path}`, { headers: { cookie: investigator.cookie } });
    const body = Buffer.from(await res.arrayBuffer());
    return {
      status: res.status,
      body,
      json: () => JSON.parse(body.toString()) as { message: string },
      seconds: (performance.now() - start) / 1000,
      slowestProbeMs: slowest,
      probes,
      rssGrowthMiB: (Math.max(peak, process.memoryUsage().rss) - rss) / MiB,
    };
  } finally {
    done = true;
    await probe;
  }
}

type Outcome = Awaited<ReturnType<typeof whileProbing>>;

/** The download ended in time, the probe answered within a second, memory stayed bounded. */
function expectBounded(outcome: Outcome) {
  expect(outcome.seconds).toBeLessThan(BOUND_SECONDS);
  expect(outcome.probes).toBeGreaterThan(0);
  expect(outcome.slowestProbeMs).toBeLessThan(1000);
  expect(outcome.rssGrowthMiB).toBeLessThan(BOUND_RSS_MIB);
}

/** The copy was withheld: a 422 with the Spanish message, nothing of the file. */
function expectWithheld(outcome: Outcome) {
  expect(outcome.status).toBe(422);
  expect(outcome.json().message).toBe(ERRORS.SAFE_COPY_LIMIT.message);
  expect(outcome.json().message).toMatch(/^No se pudo preparar una copia segura/);
}

describe('decompression bombs in the investigator’s copy', () => {
  it('a 408 KB PDF whose object stream inflates to 400 MiB: withheld (422), the server keeps answering', async () => {
    const pdf = pdfObjectStreamBomb(400);
    expect(pdf.length).toBeLessThan(420 * 1024);
    const { url } = await fileCase('informe.pdf', pdf);
    const outcome = await whileProbing(url);
    expectBounded(outcome);
    expectWithheld(outcome);
  });

  it('a 2 MB PDF whose object stream inflates to 2 GiB: withheld, the process stays small', async () => {
    const pdf = pdfObjectStreamBomb(2000);
    expect(pdf.length).toBeGreaterThan(2_000_000);
    const { url } = await fileCase('anexo.pdf', pdf);
    const outcome = await whileProbing(url);
    expectBounded(outcome);
    expectWithheld(outcome);
  });

  it('the viewer withholds the same copy (422), the download and the viewer alike', async () => {
    const { caseId, fileId } = await fileCase('vista.pdf', pdfObjectStreamBomb(400));
    const outcome = await whileProbing(`/v1/gestion/casos/${caseId}/archivos/${fileId}/vista`);
    expectBounded(outcome);
    expectWithheld(outcome);
  });

  it('a PDF whose XMP stream inflates to 400 MiB: sent, its metadata emptied without inflating it', async () => {
    const pdf = pdfXmpBomb(400);
    const { url } = await fileCase('xmp.pdf', pdf);
    const outcome = await whileProbing(url);
    expectBounded(outcome);
    expect(outcome.status).toBe(200);
    expect(outcome.body.length).toBe(pdf.length);
    expect(outcome.body.subarray(0, 8).toString('latin1')).toBe('%PDF-1.7');
    // The stream's content is an empty zlib stream and line feeds now.
    const at = outcome.body.indexOf('stream\n') + 'stream\n'.length;
    expect(outcome.body.subarray(at, at + 2)).toEqual(Buffer.from([0x78, 0x9c]));
    expect(outcome.body.subarray(at + 8, at + 1000).every((b) => b === 0x0a)).toBe(true);
  });

  it('a 408 KB .docx whose main document inflates to 400 MiB: withheld', async () => {
    const docx = docxBomb(400);
    expect(docx.length).toBeLessThan(420 * 1024);
    const { url } = await fileCase('informe.docx', docx);
    const outcome = await whileProbing(url);
    expectBounded(outcome);
    expectWithheld(outcome);
  });

  it('a zip of zips as a .docx (packages embedded in packages, each with a bomb): withheld', async () => {
    // Deeper than the packages a real document embeds.
    const deep = await fileCase('anidado.docx', docxOfDocx(4, 2, 4));
    const outcomeDeep = await whileProbing(deep.url);
    expectBounded(outcomeDeep);
    expectWithheld(outcomeDeep);
    // Within that depth, but sixteen embedded packages of 32 MiB each: past the bytes inflated.
    const wide = await fileCase('ancho.docx', docxOfDocx(1, 16, 32));
    const outcomeWide = await whileProbing(wide.url);
    expectBounded(outcomeWide);
    expectWithheld(outcomeWide);
  });

  it('a team file sent to the complainant: its signed link answers the same 422', async () => {
    const filed = await fileAndLogin(t.app, denuncia());
    const [row] = await t.db.query<{ id: number }>('SELECT id FROM complaints WHERE ticket = $1', [
      filed.ticket,
    ]);
    const { body, headers } = multipart([
      { name: 'respuesta', json: { comentario: 'Le enviamos el informe.' } },
      { name: 'files', filename: 'informe.pdf', content: pdfObjectStreamBomb(400) },
    ]);
    const sent = await t.app.inject({
      method: 'POST',
      url: `/v1/gestion/casos/${row!.id}/respuestas/archivos`,
      payload: body,
      headers: { ...headers, cookie: investigator.cookie, [STAFF_CSRF_HEADER]: investigator.csrf },
    });
    expect(sent.statusCode, sent.body).toBe(201);
    const list = await callApi(t.app, contract.complaintAttachments, {
      params: { id: String(filed.ticket) },
      headers: filed.auth,
    });
    const [teamFile] = list.json() as { path: string }[];
    const outcome = await whileProbing(teamFile!.path);
    expectBounded(outcome);
    expectWithheld(outcome);
  });

  it('a zip of zips as a .zip: never opened, sent as it is', async () => {
    const zip = zipOfZips(3, 4, 64);
    const { url } = await fileCase('archivos.zip', zip);
    const outcome = await whileProbing(url);
    expectBounded(outcome);
    expect(outcome.status).toBe(200);
    expect(outcome.body.equals(zip)).toBe(true);
  });
});

describe('patterns that cost a careless parser quadratic time', () => {
  it('a 3.7 KB .docx whose core.xml is <dc:creator> openers never closed: sent promptly, no name left', async () => {
    const docx = unclosedCreators(125_000);
    expect(docx.length).toBeLessThan(10 * 1024);
    const { url } = await fileCase('propiedades.docx', docx);
    const outcome = await whileProbing(url);
    expectBounded(outcome);
    expect(outcome.status).toBe(200);
    const core = strFromU8(unzipSync(outcome.body)['docProps/core.xml']!);
    expect(core.length).toBeLessThan(1024);
    expect(core).not.toContain('<dc:creator><dc:creator>');
  });

  it('a PDF of 200,000 document-information keys: every value blanked in linear time', async () => {
    const pdf = pdfDenseWithKeys(200_000);
    const { url } = await fileCase('claves.pdf', pdf);
    const outcome = await whileProbing(url);
    expectBounded(outcome);
    expect(outcome.status).toBe(200);
    expect(outcome.body.length).toBe(pdf.length);
    expect(outcome.body.includes('(x)')).toBe(false);
  });
});
