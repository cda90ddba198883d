import { contract } from '@canal/shared/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '@canal/test-support/app';
import { callApi } from '@canal/test-support/api';
import {
  codeFor,
  cookiesOf,
  staff,
  StaffClient,
  STAFF_PASSWORD,
  type NewStaffOptions,
} from '@canal/test-support/staff';

// Issue 24: the sessions a person sees and ends, an administrator's end of all of someone's, and
// the notice of a sign-in from a new device.

const CHROME_WINDOWS =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const FIREFOX_LINUX = 'Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

/**
 * Signs in again from a browser (its user agent and, when it has one, its device cookie). A TOTP
 * step is used once: the test forgets the last one so that one person signs in several times in
 * the same 30 seconds.
 */
async function signInFrom(
  person: StaffClient,
  userAgent: string,
  deviceCookie = '',
): Promise<StaffClient & { device: string }> {
  await t.db.query('UPDATE staff_users SET totp_last_step = NULL WHERE id = $1', [person.id]);
  const res = await callApi(t.app, contract.signIn, {
    body: { email: person.email, password: STAFF_PASSWORD, codigo: codeFor(person.secret) },
    headers: { 'user-agent': userAgent, cookie: deviceCookie },
  });
  expect(res.statusCode, res.body).toBe(200);
  const { cookie, csrf } = cookiesOf(res);
  const device = cookie.split('; ').find((c) => c.startsWith('gestion_dispositivo=')) ?? '';
  return Object.assign(
    new StaffClient(t.app, person.id, person.email, person.secret, cookie, csrf),
    {
      device,
    },
  );
}

const person = (o: NewStaffOptions = {}) => staff(t, o);

const auditActions = async (actorId: number) =>
  (
    await t.db.query<{ action: string; detail: string }>(
      'SELECT action, detail FROM audit_log WHERE actor_id = $1 ORDER BY id',
      [actorId],
    )
  ).map((r) => ({ action: r.action, detail: JSON.parse(r.detail) as Record<string, unknown> }));

/** Sends every queued mail; the mailbox's mails to `to`. */
async function mailsTo(to: string) {
  await t.services.outbox.retryNow(t.db);
  while ((await t.services.outbox.drain(t.db)).sent > 0);
  return (await t.services.transport.list!()).filter((m) => m.to === to);
}

describe('the sessions a person sees', () => {
  it('lists each live session with its device, start and last activity, marking the one in use', async () => {
    const p = await person();
    const laptop = await signInFrom(p, CHROME_WINDOWS);
    await signInFrom(p, FIREFOX_LINUX);
    const res = await laptop.call(contract.listMySessions, {});
    expect(res.statusCode).toBe(200);
    const list = res.json() as { dispositivo: string; actual: boolean; iniciada: string }[];
    // Activation's session, the laptop's and the other browser's.
    expect(list).toHaveLength(3);
    expect(list.filter((s) => s.actual)).toEqual([
      expect.objectContaining({ dispositivo: 'Chrome 131 en Windows 10', metodo: 'password' }),
    ]);
    expect(list.map((s) => s.dispositivo)).toContain('Firefox 133 en Linux');
    for (const s of list) expect(Date.parse(s.iniciada)).not.toBeNaN();
  });

  it('ends one session: its cookie opens nothing any more, and the end is audited', async () => {
    const p = await person();
    const phone = await signInFrom(p, FIREFOX_LINUX);
    const phoneId = (
      (await phone.call(contract.listMySessions, {})).json() as { id: number; actual: boolean }[]
    ).find((s) => s.actual)!.id;
    const res = await p.call(contract.endMySession, { params: { id: phoneId } });
    expect(res.statusCode).toBe(204);
    expect((await phone.call(contract.currentSession, {})).statusCode).toBe(401);
    expect((await p.call(contract.currentSession, {})).statusCode).toBe(200);
    expect(await auditActions(p.id)).toContainEqual({
      action: 'sesion.cerrada',
      detail: { sesion_id: phoneId, actual: false },
    });
    // Gone: a second end is a 404 with a Spanish message.
    const again = await p.call(contract.endMySession, { params: { id: phoneId } });
    expect(again.statusCode).toBe(404);
    expect(again.json().message).toBe('No se encontró esa sesión: ya terminó.');
  });

  it('ends the session in use too, clearing its cookies', async () => {
    const p = await person();
    const id = ((await p.call(contract.listMySessions, {})).json() as { id: number }[])[0]!.id;
    const res = await p.call(contract.endMySession, { params: { id } });
    expect(res.statusCode).toBe(204);
    expect(([] as string[]).concat(res.headers['set-cookie'] ?? []).join()).toMatch(
      /gestion_sesion=;.*Max-Age=0/,
    );
    expect((await p.call(contract.currentSession, {})).statusCode).toBe(401);
  });

  it('never ends another person’s session (the same 404 as a missing one)', async () => {
    const a = await person();
    const b = await person();
    const bId = ((await b.call(contract.listMySessions, {})).json() as { id: number }[])[0]!.id;
    const res = await a.call(contract.endMySession, { params: { id: bId } });
    expect(res.statusCode).toBe(404);
    expect((await b.call(contract.currentSession, {})).statusCode).toBe(200);
  });

  it('ends every other session and keeps the one in use', async () => {
    const p = await person();
    const other = await signInFrom(p, FIREFOX_LINUX);
    const third = await signInFrom(p, CHROME_WINDOWS);
    const res = await p.call(contract.endMyOtherSessions, {});
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ cerradas: 2 });
    expect((await other.call(contract.currentSession, {})).statusCode).toBe(401);
    expect((await third.call(contract.currentSession, {})).statusCode).toBe(401);
    expect((await p.call(contract.listMySessions, {})).json()).toHaveLength(1);
    expect(await auditActions(p.id)).toContainEqual({
      action: 'sesion.cerradas_otras',
      detail: { cerradas: 2 },
    });
  });
});

describe('an administrator', () => {
  it('ends every session of a person, audited; an investigator may not', async () => {
    const admin = await person({ role: 'administrador' });
    const p = await person();
    const other = await signInFrom(p, FIREFOX_LINUX);
    const refused = await other.call(contract.endUserSessions, { params: { id: admin.id } });
    expect(refused.statusCode).toBe(403);
    const res = await admin.call(contract.endUserSessions, { params: { id: p.id } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ cerradas: 2 });
    expect((await p.call(contract.currentSession, {})).statusCode).toBe(401);
    expect((await other.call(contract.currentSession, {})).statusCode).toBe(401);
    expect(await auditActions(admin.id)).toContainEqual({
      action: 'usuario.sesiones_cerradas',
      detail: { usuario_id: p.id, cerradas: 2 },
    });
  });

  it('ends a person’s sessions at once by deactivating them, and says how many in the audit', async () => {
    const admin = await person({ role: 'administrador' });
    const p = await person();
    await signInFrom(p, CHROME_WINDOWS);
    const res = await admin.call(contract.updateUser, {
      params: { id: p.id },
      body: { activo: false },
    });
    expect(res.statusCode).toBe(200);
    const [left] = await t.db.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM staff_sessions WHERE user_id = $1',
      [p.id],
    );
    expect(left!.n).toBe(0);
    expect(await auditActions(admin.id)).toContainEqual({
      action: 'usuario.modificado',
      detail: { usuario_id: p.id, activo: false, sesiones_cerradas: 2 },
    });
  });
});

describe('a sign-in from a new device', () => {
  it('mails a neutral notice once per device, never at activation; audited with the device', async () => {
    const p = await person();
    expect(await mailsTo(p.email)).toEqual([]);
    const first = await signInFrom(p, CHROME_WINDOWS);
    const notices = await mailsTo(p.email);
    expect(notices).toHaveLength(1);
    expect(notices[0]!.subject).toBe('Canal de denuncias – Nuevo ingreso a la gestión de casos');
    expect(notices[0]!.text).toContain('Chrome 131 en Windows 10');
    expect(notices[0]!.text).toContain('http://localhost:3000/gestion/sesiones');
    // Neutral: no address of the client in it.
    expect(notices[0]!.text).not.toMatch(/127\.0\.0\.1|::1/);

    // The same browser again (its device cookie): no new notice.
    await signInFrom(p, CHROME_WINDOWS, first.device);
    expect(await mailsTo(p.email)).toHaveLength(1);
    // Another browser: one more.
    await signInFrom(p, FIREFOX_LINUX);
    expect(await mailsTo(p.email)).toHaveLength(2);

    const ingresos = (await auditActions(p.id)).filter((a) => a.action === 'sesion.ingreso');
    expect(ingresos.map((a) => a.detail)).toEqual([
      { metodo: 'password', dispositivo: expect.any(String), dispositivo_nuevo: true },
      { metodo: 'password', dispositivo: 'Chrome 131 en Windows 10', dispositivo_nuevo: true },
      { metodo: 'password', dispositivo: 'Chrome 131 en Windows 10', dispositivo_nuevo: false },
      { metodo: 'password', dispositivo: 'Firefox 133 en Linux', dispositivo_nuevo: true },
    ]);
  });

  it('does not take another person’s device cookie as its own', async () => {
    const a = await person();
    const b = await person();
    const aDevice = await signInFrom(a, CHROME_WINDOWS);
    const before = (await mailsTo(b.email)).length;
    await signInFrom(b, CHROME_WINDOWS, aDevice.device);
    expect(await mailsTo(b.email)).toHaveLength(before + 1);
  });
});
