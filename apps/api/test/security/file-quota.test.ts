import { STAFF_CSRF_HEADER } from '@canal/shared/contract';
import { MAX_FILES_PER_COMPLAINT } from '@canal/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '@canal/test-support/app';
import { denuncia, EMAIL, fileAndLogin, HEAD_OFFICE } from '@canal/test-support/complaints';
import { pdf } from '@canal/test-support/files';
import { multipart, type FilePart } from '@canal/test-support/multipart';
import { LocalObjectStore } from '../../src/storage';
import { staff, type StaffClient } from '@canal/test-support/staff';
import { complaintFilesOnDisk } from '../support/object-store';

/**
 * The case's file quota (50 files, the complainant's and the team's together) holds under
 * concurrent uploads: it is counted in the transaction that records the files, with the
 * complaint's row locked, not read before it. On PGlite (one connection) the transactions queue
 * anyway; CI's PostgreSQL run is where the requests really race.
 */

let t: TestApp;
let investigator: StaffClient;
beforeAll(async () => {
  t = await buildTestApp();
  investigator = await staff(t, { role: 'investigador', organizations: [HEAD_OFFICE] });
});
afterAll(() => t.close());

const pdfs = (n: number, tag: string): FilePart[] =>
  Array.from({ length: n }, (_, i) => ({
    filename: `antecedente-${tag}-${i}.pdf`,
    content: pdf(`Antecedente ${tag} ${i}`),
  }));

function complainantUpload(auth: Record<string, string>, ticket: number, files: FilePart[]) {
  const { body, headers } = multipart([
    { name: 'bitacora', json: { codigo: ticket, comentario: 'Adjunto', usuario: EMAIL } },
    ...files.map((f) => ({ name: 'files', ...f })),
  ]);
  return t.app.inject({
    method: 'POST',
    url: '/v1/denuncias/upload-files',
    payload: body,
    headers: { ...auth, ...headers },
  });
}

function teamReply(id: number, files: FilePart[]) {
  const { body, headers } = multipart([
    { name: 'respuesta', json: { comentario: 'Le enviamos antecedentes.' } },
    ...files.map((f) => ({ name: 'files', ...f })),
  ]);
  return t.app.inject({
    method: 'POST',
    url: `/v1/gestion/casos/${id}/respuestas/archivos`,
    payload: body,
    headers: { ...headers, cookie: investigator.cookie, [STAFF_CSRF_HEADER]: investigator.csrf },
  });
}

const filesOf = async (id: number) =>
  (
    await t.db.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM complaint_files WHERE complaint_id = $1',
      [id],
    )
  )[0]!.n;

describe('the per-complaint file quota', () => {
  it('holds under six parallel uploads at 43 of 50 files: the case ends at 50 at most, and refused files are not kept', async () => {
    const c = await fileAndLogin(t.app, denuncia());
    const [row] = await t.db.query<{ id: number }>('SELECT id FROM complaints WHERE ticket = $1', [
      c.ticket,
    ]);
    const id = row!.id;
    await t.db.query("UPDATE complaints SET status = 'Faltan antecedentes' WHERE id = $1", [id]);
    for (const [i, n] of [10, 10, 10, 10, 3].entries())
      expect((await complainantUpload(c.auth, c.ticket, pdfs(n, `lleno${i}`))).statusCode).toBe(
        201,
      );
    expect(await filesOf(id)).toBe(43);

    // Four files each: one fits (47), a second would pass a check made before either committed.
    const answers = await Promise.all([
      ...[0, 1, 2, 3].map((i) => complainantUpload(c.auth, c.ticket, pdfs(4, `carrera${i}`))),
      ...[4, 5].map((i) => teamReply(id, pdfs(4, `equipo${i}`))),
    ]);
    const accepted = answers.filter((a) => a.statusCode === 201);
    const refused = answers.filter((a) => a.statusCode !== 201);
    expect(accepted.length).toBe(1);
    for (const a of refused) {
      expect(a.statusCode).toBe(400);
      expect(a.json().message).toBe(
        'La denuncia alcanzó el máximo de 50 archivos o 2 GB adjuntos.',
      );
    }
    const stored = await filesOf(id);
    expect(stored).toBeLessThanOrEqual(MAX_FILES_PER_COMPLAINT);
    expect(stored).toBe(43 + 4 * accepted.length);

    // Nothing of the refused uploads is left: no staged row, no object beyond the recorded files.
    expect(await t.db.query('SELECT storage_key FROM staged_files')).toEqual([]);
    const keys = await t.db.query<{ storage_key: string }>(
      'SELECT storage_key FROM complaint_files',
    );
    for (const k of keys) expect(await t.services.files.store.exists(k.storage_key)).toBe(true);
    if (t.services.files.store instanceof LocalObjectStore)
      expect(complaintFilesOnDisk(t.services.files.store.root).length).toBe(keys.length);
  }, 60_000);
});
