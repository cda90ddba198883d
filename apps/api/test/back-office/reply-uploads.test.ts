import { createHash, randomBytes } from 'node:crypto';
import net, { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STAFF_CSRF_HEADER, contract } from '@canal/shared/contract';
import { callApi } from '@canal/test-support/api';
import { buildTestApp, type TestApp } from '@canal/test-support/app';
import { CEM, EMAIL, denuncia, fileAndLogin, HEAD_OFFICE } from '@canal/test-support/complaints';
import { rar } from '@canal/test-support/files';
import { multipart } from '@canal/test-support/multipart';
import { sendThroughCuts } from '@canal/test-support/tus';
import { staff, type StaffClient } from '@canal/test-support/staff';
import { encryptedSize, isV2Header } from '../../src/crypto/file-cipher';

// Issue 21, decision 0074: a staff reply's files over tus, under the case, with the back office's
// session and CSRF, sealed with the case's data key, resumed after a cut, and joined to the case
// only by the reply that names them.
let t: TestApp;
let port: number;
let investigator: StaffClient;
let colleague: StaffClient;
let outsider: StaffClient;
let auditor: StaffClient;
beforeAll(async () => {
  t = await buildTestApp();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  port = (t.app.server.address() as net.AddressInfo).port;
  investigator = await staff(t, { role: 'investigador', organizations: [HEAD_OFFICE] });
  colleague = await staff(t, { role: 'investigador', organizations: [HEAD_OFFICE] });
  outsider = await staff(t, { role: 'investigador', organizations: [CEM] });
  auditor = await staff(t, { role: 'auditor', organizations: [HEAD_OFFICE] });
}, 120_000);
afterAll(() => t.close());

async function newCase() {
  const filed = await fileAndLogin(t.app, denuncia());
  const [row] = await t.db.query<{ id: number }>('SELECT id FROM complaints WHERE ticket = $1', [
    filed.ticket,
  ]);
  return { ...filed, id: Number(row!.id) };
}

const sessionHeaders = (who: StaffClient, csrf = true): Record<string, string> => ({
  cookie: who.cookie,
  ...(csrf ? { [STAFF_CSRF_HEADER]: who.csrf } : {}),
});

/** A tus creation request as tus-js-client sends it. */
const create = (headers: Record<string, string>, caseId: number, name: string, size: number) =>
  t.app.inject({
    method: 'POST',
    url: `/v1/gestion/casos/${caseId}/subidas`,
    headers: {
      ...headers,
      'tus-resumable': '1.0.0',
      'upload-length': String(size),
      'upload-metadata': `filename ${Buffer.from(name).toString('base64')}`,
    },
  });

const patch = (headers: Record<string, string>, location: string, body: Buffer, offset = 0) =>
  t.app.inject({
    method: 'PATCH',
    url: location,
    headers: {
      ...headers,
      'tus-resumable': '1.0.0',
      'content-type': 'application/offset+octet-stream',
      'upload-offset': String(offset),
    },
    payload: body,
  });

const uploadRows = async () => (await t.db.query('SELECT 1 FROM resumable_uploads')).length;

describe('a staff reply’s files over tus', () => {
  it('resumes after a cut, stays out of the case until the reply names it, then staff and complainant read it', async () => {
    const c = await newCase();
    // A RAR archive (its magic bytes first) of 4 MiB: stored and downloaded as it is.
    const content = Buffer.concat([rar(), randomBytes(4 * 1024 * 1024)]);
    const sha = createHash('sha256').update(content).digest('hex');

    const { url, offsets, cuts } = await sendThroughCuts(content, {
      ports: [port],
      path: `/v1/gestion/casos/${c.id}/subidas`,
      headers: sessionHeaders(investigator),
      filename: 'acta-y-anexos.rar',
      cutsAfter: [2 * 1024 * 1024],
    });
    expect(cuts).toHaveLength(1);
    // The address is under the case; it resumed from the sealed segments kept, not from 0.
    expect(new URL(url).pathname).toMatch(
      new RegExp(`^/v1/gestion/casos/${c.id}/subidas/[0-9a-f-]{36}$`),
    );
    expect(offsets.length).toBeGreaterThanOrEqual(2);
    expect(offsets[0]).toBe(0);
    expect(offsets[1]).toBeGreaterThan(0);
    expect(offsets.every((o) => o % 65_536 === 0)).toBe(true);
    const id = url.split('/').at(-1)!;

    // Finished, still not the case's; sealed in the v2 format under the case's data key.
    const [held] = await t.db.query<{ storage_key: string; staff_user_id: string }>(
      'SELECT storage_key, staff_user_id FROM resumable_uploads WHERE id = $1',
      [id],
    );
    expect(Number(held!.staff_user_id)).toBe(investigator.id);
    const head = Buffer.alloc(32);
    for await (const chunk of await t.services.files.store.get(held!.storage_key)) {
      (chunk as Buffer).copy(head, 0, 0, 32);
      break;
    }
    expect(isV2Header(head)).toBe(true);
    let stored = Buffer.alloc(0);
    for await (const chunk of await t.services.files.store.get(held!.storage_key))
      stored = Buffer.concat([stored, chunk as Buffer]);
    expect(stored.includes(content.subarray(1000, 1064))).toBe(false);
    const view = async () =>
      (await investigator.call(contract.viewCase, { params: { id: c.id } })).json() as {
        archivos: { nombre: string; url: string; del_equipo: boolean }[];
      };
    expect((await view()).archivos).toEqual([]);

    // Neither the complainant nor a colleague can attach it: it is this person's.
    const { body, headers } = multipart([
      {
        name: 'bitacora',
        json: { codigo: c.ticket, comentario: 'Mío', usuario: EMAIL, subidas: [id] },
      },
    ]);
    await t.db.query(`UPDATE complaints SET status = 'Faltan antecedentes' WHERE id = $1`, [c.id]);
    const byComplainant = await t.app.inject({
      method: 'POST',
      url: '/v1/denuncias/upload-files',
      payload: body,
      headers: { ...headers, ...c.auth },
    });
    expect(byComplainant.statusCode).toBe(400);
    const byColleague = await colleague.call(contract.replyToComplainant, {
      params: { id: c.id },
      body: { comentario: 'Adjunto', subidas: [id] },
    });
    expect(byColleague.statusCode).toBe(400);
    expect(byColleague.json().message).toBe('Un archivo aún no termina de subirse.');
    expect((await view()).archivos).toEqual([]);

    // The reply names it: one commit, the team's file.
    const replied = await investigator.call(contract.replyToComplainant, {
      params: { id: c.id },
      body: { comentario: 'Le enviamos el acta y sus anexos.', subidas: [id] },
    });
    expect(replied.statusCode, replied.body).toBe(201);
    expect(await uploadRows()).toBe(0);
    expect(await t.db.query('SELECT 1 FROM staged_files')).toHaveLength(0);
    const files = (await view()).archivos;
    expect(files.map((f) => [f.nombre, f.del_equipo])).toEqual([['acta-y-anexos.rar', true]]);
    const download = await investigator.follow(files[0]!.url);
    expect(download.statusCode).toBe(200);
    expect(createHash('sha256').update(download.rawPayload).digest('hex')).toBe(sha);

    const list = await callApi(t.app, contract.complaintAttachments, {
      params: { id: String(c.ticket) },
      headers: c.auth,
    });
    const theirs = list.json() as { path: string; del_equipo: boolean }[];
    expect(theirs.map((f) => f.del_equipo)).toEqual([true]);
    const mine = await t.app.inject({ method: 'GET', url: theirs[0]!.path });
    expect(createHash('sha256').update(mine.rawPayload).digest('hex')).toBe(sha);
  }, 120_000);

  it('refuses a staff member outside the case’s organisation, an auditor, a write without CSRF, and another’s upload', async () => {
    const c = await newCase();
    const size = 100_000;
    const pdfBytes = Buffer.concat([Buffer.from('%PDF-1.4\n'), randomBytes(size - 9)]);

    // Another organisation's investigator: the case does not exist for them; nothing is kept.
    const outside = await create(sessionHeaders(outsider), c.id, 'acta.pdf', size);
    expect(outside.statusCode).toBe(404);
    expect(JSON.parse(outside.body).message).toBe('No se encontró el caso solicitado.');
    // An auditor reads cases but changes none.
    expect((await create(sessionHeaders(auditor), c.id, 'acta.pdf', size)).statusCode).toBe(403);
    // No session, or no CSRF value: refused before anything is created.
    expect((await create({}, c.id, 'acta.pdf', size)).statusCode).toBe(401);
    const noCsrf = await create(sessionHeaders(investigator, false), c.id, 'acta.pdf', size);
    expect(noCsrf.statusCode).toBe(403);
    expect(await uploadRows()).toBe(0);

    const created = await create(sessionHeaders(investigator), c.id, 'acta.pdf', size);
    expect(created.statusCode).toBe(201);
    const location = created.headers.location as string;
    // A PATCH without CSRF is refused too, and keeps nothing.
    expect((await patch(sessionHeaders(investigator, false), location, pdfBytes)).statusCode).toBe(
      403,
    );
    // A colleague on the same case, or the outsider, cannot see or write it.
    for (const who of [colleague, outsider]) {
      const head = await t.app.inject({
        method: 'HEAD',
        url: location,
        headers: { ...sessionHeaders(who), 'tus-resumable': '1.0.0' },
      });
      expect(head.statusCode).toBe(404);
      expect((await patch(sessionHeaders(who), location, pdfBytes)).statusCode).toBe(404);
    }
    // Under another case's path it is not found either.
    const other = await newCase();
    const elsewhere = location.replace(`/casos/${c.id}/`, `/casos/${other.id}/`);
    expect((await patch(sessionHeaders(investigator), elsewhere, pdfBytes)).statusCode).toBe(404);
    const [row] = await t.db.query<{ stored: string }>('SELECT stored FROM resumable_uploads');
    expect(Number(row!.stored)).toBe(0);

    // The type is checked by its first bytes before any is kept, as the complainant's.
    const fake = await patch(sessionHeaders(investigator), location, randomBytes(size));
    expect(fake.statusCode).toBe(415);
    expect(await uploadRows()).toBe(0);

    // A closed case takes no new upload.
    await t.db.query(`UPDATE complaints SET status = 'Cerrada' WHERE id = $1`, [c.id]);
    expect((await create(sessionHeaders(investigator), c.id, 'acta.pdf', size)).statusCode).toBe(
      409,
    );
  });
});

describe('a file one PATCH brings whole', () => {
  it('is stored as that one sealed object, not copied, and reads back the same once replied', async () => {
    const c = await newCase();
    const content = Buffer.concat([rar(), randomBytes(300_000)]);
    const created = await create(sessionHeaders(investigator), c.id, 'anexo.rar', content.length);
    const location = created.headers.location as string;
    // Which objects the PATCH writes (the real store, only watched).
    const store = t.services.files.store;
    const put = store.put.bind(store);
    const written: string[] = [];
    store.put = (key, ...rest) => {
      written.push(key);
      return put(key, ...rest);
    };
    try {
      expect((await patch(sessionHeaders(investigator), location, content)).statusCode).toBe(204);
    } finally {
      store.put = put;
    }
    const id = location.split('/').at(-1)!;
    const [held] = await t.db.query<{ storage_key: string; parts: string[] }>(
      'SELECT storage_key, parts FROM resumable_uploads WHERE id = $1',
      [id],
    );
    expect(held!.parts).toEqual([]);
    // One object, the file itself: no part copied into another.
    expect(written).toEqual([held!.storage_key]);
    expect(held!.storage_key).toMatch(/^[0-9a-f-]{36}\.bin$/);
    expect((await t.services.files.store.head(held!.storage_key))?.bytes).toBe(
      encryptedSize(content.length),
    );
    const replied = await investigator.call(contract.replyToComplainant, {
      params: { id: c.id },
      body: { comentario: 'Le enviamos el anexo.', subidas: [id] },
    });
    expect(replied.statusCode).toBe(201);
    const view = (await investigator.call(contract.viewCase, { params: { id: c.id } })).json() as {
      archivos: { url: string }[];
    };
    const download = await investigator.follow(view.archivos[0]!.url);
    expect(download.rawPayload.equals(content)).toBe(true);
  });
});

describe('a slow line', () => {
  it('keeps receiving a PATCH that takes longer than a JSON body may: it is not cut into «Reanudando…»', async () => {
    const slow = await buildTestApp({ bodyDeadlines: { jsonBodyMs: 1_000, uploadBodyMs: 60_000 } });
    try {
      await slow.app.listen({ port: 0, host: '127.0.0.1' });
      const { port: p } = slow.app.server.address() as net.AddressInfo;
      const who = await staff(slow, { role: 'investigador', organizations: [HEAD_OFFICE] });
      const filed = await fileAndLogin(slow.app, denuncia());
      const [row] = await slow.db.query<{ id: number }>(
        'SELECT id FROM complaints WHERE ticket = $1',
        [filed.ticket],
      );
      const size = 100_000;
      const created = await slow.app.inject({
        method: 'POST',
        url: `/v1/gestion/casos/${Number(row!.id)}/subidas`,
        headers: {
          ...sessionHeaders(who),
          'tus-resumable': '1.0.0',
          'upload-length': String(size),
          'upload-metadata': `filename ${Buffer.from('acta.pdf').toString('base64')}`,
        },
      });
      expect(created.statusCode).toBe(201);
      const body = Buffer.concat([Buffer.from('%PDF-1.4\n'), randomBytes(size - 9)]);
      // Most of the file, then a pause longer than a JSON body's deadline, then the rest.
      const answer = await new Promise<string>((resolve) => {
        const socket = connect(p, '127.0.0.1');
        let text = '';
        socket.on('data', (d) => (text += d.toString()));
        socket.on('error', () => {});
        socket.on('close', () => resolve(text));
        socket.write(
          `PATCH ${created.headers.location as string} HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n` +
            `Cookie: ${who.cookie}\r\n${STAFF_CSRF_HEADER}: ${who.csrf}\r\nTus-Resumable: 1.0.0\r\n` +
            `Upload-Offset: 0\r\nContent-Type: application/offset+octet-stream\r\n` +
            `Content-Length: ${size}\r\n\r\n`,
        );
        socket.write(body.subarray(0, 70_000));
        setTimeout(() => socket.write(body.subarray(70_000)), 2_500);
      });
      expect(answer).toMatch(/^HTTP\/1\.1 204/);
      expect(answer.toLowerCase()).toContain(`upload-offset: ${size}`);
    } finally {
      await slow.close();
    }
  }, 60_000);
});
