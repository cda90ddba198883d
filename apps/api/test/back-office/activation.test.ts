import { contract } from '@canal/shared/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callApi } from '@canal/test-support/api';
import { buildTestApp, type TestApp } from '@canal/test-support/app';
import {
  CLINICA_ATACAMA,
  denuncia,
  file,
  headers,
  HEAD_OFFICE,
} from '@canal/test-support/complaints';
import { staff, type StaffClient } from '@canal/test-support/staff';

// Issue 22 (care), decision 0075: the short activation code of a complaint recorded by staff, and
// the new activation staff hand over in person.

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

const PASSWORD = 'Propia#2025';
const CODE = /^[2-9ACDEFGHJKMNPQRSTWXYZ]{4}-[2-9ACDEFGHJKMNPQRSTWXYZ]{4}$/;
const MISMATCH =
  'El número de caso o el código de activación no son correctos. Revíselos en su comprobante.';
const SPENT =
  'Ese código de activación ya se usó, venció o fue reemplazado por uno nuevo. Si necesita otro, acuda en persona al equipo que recibió su denuncia.';

interface Activation {
  url: string;
  codigo: string;
  pagina: string;
  vence: string;
}

/** A verbal complaint recorded without an e-mail: the person has only the paper. */
async function recordVerbal(): Promise<{
  id: number;
  numero: string;
  ticket: number;
  organizacion: { id: string; nombre: string };
  activacion: Activation;
}> {
  const body = denuncia({ canal: 'verbal', email_contacto: '' });
  delete body.denuncia_ticket;
  const res = await investigatorHq.call(contract.recordComplaint, { body: body as never });
  expect(res.statusCode).toBe(201);
  return res.json();
}

const activate = (numero: string, codigo: string, password = PASSWORD, filial = HEAD_OFFICE) =>
  callApi(t.app, contract.activateComplaint, {
    headers: headers(filial),
    body: { numero, codigo_activacion: codigo, password, repeatPassword: password },
  });

const useLink = (url: string, password = PASSWORD) =>
  callApi(t.app, contract.resetPassword, {
    headers: headers(),
    body: { token: url.split('/').pop()!, password, repeatPassword: password },
  });

const signIn = (ticket: number, password = PASSWORD) =>
  callApi(t.app, contract.login, { headers: headers(), body: { ticket, password } });

const reissue = (who: StaffClient, id: number, body: unknown = { identidad_verificada: true }) =>
  who.call(contract.reissueActivation, { params: { id }, body: body as never });

async function visibleLog(ticket: number, password = PASSWORD): Promise<string[]> {
  const login = await signIn(ticket, password);
  expect(login.statusCode).toBe(200);
  const detail = await callApi(t.app, contract.complaintDetail, {
    headers: { ...headers(), authorization: `Bearer ${login.json().token}` },
    params: { id: String(ticket) },
  });
  expect(detail.statusCode).toBe(200);
  return detail.json().denuncia_bitacora.map((e: { evento: string | null }) => e.evento);
}

/** A wrong code of the right shape (never the one issued). */
const wrongCode = (code: string) => (code.startsWith('2222') ? '3333-3333' : '2222-2222');

describe('the activation code on the receipt', () => {
  it('prints a short code and its page beside the link; the code sets the password once and opens the case', async () => {
    const receipt = await recordVerbal();
    expect(receipt.activacion.codigo).toMatch(CODE);
    expect(receipt.activacion.pagina).toMatch(/\/activar-denuncia$/);
    // The code lives as long as the link: one activation.
    const hours = (Date.parse(receipt.activacion.vence) - Date.now()) / 3_600_000;
    expect(hours).toBeGreaterThan(71.9);
    expect(hours).toBeLessThanOrEqual(72);

    // Only a keyed digest is stored: neither the code nor its plain SHA-256.
    const rows = await t.db.query<Record<string, unknown>>(
      'SELECT * FROM password_resets WHERE complaint_id = $1',
      [receipt.id],
    );
    expect(rows).toHaveLength(1);
    const stored = JSON.stringify(rows);
    const bare = receipt.activacion.codigo.replace('-', '');
    expect(stored).not.toContain(bare);
    expect(stored).not.toContain(receipt.activacion.codigo);
    expect(rows[0]!.code_digest).toEqual(expect.any(String));

    // Typed on a phone: lower case, spaces instead of the hyphen, a lower-case case number.
    const typed = `${bare.slice(0, 4).toLowerCase()} ${bare.slice(4).toLowerCase()}`;
    const first = await activate(` ${receipt.numero.toLowerCase()} `, typed);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ message: 'Su contraseña fue creada.', ticket: receipt.ticket });

    // Single use, and the link of the same activation is spent with it.
    const again = await activate(receipt.numero, receipt.activacion.codigo, 'Otra#Clave2025');
    expect(again.statusCode).toBe(410);
    expect(again.json().message).toBe(SPENT);
    expect((await useLink(receipt.activacion.url, 'Otra#Clave2025')).statusCode).toBe(410);

    const log = await visibleLog(receipt.ticket);
    expect(log).toContain('Contraseña de seguimiento creada con el código de activación');
    expect((await signIn(receipt.ticket, 'Otra#Clave2025')).statusCode).toBe(401);
  });

  it('spends the code when the link is used first', async () => {
    const receipt = await recordVerbal();
    expect((await useLink(receipt.activacion.url)).statusCode).toBe(200);
    const code = await activate(receipt.numero, receipt.activacion.codigo, 'Otra#Clave2025');
    expect(code.statusCode).toBe(410);
    expect((await signIn(receipt.ticket)).statusCode).toBe(200);
  });

  it('answers the same Spanish 404 for a wrong code, an unknown case number and another organisation', async () => {
    const receipt = await recordVerbal();
    const wrong = await activate(receipt.numero, wrongCode(receipt.activacion.codigo));
    expect(wrong.statusCode).toBe(404);
    expect(wrong.json().message).toBe(MISMATCH);
    const unknown = await activate('CD-1999-99999', receipt.activacion.codigo);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe(MISMATCH);
    const elsewhere = await activate(
      receipt.numero,
      receipt.activacion.codigo,
      PASSWORD,
      CLINICA_ATACAMA,
    );
    expect(elsewhere.statusCode).toBe(404);
    expect(elsewhere.json().message).toBe(MISMATCH);
    // A code that cannot be one is refused by the schema, in Spanish.
    const malformed = await activate(receipt.numero, 'O0I1-LLLL');
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().message).toBe(
      '* El código de activación tiene 8 letras y números, por ejemplo K7QF-2M9X.',
    );
    // None of it changed anything: the right code still works.
    expect((await activate(receipt.numero, receipt.activacion.codigo)).statusCode).toBe(200);
  });

  it('locks a case number after 10 wrong codes, even for the right one, without locking the sign-in', async () => {
    const receipt = await recordVerbal();
    const wrong = wrongCode(receipt.activacion.codigo);
    for (let i = 0; i < 10; i++) {
      expect((await activate(receipt.numero, wrong)).statusCode).toBe(404);
    }
    const locked = await activate(receipt.numero, receipt.activacion.codigo);
    expect(locked.statusCode).toBe(429);
    expect(Number(locked.headers['retry-after'])).toBeGreaterThan(0);
    expect(locked.json().message).toMatch(/Demasiados intentos/);
    // Nothing was set while locked; another case is not affected.
    expect((await signIn(receipt.ticket)).statusCode).toBe(401);
    const other = await recordVerbal();
    expect((await activate(other.numero, other.activacion.codigo)).statusCode).toBe(200);
    expect((await signIn(other.ticket)).statusCode).toBe(200);
  });

  it('refuses an expired code with 410', async () => {
    const receipt = await recordVerbal();
    await t.db.query(
      `UPDATE password_resets SET expires_at = now() - interval '1 minute' WHERE complaint_id = $1`,
      [receipt.id],
    );
    const res = await activate(receipt.numero, receipt.activacion.codigo);
    expect(res.statusCode).toBe(410);
    expect(res.json().message).toBe(SPENT);
    expect((await signIn(receipt.ticket)).statusCode).toBe(401);
  });
});

describe('a new activation handed over in person', () => {
  it('stops the old code and link at once, carries no ticket, is audited and shows in the complainant log', async () => {
    const receipt = await recordVerbal();
    const res = await reissue(investigatorHq, receipt.id);
    expect(res.statusCode).toBe(201);
    const fresh = res.json();
    expect(fresh).toEqual({
      id: receipt.id,
      numero: receipt.numero,
      organizacion: receipt.organizacion,
      activacion: {
        url: expect.stringContaining('/restablecer-contrasena/'),
        codigo: expect.stringMatching(CODE),
        pagina: receipt.activacion.pagina,
        vence: expect.any(String),
      },
    });
    expect(JSON.stringify(fresh)).not.toContain(String(receipt.ticket));

    const old = await activate(receipt.numero, receipt.activacion.codigo);
    expect(old.statusCode).toBe(410);
    expect(old.json().message).toBe(SPENT);
    expect((await useLink(receipt.activacion.url)).statusCode).toBe(410);

    const audit = await t.db.query<{ actor_id: number; detail: string }>(
      `SELECT actor_id, detail FROM audit_log WHERE complaint_id = $1 AND action = 'caso.activacion'`,
      [receipt.id],
    );
    expect(audit).toHaveLength(1);
    expect(audit[0]!.actor_id).toBe(investigatorHq.id);
    expect(JSON.parse(audit[0]!.detail)).toMatchObject({
      identidad_verificada: true,
      vence: fresh.activacion.vence,
    });

    const done = await activate(receipt.numero, fresh.activacion.codigo);
    expect(done.statusCode).toBe(200);
    expect(done.json().ticket).toBe(receipt.ticket);
    expect(await visibleLog(receipt.ticket)).toContain(
      'El equipo entregó en persona un nuevo código de activación; los códigos y enlaces anteriores dejaron de funcionar',
    );
  });

  it('after an activation, keeps the password until the new code is used, then ends every session', async () => {
    const receipt = await recordVerbal();
    expect((await activate(receipt.numero, receipt.activacion.codigo)).statusCode).toBe(200);
    const session = (await signIn(receipt.ticket)).json().token as string;
    const fresh = (await reissue(admin, receipt.id)).json();
    // Issuing alone locks nobody out.
    expect((await signIn(receipt.ticket)).statusCode).toBe(200);

    expect(
      (await activate(receipt.numero, fresh.activacion.codigo, 'Nueva#Clave2026')).statusCode,
    ).toBe(200);
    expect((await signIn(receipt.ticket)).statusCode).toBe(401);
    const stale = await callApi(t.app, contract.complaintDetail, {
      headers: { ...headers(), authorization: `Bearer ${session}` },
      params: { id: String(receipt.ticket) },
    });
    expect(stale.statusCode).toBe(401);
    expect(await visibleLog(receipt.ticket, 'Nueva#Clave2026')).toEqual(
      expect.arrayContaining([
        'El equipo entregó en persona un nuevo código de activación; los códigos y enlaces anteriores dejaron de funcionar',
        'Contraseña de seguimiento creada con el código de activación',
      ]),
    );
  });

  it('is refused to auditors, staff out of scope, calls without a session or the identity check, and for portal complaints', async () => {
    const receipt = await recordVerbal();
    const auditor = await reissue(auditorHq, receipt.id);
    expect(auditor.statusCode).toBe(403);
    const outside = await reissue(investigatorAtacama, receipt.id);
    expect(outside.statusCode).toBe(404);
    const anonymousCall = await callApi(t.app, contract.reissueActivation, {
      params: { id: receipt.id },
      body: { identidad_verificada: true },
    });
    expect(anonymousCall.statusCode).toBe(401);
    const unchecked = await reissue(investigatorHq, receipt.id, {});
    expect(unchecked.statusCode).toBe(400);
    expect(unchecked.json().message).toBe(
      'Confirme que identificó en persona a quien presentó la denuncia.',
    );

    const portal = (await file(t.app, denuncia())).json();
    const [row] = await t.db.query<{ id: number }>('SELECT id FROM complaints WHERE ticket = $1', [
      portal.ticket,
    ]);
    const portalCase = await reissue(admin, row!.id);
    expect(portalCase.statusCode).toBe(409);
    expect(portalCase.json().message).toMatch(/Olvidé la contraseña de mi denuncia/);

    // None of the refused calls issued anything nor spent the person's code.
    const issued = await t.db.query(
      `SELECT 1 FROM audit_log WHERE complaint_id = $1 AND action = 'caso.activacion'`,
      [receipt.id],
    );
    expect(issued).toHaveLength(0);
    expect((await activate(receipt.numero, receipt.activacion.codigo)).statusCode).toBe(200);
  });
});
