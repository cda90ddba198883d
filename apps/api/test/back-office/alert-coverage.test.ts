import { readFileSync } from 'node:fs';
import path from 'node:path';
import { contract } from '@canal/shared/contract';
import { ORGANIZATIONS, organizationById, type Organization } from '@canal/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callApi } from '@canal/test-support/api';
import { buildTestApp, type TestApp } from '@canal/test-support/app';
import { CEM, HEAD_OFFICE, denuncia, fileAndLogin } from '@canal/test-support/complaints';
import { decodeMail, startSmtp } from '../support/smtp';
import { createAdministrator } from '../../src/back-office/staff/first-administrator';
import { createStaffUser } from '../../src/back-office/staff/invitations';
import { mailDeadlineDigest } from '../../src/back-office/cases/digest';
import { STAFF_PASSWORD, StaffClient, codeFor, cookiesOf, staff } from '@canal/test-support/staff';

/**
 * Issue 22, "Nobody left alone": an administrator who names no organisation works on all of them —
 * alerts, digest, every screen — and `npm run admin:create` creates the first one that way, so a
 * complaint of any of the thirteen organisations reaches someone from the first day (decision
 * 0033). "Avisos" shows who receives each organisation's complaints, and which reach nobody.
 */

const MIGRATION = path.resolve(
  import.meta.dirname,
  '../../src/db/migrations/020_all_organisation_administrators.sql',
);

let t: TestApp;
let smtp: Awaited<ReturnType<typeof startSmtp>>;
let first: StaffClient;

beforeAll(async () => {
  smtp = await startSmtp();
  t = await buildTestApp({
    env: { SMTP_URL: smtp.url, MAIL_FROM: 'Canal de Denuncias <canal@prueba.cl>' },
  });
});
afterAll(async () => {
  await t.close();
  await smtp.stop();
});

/** Activates an invitation link through the API, as the activation page does: a signed-in client. */
async function activate(link: string, email: string): Promise<StaffClient> {
  const token = link.split('#')[1]!;
  const lookup = await callApi(t.app, contract.lookupInvitation, { body: { token } });
  expect(lookup.statusCode).toBe(200);
  const secret = lookup.json().totp.secreto as string;
  const res = await callApi(t.app, contract.activate, {
    body: { token, password: STAFF_PASSWORD, codigo: codeFor(secret) },
  });
  expect(res.statusCode).toBe(200);
  const { cookie, csrf } = cookiesOf(res);
  return new StaffClient(t.app, res.json().usuario.id, email, secret, cookie, csrf);
}

/** A valid Law 21.643 complaint (protective measures due the day it arrives) for `org`. */
function complaintOf(org: Organization, marker: string) {
  const zone = t.services.catalogue.adminView(org).zonas.find((z) => z.activo)!;
  return denuncia({
    filial: org.id,
    zona_id: zone.id,
    agencia_id: undefined,
    otro_lugar: 'Oficina central',
    relato: `Cobertura ${marker}: mi jefatura me grita frente al equipo todas las semanas.`,
  });
}

async function caseNumberOf(ticket: number): Promise<{ id: number; case_number: string }> {
  const [row] = await t.db.query<{ id: number; case_number: string }>(
    'SELECT id, case_number FROM complaints WHERE ticket = $1',
    [ticket],
  );
  return row!;
}

/** Sends what the outbox holds through the real SMTP server; what reached `to`, decoded. */
async function mailsTo(to: string): Promise<string[]> {
  await t.services.outbox.retryNow(t.db);
  await t.services.outbox.drain(t.db, 500);
  return smtp.inbox
    .filter((m) => m.to.includes(to))
    .map((m) => decodeMail(m.raw).replace(/\s+/g, ' '));
}

const coverage = async (client: StaffClient) => {
  const res = await client.call(contract.alertCoverage, {});
  expect(res.statusCode).toBe(200);
  return res.json().organizaciones as {
    organizacion: string;
    receptores: { id: number; nombre: string; motivo: string }[];
  }[];
};

describe('the first administrator, from a fresh admin:create', () => {
  it('names no organisation: the users list says so', async () => {
    const link = await createAdministrator(t.services, 'primera.admin@empresa.cl', 'Primera Admin');
    first = await activate(link, 'primera.admin@empresa.cl');
    const users = (await first.call(contract.listUsers, {})).json();
    expect(users).toEqual([
      expect.objectContaining({ email: 'primera.admin@empresa.cl', organizaciones: [] }),
    ]);
  });

  it('is alerted of a new complaint in each of the thirteen organisations, and gets their deadlines in the digest', async () => {
    expect(ORGANIZATIONS).toHaveLength(13);
    const cases: { org: Organization; id: number; case_number: string }[] = [];
    for (const org of ORGANIZATIONS) {
      const filed = await fileAndLogin(t.app, complaintOf(org, org.key));
      cases.push({ org, ...(await caseNumberOf(filed.ticket)) });
    }
    const alerts = (await mailsTo(first.email)).filter((m) => m.includes('Nuevo caso'));
    for (const c of cases) {
      const mail = alerts.find((m) => m.includes(c.case_number));
      expect(mail, `${c.org.key}: ${c.case_number}`).toBeDefined();
      // Law 21.643: protective measures are due the day the complaint arrives.
      expect(mail).toMatch(/medidas de resguardo/i);
    }
    expect(alerts).toHaveLength(13);

    // Every organisation's cases are on their screens too: the inbox and each case page.
    const inbox = (await first.call(contract.inbox, { querystring: { limite: 100 } })).json();
    expect(new Set(inbox.casos.map((c: { id: number }) => c.id))).toEqual(
      new Set(cases.map((c) => c.id)),
    );
    for (const c of cases)
      expect((await first.call(contract.viewCase, { params: { id: c.id } })).statusCode).toBe(200);

    // A week later, nothing recorded and nobody assigned: the digest lists every case to them.
    await t.db.query("UPDATE complaints SET created_at = now() - interval '7 days'");
    smtp.inbox.length = 0;
    const now = new Date();
    now.setUTCHours(15); // 11:00 or 12:00 in Santiago
    expect(await mailDeadlineDigest(t.services, now)).not.toBeNull();
    const digest = (await mailsTo(first.email)).join('\n');
    for (const c of cases) expect(digest, c.org.key).toContain(c.case_number);
    expect(digest).toContain('Adopción de medidas de resguardo');
  });

  it('covers every organisation in "Avisos"', async () => {
    const list = await coverage(first);
    expect(list.map((o) => o.organizacion)).toEqual(ORGANIZATIONS.map((o) => o.id));
    for (const o of list)
      expect(o.receptores).toEqual([{ id: first.id, nombre: 'Primera Admin', motivo: 'todas' }]);
  });
});

describe('an administrator who names organisations', () => {
  let cemAdmin: StaffClient;
  let hqInvestigator: StaffClient;

  beforeAll(async () => {
    cemAdmin = await staff(t, {
      role: 'administrador',
      email: 'admin.solo.cem@empresa.cl',
      name: 'Admin CEM',
      organizations: [CEM],
    });
    hqInvestigator = await staff(t, {
      role: 'investigador',
      email: 'investigadora.hq@empresa.cl',
      name: 'Investigadora Casa Matriz',
      organizations: [HEAD_OFFICE],
    });
  });

  it('works on those only: their cases, alerts and intake, not the others’', async () => {
    smtp.inbox.length = 0;
    const hq = await caseNumberOf(
      (await fileAndLogin(t.app, complaintOf(organizationById(HEAD_OFFICE), 'hq'))).ticket,
    );
    const cem = await caseNumberOf(
      (await fileAndLogin(t.app, complaintOf(organizationById(CEM), 'cem'))).ticket,
    );
    const alerts = (await mailsTo(cemAdmin.email)).join('\n');
    expect(alerts).toContain(cem.case_number);
    expect(alerts).not.toContain(hq.case_number);

    expect((await cemAdmin.call(contract.viewCase, { params: { id: cem.id } })).statusCode).toBe(
      200,
    );
    const other = await cemAdmin.call(contract.viewCase, { params: { id: hq.id } });
    expect(other.statusCode).toBe(404);
    const inbox = (await cemAdmin.call(contract.inbox, { querystring: { limite: 100 } })).json();
    expect(
      inbox.casos.every((c: { organizacion: { id: string } }) => c.organizacion.id === CEM),
    ).toBe(true);
    expect(inbox.casos.some((c: { id: number }) => c.id === cem.id)).toBe(true);

    // They may not record a complaint for another organisation either.
    const intake = await cemAdmin.call(contract.recordComplaint, {
      body: { ...complaintOf(organizationById(HEAD_OFFICE), 'registro'), canal: 'verbal' } as never,
    });
    expect(intake.statusCode).toBe(403);
  });

  it('shows in "Avisos" who receives each organisation, and which reach nobody', async () => {
    // The first administrator leaves "every organisation" for the head office alone.
    const changed = await first.call(contract.updateUser, {
      params: { id: first.id },
      body: { organizaciones: [HEAD_OFFICE] },
    });
    expect(changed.statusCode).toBe(200);
    // A rule of every category brings an investigator of the head office to a clinic.
    const atacama = ORGANIZATIONS.find((o) => o.key === 'clinica-atacama')!;
    const clinicInvestigator = await staff(t, {
      role: 'investigador',
      name: 'Investigador Atacama',
      organizations: [HEAD_OFFICE, atacama.id],
    });
    const rule = await first.call(contract.createAlertRule, {
      body: {
        organizacion: atacama.id,
        categoria_id: null,
        usuario_id: clinicInvestigator.id,
        asignar: false,
      },
    });
    expect(rule.statusCode).toBe(201);
    // A rule of one category only does not cover the organisation.
    const otec = ORGANIZATIONS.find((o) => o.key === 'otec')!;
    const otecInvestigator = await staff(t, {
      role: 'auditor',
      name: 'Auditora OTEC',
      organizations: [otec.id],
    });
    // Another category than the Law 21.643 one the complaint below is of.
    const karin = t.services.catalogue.category(otec, 26)!.categoria.id;
    const category = t.services.catalogue.categories(otec).find((c) => c.id !== karin)!.id;
    expect(
      (
        await first.call(contract.createAlertRule, {
          body: {
            organizacion: otec.id,
            categoria_id: category,
            usuario_id: otecInvestigator.id,
            asignar: false,
          },
        })
      ).statusCode,
    ).toBe(201);

    const list = await coverage(first);
    const of = (id: string) =>
      list.find((o) => o.organizacion === id)!.receptores.sort((a, b) => a.id - b.id);
    expect(of(HEAD_OFFICE)).toEqual([
      { id: first.id, nombre: 'Primera Admin', motivo: 'organizacion' },
      { id: hqInvestigator.id, nombre: 'Investigadora Casa Matriz', motivo: 'organizacion' },
      { id: clinicInvestigator.id, nombre: 'Investigador Atacama', motivo: 'organizacion' },
    ]);
    expect(of(CEM)).toEqual([{ id: cemAdmin.id, nombre: 'Admin CEM', motivo: 'organizacion' }]);
    expect(of(atacama.id)).toEqual([
      { id: clinicInvestigator.id, nombre: 'Investigador Atacama', motivo: 'organizacion' },
    ]);
    expect(of(otec.id)).toEqual([]);
    const nobody = list.filter((o) => o.receptores.length === 0).map((o) => o.organizacion);
    expect(nobody).toHaveLength(10);

    // What "Avisos" says is what happens: an OTEC complaint of another category alerts nobody.
    smtp.inbox.length = 0;
    const otecCase = await caseNumberOf(
      (await fileAndLogin(t.app, complaintOf(otec, 'otec'))).ticket,
    );
    await mailsTo('nadie');
    expect(smtp.inbox.filter((m) => decodeMail(m.raw).includes(otecCase.case_number))).toHaveLength(
      0,
    );

    // Investigators do not read it.
    expect((await hqInvestigator.call(contract.alertCoverage, {})).statusCode).toBe(403);
  });
});

describe('migration 019', () => {
  /** An administrator the way admin:create made them before issue 22: the head office only. */
  async function oldCliAdministrator(email: string): Promise<number> {
    return createStaffUser(
      t.services,
      null,
      { email, nombre: 'Admin Antigua', rol: 'administrador', organizaciones: [HEAD_OFFICE] },
      async () => {},
    );
  }
  const organizationsOf = async (id: number) =>
    (
      await t.db.query<{ organization_id: string }>(
        'SELECT organization_id::text FROM staff_organizations WHERE user_id = $1',
        [id],
      )
    ).map((r) => r.organization_id);

  it('gives every organisation to the command line’s administrators whose head office nobody chose, and leaves the rest', async () => {
    const untouched = await oldCliAdministrator('cli.antigua@empresa.cl');
    // Somebody chose the head office for this one afterwards (the users screen saves organisations).
    const chosen = await oldCliAdministrator('cli.elegida@empresa.cl');
    expect(
      (
        await first.call(contract.updateUser, {
          params: { id: chosen },
          body: { organizaciones: [HEAD_OFFICE] },
        })
      ).statusCode,
    ).toBe(200);
    // Invited by an administrator with the head office: a person chose it.
    const invited = await first.call(contract.inviteUser, {
      body: {
        email: 'invitada@empresa.cl',
        nombre: 'Invitada',
        rol: 'administrador',
        organizaciones: [HEAD_OFFICE],
      },
    });
    expect(invited.statusCode).toBe(201);
    const investigator = await createStaffUser(
      t.services,
      null,
      {
        email: 'cli.investigador@empresa.cl',
        nombre: 'Investigador',
        rol: 'investigador',
        organizaciones: [HEAD_OFFICE],
      },
      async () => {},
    );

    await t.db.transaction((tx) => tx.exec(readFileSync(MIGRATION, 'utf8')));

    expect(await organizationsOf(untouched)).toEqual([]);
    expect(await organizationsOf(chosen)).toEqual([HEAD_OFFICE]);
    expect(await organizationsOf(invited.json().id)).toEqual([HEAD_OFFICE]);
    expect(await organizationsOf(investigator)).toEqual([HEAD_OFFICE]);
    expect(await organizationsOf(first.id)).toEqual([HEAD_OFFICE]);
  });
});
