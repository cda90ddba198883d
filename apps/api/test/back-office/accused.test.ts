// Law 21.643 complaints (types 26–28): who is accused, whether they are the employer's manager or
// legal representative (then the case must go to the DT), and a complaint filed on someone else's
// behalf (issue 11, decision 0021).
import { contract } from '@canal/shared/contract';
import { MESSAGES } from '@canal/shared';
import { unzipSync } from 'fflate';
import { pdfText } from '@canal/shared/documents/read-back';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callApi } from '@canal/test-support/api';
import { buildTestApp, type TestApp } from '@canal/test-support/app';
import {
  CLINICA_ATACAMA,
  denuncia,
  file,
  HEAD_OFFICE,
  login,
} from '@canal/test-support/complaints';
import { staff, type StaffClient } from '@canal/test-support/staff';

let t: TestApp;
let investigator: StaffClient;
let outsider: StaffClient;

beforeAll(async () => {
  t = await buildTestApp();
  investigator = await staff(t, { role: 'investigador', organizations: [HEAD_OFFICE] });
  outsider = await staff(t, { role: 'investigador', organizations: [CLINICA_ATACAMA] });
});
afterAll(() => t.close());

const ACCUSED = {
  denunciado_nombre: 'Rodrigo Castañeda Vial',
  denunciado_cargo: 'Gerente de operaciones',
  denunciado_es_gerente: true,
  a_nombre_de_otro: true,
  fundamento_representacion: 'Soy su hermana y tengo un poder notarial para representarla.',
};

async function newCase(payload: Record<string, unknown>) {
  const created = await file(t.app, payload);
  expect(created.statusCode, created.body).toBe(201);
  const [row] = await t.db.query<{ id: number; case_number: string }>(
    'SELECT id, case_number FROM complaints WHERE ticket = $1',
    [created.json().ticket],
  );
  return { ...row!, ticket: created.json().ticket as number };
}

const view = async (id: number, who = investigator) =>
  (await who.call(contract.viewCase, { params: { id } })).json();

describe('the accused and the representation of a Law 21.643 complaint', () => {
  it('are stored sealed and shown to staff who may see the case, with the DT mark and the decision milestone note', async () => {
    const c = await newCase(denuncia({ tipo_delito_id: 27, ...ACCUSED }));

    // Sealed under the complaint's key: no plaintext in the row; the mark is a plain boolean.
    const [row] = await t.db.query<Record<string, unknown>>(
      'SELECT accused_enc, representation_enc, refer_to_dt FROM complaints WHERE id = $1',
      [c.id],
    );
    expect(row!.refer_to_dt).toBe(true);
    expect(row!.accused_enc).toMatch(/^v2:0:/);
    expect(row!.representation_enc).toMatch(/^v2:0:/);
    const stored = JSON.stringify(row);
    for (const text of ['Castañeda', 'Gerente de operaciones', 'poder notarial'])
      expect(stored).not.toContain(text);

    const v = await view(c.id);
    expect(v.denuncia).toMatchObject(ACCUSED);
    expect(v.caso.derivar_dt).toBe(true);
    const decision = v.hitos.find((h: { clave: string }) => h.clave === 'decision_y_aviso_dt');
    expect(decision.nota).toBe(
      'Se debe derivar a la Dirección del Trabajo: la persona denunciada es gerente o representante legal del empleador (Ley 21.643 y DS 21/2024).',
    );
    expect(
      v.hitos
        .filter((h: { nota: string | null }) => h.nota !== null)
        .map((h: { clave: string }) => h.clave),
    ).toEqual(['decision_y_aviso_dt']);

    const inbox = (
      await investigator.call(contract.inbox, { querystring: { limite: '100' } })
    ).json();
    expect(inbox.casos.find((x: { id: number }) => x.id === c.id).derivar_dt).toBe(true);

    // Someone who may not see the case gets the same 404 as for a missing one.
    expect((await outsider.call(contract.viewCase, { params: { id: c.id } })).statusCode).toBe(404);

    // The portal's detail does not send them back.
    const { auth } = await login(t.app, c.ticket);
    const detail = await callApi(t.app, contract.complaintDetail, {
      headers: auth,
      params: { id: String(c.ticket) },
    });
    expect(detail.statusCode).toBe(200);
    expect(detail.body).not.toContain('Castañeda');
    expect(detail.body).not.toContain('denunciado');
  });

  it('puts them, the mark and the note in the case dossier', async () => {
    const c = await newCase(denuncia({ tipo_delito_id: 28, ...ACCUSED }));
    const res = await investigator.call(contract.downloadCaseDossier, { params: { id: c.id } });
    expect(res.statusCode).toBe(200);
    const zip = unzipSync(new Uint8Array(res.rawPayload));
    const text = await pdfText(zip[`expediente-${c.case_number}.pdf`]!);
    for (const shown of [
      'Se debe derivar a la Dirección del Trabajo',
      'Persona denunciada y representación',
      'Rodrigo Castañeda Vial',
      'Gerente de operaciones',
      'poder notarial',
    ])
      expect(text).toContain(shown);
  });

  it('are optional: a complaint of types 26–28 without them has no mark and no note', async () => {
    const c = await newCase(denuncia({ tipo_delito_id: 26 }));
    const v = await view(c.id);
    expect(v.denuncia).toMatchObject({
      denunciado_nombre: null,
      denunciado_cargo: null,
      denunciado_es_gerente: false,
      a_nombre_de_otro: false,
      fundamento_representacion: null,
    });
    expect(v.caso.derivar_dt).toBe(false);
    expect(v.hitos.every((h: { nota: string | null }) => h.nota === null)).toBe(true);
  });

  it('keeps an accused who is not a manager without the mark, and the name alone', async () => {
    const c = await newCase(
      denuncia({ tipo_delito_id: 26, denunciado_nombre: 'Compañero de turno' }),
    );
    const v = await view(c.id);
    expect(v.denuncia.denunciado_nombre).toBe('Compañero de turno');
    expect(v.denuncia.denunciado_cargo).toBeNull();
    expect(v.caso.derivar_dt).toBe(false);
  });

  it('refuses them for another type with a Spanish 400, and an over-long value, and a representation without its basis', async () => {
    for (const [payload, message] of [
      [
        denuncia({ tipo_delito_id: 1, denunciado_cargo: 'Jefe' }),
        MESSAGES.law21643FieldsNotAllowed,
      ],
      [
        denuncia({
          tipo_delito_id: 1,
          es_anonima: true,
          denunciante: undefined,
          a_nombre_de_otro: true,
        }),
        MESSAGES.law21643FieldsNotAllowed,
      ],
      [denuncia({ denunciado_nombre: 'x'.repeat(201) }), MESSAGES.accusedNameMax],
      [denuncia({ denunciado_cargo: 'x'.repeat(201) }), MESSAGES.accusedPositionMax],
      [denuncia({ a_nombre_de_otro: true }), MESSAGES.representationBasisRequired],
      [
        denuncia({ a_nombre_de_otro: true, fundamento_representacion: 'x'.repeat(1001) }),
        MESSAGES.representationBasisMax,
      ],
    ] as const) {
      const res = await file(t.app, payload);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(message);
    }
    const [{ n }] = (await t.db.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM complaints WHERE type_id = 1 AND refer_to_dt',
    )) as [{ n: number }];
    expect(n).toBe(0);
  });

  it('still refuses an anonymous complaint of types 26–28, with or without them', async () => {
    const body = denuncia({ tipo_delito_id: 27, es_anonima: true, ...ACCUSED });
    delete body.denunciante;
    const res = await file(t.app, body);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(MESSAGES.anonymityNotAllowed);
  });

  it('are recorded by staff intake through the same creation path', async () => {
    const body = denuncia({ canal: 'presencial', tipo_delito_id: 26, ...ACCUSED });
    delete body.denuncia_ticket;
    delete body.email_contacto;
    const res = await investigator.call(contract.recordComplaint, { body: body as never });
    expect(res.statusCode, res.body).toBe(201);
    const v = await view(res.json().id);
    expect(v.denuncia).toMatchObject(ACCUSED);
    expect(v.caso.derivar_dt).toBe(true);
    expect(v.caso.canal).toBe('presencial');
  });

  it('drops the mark and the note when the case is reclassified out of Law 21.643, keeping what was filed', async () => {
    const c = await newCase(denuncia({ tipo_delito_id: 26, ...ACCUSED }));
    const res = await investigator.call(contract.reclassifyCase, {
      params: { id: c.id },
      body: { tipo_id: 1, motivo: 'Los hechos corresponden a otra materia.' },
    });
    expect(res.statusCode, res.body).toBe(200);
    const v = await view(c.id);
    expect(v.caso.derivar_dt).toBe(false);
    expect(v.hitos.every((h: { nota: string | null }) => h.nota === null)).toBe(true);
    expect(v.denuncia.denunciado_nombre).toBe(ACCUSED.denunciado_nombre);
  });
});
