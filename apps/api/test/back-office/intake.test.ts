import { contract } from '@canal/shared/contract';
import { tokenDigest } from '../../src/core/tokens/opaque-token';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callApi } from '@canal/test-support/api';
import { buildTestApp, type TestApp } from '@canal/test-support/app';
import { CLINICA_ATACAMA, denuncia, headers, HEAD_OFFICE } from '@canal/test-support/complaints';
import { staff, type StaffClient } from '@canal/test-support/staff';

let t: TestApp;
let admin: StaffClient;
let investigatorHq: StaffClient;
let investigatorAtacama: StaffClient;
let auditorHq: StaffClient;

beforeAll(async () => {
  t = await buildTestApp();
  admin = await staff(t, { role: 'administrador' });
  investigatorHq = await staff(t, { role: 'investigador', organizations: [HEAD_OFFICE] });
  investigatorAtacama = await staff(t, { role: 'investigador', organizations: [CLINICA_ATACAMA] });
  auditorHq = await staff(t, { role: 'auditor', organizations: [HEAD_OFFICE] });
});
afterAll(() => t.close());

const CONTACT = 'persona.verbal@correo.cl';
const NEW_PASSWORD = 'Propia#2025';

/** The portal's complaint (same fields) as staff send it: a channel instead of ticket and password. */
function intake(overrides: Record<string, unknown> = {}) {
  const body = denuncia({ canal: 'verbal', email_contacto: CONTACT, ...overrides });
  delete body.denuncia_ticket;
  return body;
}

const record = (who: StaffClient, body: Record<string, unknown>) =>
  who.call(contract.recordComplaint, { body: body as never });

const tokenOf = (url: string) => /restablecer-contrasena\/([A-Za-z0-9_-]{43})$/.exec(url)?.[1];

const activate = (token: string, password = NEW_PASSWORD, filial = HEAD_OFFICE) =>
  callApi(t.app, contract.resetPassword, {
    headers: headers(filial),
    body: { token, password, repeatPassword: password },
  });

const signIn = (ticket: number, password: string, filial = HEAD_OFFICE) =>
  callApi(t.app, contract.login, { headers: headers(filial), body: { ticket, password } });

describe('staff intake', () => {
  it('records a verbal complaint with its channel, an audit entry and the receipt', async () => {
    const res = await record(investigatorHq, intake());
    expect(res.statusCode).toBe(201);
    const receipt = res.json();
    expect(receipt.numero).toMatch(/^[A-Z]+-\d{4}-\d{5}$/);
    expect(String(receipt.ticket)).toMatch(/^[1-9]\d{11}$/);
    expect(receipt.canal).toBe('verbal');
    expect(receipt.organizacion.id).toBe(HEAD_OFFICE);
    expect(receipt.correo_enviado).toBe(true);
    expect(tokenOf(receipt.activacion.url)).toBeDefined();
    const hours = (Date.parse(receipt.activacion.vence) - Date.parse(receipt.fecha)) / 3_600_000;
    expect(hours).toBeGreaterThan(71.9);
    expect(hours).toBeLessThan(72.1);

    const [row] = await t.db.query<{ channel: string; case_number: string; ticket: string }>(
      'SELECT channel, case_number, ticket FROM complaints WHERE id = $1',
      [receipt.id],
    );
    expect(row).toEqual({
      channel: 'verbal',
      case_number: receipt.numero,
      ticket: expect.anything(),
    });
    expect(Number(row!.ticket)).toBe(receipt.ticket);

    const audit = await t.db.query<{ actor_id: number; detail: string }>(
      `SELECT actor_id, detail FROM audit_log WHERE complaint_id = $1 AND action = 'caso.registrado'`,
      [receipt.id],
    );
    expect(audit).toHaveLength(1);
    expect(audit[0]!.actor_id).toBe(investigatorHq.id);
    expect(JSON.parse(audit[0]!.detail)).toMatchObject({
      canal: 'verbal',
      organizacion: HEAD_OFFICE,
    });

    // The case page and the inbox show the channel; the internal log says who recorded it.
    const view = (await admin.call(contract.viewCase, { params: { id: receipt.id } })).json();
    expect(view.caso.canal).toBe('verbal');
    expect(view.bitacora.interna.map((e: { evento: string }) => e.evento)).toContain(
      'Denuncia registrada por el equipo (canal verbal)',
    );
    expect(view.bitacora.interna.find((e: { personal: string }) => e.personal)?.personal).toBe(
      (
        await t.db.query<{ name: string }>('SELECT name FROM staff_users WHERE id = $1', [
          investigatorHq.id,
        ])
      )[0]!.name,
    );
    const inbox = (await admin.call(contract.inbox, { querystring: {} })).json();
    expect(inbox.casos.find((c: { id: number }) => c.id === receipt.id).canal).toBe('verbal');

    // The same confirmation mail as the portal's, to the contact address.
    await t.services.outbox.drain(t.db);
    const mails = await t.services.transport.list!();
    const mine = mails.filter((m) => m.to === CONTACT);
    expect(mine).toHaveLength(1);
    expect(mine[0]!.text).toContain(String(receipt.ticket));
  });

  it('lets the person set their own password once, then sign in and read the case', async () => {
    const receipt = (await record(investigatorHq, intake({ canal: 'presencial' }))).json();
    const token = tokenOf(receipt.activacion.url)!;
    // Only the digest is stored.
    const stored = await t.db.query<{ token_hash: string }>(
      'SELECT token_hash FROM password_resets WHERE complaint_id = $1',
      [receipt.id],
    );
    expect(stored).toEqual([{ token_hash: tokenDigest(token) }]);
    expect(JSON.stringify(stored)).not.toContain(token);

    // Before activation nothing opens the case.
    expect((await signIn(receipt.ticket, NEW_PASSWORD)).statusCode).toBe(401);

    const first = await activate(token);
    expect(first.statusCode).toBe(200);
    expect(first.json().ticket).toBe(receipt.ticket);
    const again = await activate(token, 'Otra#Clave2025');
    expect(again.statusCode).toBe(410);
    expect(again.json().message).toBe('El enlace no es válido o ya expiró. Solicite uno nuevo.');

    const login = await signIn(receipt.ticket, NEW_PASSWORD);
    expect(login.statusCode).toBe(200);
    const detail = await callApi(t.app, contract.complaintDetail, {
      headers: { ...headers(), authorization: `Bearer ${login.json().token}` },
      params: { id: receipt.ticket },
    });
    expect(detail.statusCode).toBe(200);
    expect(detail.json().codigo_denuncia).toBe(receipt.ticket);
    expect(detail.json().descripcion_hecho).toBe(intake().relato);
    expect((await signIn(receipt.ticket, 'Otra#Clave2025')).statusCode).toBe(401);
  });

  it('refuses an expired activation link', async () => {
    const receipt = (await record(investigatorHq, intake())).json();
    const token = tokenOf(receipt.activacion.url)!;
    await t.db.query(
      `UPDATE password_resets SET expires_at = now() - interval '1 minute' WHERE complaint_id = $1`,
      [receipt.id],
    );
    const res = await activate(token);
    expect(res.statusCode).toBe(410);
    expect(res.json().message).toBe('El enlace no es válido o ya expiró. Solicite uno nuevo.');
  });

  it('records a complaint without an e-mail: no mail, and the person still activates', async () => {
    // Mail to the complainant (the receivers' alerts to staff go out as for any new complaint).
    const outboxSize = async () =>
      (
        await t.db.query<{ n: number }>(
          `SELECT count(*)::int AS n FROM outbox WHERE kind NOT LIKE 'staff-%'`,
        )
      )[0]!.n;
    const before = await outboxSize();
    const res = await record(investigatorHq, intake({ canal: 'escrito', email_contacto: '' }));
    expect(res.statusCode).toBe(201);
    const receipt = res.json();
    expect(receipt.correo_enviado).toBe(false);
    const [row] = await t.db.query<{ contact_email_enc: string | null; email_index: null }>(
      'SELECT contact_email_enc, email_index FROM complaints WHERE id = $1',
      [receipt.id],
    );
    expect(row).toEqual({ contact_email_enc: null, email_index: null });
    expect(await outboxSize()).toBe(before);
    expect((await activate(tokenOf(receipt.activacion.url)!)).statusCode).toBe(200);
    const login = await signIn(receipt.ticket, NEW_PASSWORD);
    expect(login.statusCode).toBe(200);
    // Status changes still work: there is simply no one to mail.
    const change = await investigatorHq.call(contract.changeStatus, {
      params: { id: receipt.id },
      body: { estado: 'En análisis', comentario: 'Revisamos su denuncia.' },
    });
    expect(change.statusCode).toBe(201);
  });

  it('keeps anonymity as in the portal: an anonymous Karin complaint is refused', async () => {
    const body = intake({ es_anonima: true });
    delete body.denunciante;
    const res = await record(investigatorHq, body);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/anónima/i);

    const allowed = intake({ es_anonima: true, tipo_delito_id: 1 });
    delete allowed.denunciante;
    const ok = await record(investigatorHq, allowed);
    expect(ok.statusCode).toBe(201);
    const view = (await admin.call(contract.viewCase, { params: { id: ok.json().id } })).json();
    expect(view.caso.anonima).toBe(true);
    expect(view.denuncia.email).toBeNull();
  });

  it('validates with the portal schema and answers in Spanish', async () => {
    const noChannel = await record(investigatorHq, intake({ canal: undefined }));
    expect(noChannel.statusCode).toBe(400);
    expect(noChannel.json().message).toBe(
      'Debe indicar cómo se recibió la denuncia: verbal, escrito o presencial.',
    );
    const portal = await record(investigatorHq, intake({ canal: 'portal' }));
    expect(portal.statusCode).toBe(400);
    const shortStory = await record(investigatorHq, intake({ relato: 'corto' }));
    expect(shortStory.statusCode).toBe(400);
    expect(shortStory.json().message).toMatch(/relato|caracteres/i);
    const badMail = await record(investigatorHq, intake({ email_contacto: 'no-es-correo' }));
    expect(badMail.statusCode).toBe(400);
    const badZone = await record(investigatorHq, intake({ zona_id: 9999 }));
    expect(badZone.statusCode).toBe(400);
    expect(badZone.json().message).toBe('La zona seleccionada no es válida.');
  });

  it('refuses staff of another organisation, auditors, and calls without a session', async () => {
    const before = await t.db.query<{ n: number }>('SELECT count(*)::int AS n FROM complaints');
    const other = await record(investigatorAtacama, intake());
    expect(other.statusCode).toBe(403);
    expect(other.json().message).toBe('No puede registrar denuncias de esa organización.');
    const auditor = await record(auditorHq, intake());
    expect(auditor.statusCode).toBe(403);
    const anonymousCall = await callApi(t.app, contract.recordComplaint, {
      body: intake() as never,
    });
    expect(anonymousCall.statusCode).toBe(401);
    const after = await t.db.query<{ n: number }>('SELECT count(*)::int AS n FROM complaints');
    expect(after[0]!.n).toBe(before[0]!.n);
    // Administrators record for any organisation.
    expect((await record(admin, intake())).statusCode).toBe(201);
  });
});
