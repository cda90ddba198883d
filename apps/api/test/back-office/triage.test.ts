import { contract } from '@canal/shared/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '@canal/test-support/app';
import { callApi } from '@canal/test-support/api';
import {
  denuncia,
  fileAndLogin,
  HEAD_OFFICE,
  CLINICA_ATACAMA,
} from '@canal/test-support/complaints';
import { staff, type StaffClient } from '@canal/test-support/staff';

let t: TestApp;
let admin: StaffClient;
let investigator: StaffClient;
let otherInvestigator: StaffClient;
let auditor: StaffClient;

beforeAll(async () => {
  t = await buildTestApp();
  admin = await staff(t, { role: 'administrador' });
  investigator = await staff(t, { role: 'investigador', organizations: [HEAD_OFFICE] });
  otherInvestigator = await staff(t, { role: 'investigador', organizations: [HEAD_OFFICE] });
  auditor = await staff(t, { role: 'auditor', organizations: [HEAD_OFFICE] });
});
afterAll(() => t.close());

async function newCase() {
  return (await newFiledCase()).id;
}

/** A case just filed, with the complainant's session. */
async function newFiledCase() {
  const filed = await fileAndLogin(t.app, denuncia());
  const [row] = await t.db.query<{ id: number }>('SELECT id FROM complaints WHERE ticket = $1', [
    filed.ticket,
  ]);
  return { ...filed, id: row!.id };
}

/** The audit rows of a case with `action`, oldest first: actor and detail. */
const audited = (id: number, action: string) =>
  t.db.query<{ actor_id: number; detail: unknown }>(
    'SELECT actor_id::int AS actor_id, detail FROM audit_log WHERE complaint_id = $1 AND action = $2 ORDER BY id',
    [id, action],
  );
const detail = (d: unknown) => (typeof d === 'string' ? JSON.parse(d) : d);

const summary = async (who: StaffClient, id: number) => {
  const res = await who.call(contract.viewCase, { params: { id } });
  expect(res.statusCode).toBe(200);
  return res.json();
};

describe('priority', () => {
  it('is set by staff, shown in the case and the inbox, logged internally and audited', async () => {
    const id = await newCase();
    expect((await summary(investigator, id)).caso.prioridad).toBeNull();
    const res = await investigator.call(contract.setCasePriority, {
      params: { id },
      body: { prioridad: 'critica' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe('Prioridad actualizada.');
    const view = await summary(investigator, id);
    expect(view.caso.prioridad).toBe('critica');
    expect(view.bitacora.interna.map((e: { evento: string }) => e.evento)).toContain(
      'Prioridad: Crítica',
    );
    expect(view.bitacora.visible.map((e: { evento: string }) => e.evento)).not.toContain(
      'Prioridad: Crítica',
    );
    const inbox = await investigator.call(contract.inbox, {
      querystring: { prioridad: 'critica' },
    });
    expect(inbox.json().casos.map((c: { id: number }) => c.id)).toEqual([id]);
    expect(inbox.json().casos[0].prioridad).toBe('critica');

    // The same value again records nothing; clearing it does.
    await investigator.call(contract.setCasePriority, {
      params: { id },
      body: { prioridad: 'critica' },
    });
    await admin.call(contract.setCasePriority, { params: { id }, body: { prioridad: null } });
    const rows = await audited(id, 'caso.prioridad');
    expect(rows.map((r) => [r.actor_id, detail(r.detail)])).toEqual([
      [investigator.id, { anterior: null, prioridad: 'critica' }],
      [admin.id, { anterior: 'critica', prioridad: null }],
    ]);
    expect((await summary(admin, id)).caso.prioridad).toBeNull();
  });

  it('refuses an unknown priority with a Spanish 400, an auditor with 403, an excluded person with 404', async () => {
    const id = await newCase();
    const bad = await investigator.call(contract.setCasePriority, {
      params: { id },
      body: { prioridad: 'urgente' } as never,
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('La prioridad debe ser baja, media, alta o crítica.');
    const byAuditor = await auditor.call(contract.setCasePriority, {
      params: { id },
      body: { prioridad: 'alta' },
    });
    expect(byAuditor.statusCode).toBe(403);
    await admin.call(contract.excludeFromCase, { params: { id, userId: otherInvestigator.id } });
    const excluded = await otherInvestigator.call(contract.setCasePriority, {
      params: { id },
      body: { prioridad: 'alta' },
    });
    expect(excluded.statusCode).toBe(404);
    const outside = await staff(t, { role: 'investigador', organizations: [CLINICA_ATACAMA] });
    expect(
      (
        await outside.call(contract.setCaseTags, {
          params: { id },
          body: { etiquetas: ['x'] },
        })
      ).statusCode,
    ).toBe(404);
    expect(await audited(id, 'caso.prioridad')).toEqual([]);
    expect(await audited(id, 'caso.etiquetas')).toEqual([]);
  });

  it('sorts the inbox by risk, critical first when descending, cases without one last', async () => {
    const ids = [await newCase(), await newCase(), await newCase()];
    await investigator.call(contract.setCasePriority, {
      params: { id: ids[0]! },
      body: { prioridad: 'baja' },
    });
    await investigator.call(contract.setCasePriority, {
      params: { id: ids[2]! },
      body: { prioridad: 'alta' },
    });
    const res = await investigator.call(contract.inbox, {
      querystring: { orden: 'prioridad', direccion: 'desc', limite: 100 },
    });
    const order = (res.json().casos as { id: number; prioridad: string | null }[]).filter((c) =>
      ids.includes(c.id),
    );
    expect(order.map((c) => c.id)).toEqual([ids[2], ids[0], ids[1]]);
    const all = (res.json().casos as { prioridad: string | null }[]).map((c) => c.prioridad);
    // Every case with a priority comes before every case without one.
    expect(all.indexOf(null)).toBeGreaterThan(all.lastIndexOf('baja'));
  });
});

describe('tags', () => {
  it('are normalised, replaced as a set, shown, filterable, and what changed is audited', async () => {
    const id = await newCase();
    const first = await investigator.call(contract.setCaseTags, {
      params: { id },
      body: { etiquetas: ['  Urgente ', 'acoso   grave', 'URGENTE'] },
    });
    expect(first.statusCode).toBe(200);
    expect(first.json().message).toBe('Etiquetas actualizadas.');
    expect((await summary(investigator, id)).caso.etiquetas).toEqual(['acoso grave', 'urgente']);

    const byTag = await investigator.call(contract.inbox, { querystring: { etiqueta: 'Urgente' } });
    expect(byTag.json().casos.map((c: { id: number }) => c.id)).toEqual([id]);
    expect(byTag.json().casos[0].etiquetas).toEqual(['acoso grave', 'urgente']);

    await admin.call(contract.setCaseTags, {
      params: { id },
      body: { etiquetas: ['urgente', 'revisar'] },
    });
    // The same set again records nothing.
    await admin.call(contract.setCaseTags, {
      params: { id },
      body: { etiquetas: ['revisar', 'urgente'] },
    });
    const view = await summary(admin, id);
    expect(view.caso.etiquetas).toEqual(['revisar', 'urgente']);
    expect(view.bitacora.interna.map((e: { evento: string }) => e.evento)).toEqual(
      expect.arrayContaining([
        'Etiquetas agregadas: acoso grave, urgente',
        'Etiquetas agregadas: revisar; quitadas: acoso grave',
      ]),
    );
    const rows = await audited(id, 'caso.etiquetas');
    expect(rows.map((r) => [r.actor_id, detail(r.detail)])).toEqual([
      [investigator.id, { agregadas: ['acoso grave', 'urgente'], quitadas: [] }],
      [admin.id, { agregadas: ['revisar'], quitadas: ['acoso grave'] }],
    ]);
    const gone = await investigator.call(contract.inbox, {
      querystring: { etiqueta: 'acoso grave' },
    });
    expect(gone.json().casos.map((c: { id: number }) => c.id)).not.toContain(id);
  });

  it('refuses empty, overlong or too many tags, and an auditor, with Spanish messages', async () => {
    const id = await newCase();
    const cases: [unknown, number, string][] = [
      [{ etiquetas: ['   '] }, 400, 'La etiqueta no puede estar vacía.'],
      [{ etiquetas: ['x'.repeat(41)] }, 400, 'Una etiqueta puede tener como máximo 40 caracteres.'],
      [
        { etiquetas: Array.from({ length: 21 }, (_, i) => `e${i}`) },
        400,
        'Un caso puede tener como máximo 20 etiquetas.',
      ],
      [{ etiquetas: ['a\u202eb'] }, 400, 'La etiqueta contiene caracteres no permitidos.'],
      [{}, 400, 'Debe indicar la lista de etiquetas.'],
    ];
    for (const [body, status, message] of cases) {
      const res = await investigator.call(contract.setCaseTags, {
        params: { id },
        body: body as never,
      });
      expect(res.statusCode).toBe(status);
      expect(res.json().message).toBe(message);
    }
    const byAuditor = await auditor.call(contract.setCaseTags, {
      params: { id },
      body: { etiquetas: ['x'] },
    });
    expect(byAuditor.statusCode).toBe(403);
    expect((await summary(admin, id)).caso.etiquetas).toEqual([]);
  });
});

describe('saved views', () => {
  it('keep filters and order per person, by name; the same name replaces the view', async () => {
    const filtros = {
      estado: 'Recibida',
      prioridad: 'alta',
      etiqueta: 'urgente',
      orden: 'prioridad',
      direccion: 'desc',
    } as const;
    const saved = await investigator.call(contract.saveView, {
      body: { nombre: ' Urgentes ', filtros },
    });
    expect(saved.statusCode).toBe(201);
    expect(saved.json()).toEqual({ id: expect.any(Number), nombre: 'Urgentes', filtros });
    await investigator.call(contract.saveView, {
      body: { nombre: 'Atrasados', filtros: { vencidos: 'true', categoria: 9 } },
    });
    const replaced = await investigator.call(contract.saveView, {
      body: { nombre: 'Urgentes', filtros: { prioridad: 'critica' } },
    });
    expect(replaced.json().id).toBe(saved.json().id);

    const mine = await investigator.call(contract.listSavedViews, {});
    expect(mine.statusCode).toBe(200);
    expect(mine.json()).toEqual([
      { id: expect.any(Number), nombre: 'Atrasados', filtros: { vencidos: 'true', categoria: 9 } },
      { id: saved.json().id, nombre: 'Urgentes', filtros: { prioridad: 'critica' } },
    ]);
    // Another person sees none of them and cannot delete them.
    expect((await otherInvestigator.call(contract.listSavedViews, {})).json()).toEqual([]);
    const foreign = await otherInvestigator.call(contract.deleteSavedView, {
      params: { id: saved.json().id },
    });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().message).toBe('No se encontró la vista guardada.');
    const own = await investigator.call(contract.deleteSavedView, {
      params: { id: saved.json().id },
    });
    expect(own.statusCode).toBe(200);
    expect((await investigator.call(contract.listSavedViews, {})).json()).toHaveLength(1);
  });

  it('refuse the search text, an unknown filter or order, and a missing name, in Spanish', async () => {
    const refusals: [unknown, string][] = [
      [
        { nombre: 'RUT', filtros: { buscar: '12.345.678-5' } },
        'Una vista guarda solo filtros y orden de la bandeja (no la búsqueda).',
      ],
      [
        { nombre: 'Orden', filtros: { orden: 'password_hash' } },
        'Solo se puede ordenar por: numero, organizacion, tipo, estado, vencimiento, asignado, ingreso, prioridad.',
      ],
      [{ nombre: '  ', filtros: {} }, 'Debe darle un nombre a la vista.'],
    ];
    for (const [body, message] of refusals) {
      const res = await investigator.call(contract.saveView, { body: body as never });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(message);
    }
    const stored = await t.db.query(
      "SELECT 1 FROM saved_views WHERE filters::text LIKE '%12.345%'",
    );
    expect(stored).toEqual([]);
  });
});

describe('linked cases', () => {
  const numberOf = async (id: number) =>
    (
      await t.db.query<{ case_number: string }>(
        'SELECT case_number FROM complaints WHERE id = $1',
        [id],
      )
    )[0]!.case_number;

  it('marks a duplicate by case number, shows it on both cases, logs both and audits it', async () => {
    const original = await newCase();
    const copy = await newCase();
    const related = await newCase();
    const res = await investigator.call(contract.linkCase, {
      params: { id: copy },
      body: { numero: (await numberOf(original)).toLowerCase(), tipo: 'duplicado_de' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe('Casos vinculados.');
    await investigator.call(contract.linkCase, {
      params: { id: original },
      body: { numero: await numberOf(related), tipo: 'relacionado' },
    });
    expect((await summary(investigator, copy)).caso.vinculos).toEqual([
      { id: original, numero: await numberOf(original), tipo: 'duplicado_de' },
    ]);
    const originalView = await summary(investigator, original);
    expect(originalView.caso.vinculos).toEqual(
      expect.arrayContaining([
        { id: copy, numero: await numberOf(copy), tipo: 'tiene_duplicado' },
        { id: related, numero: await numberOf(related), tipo: 'relacionado' },
      ]),
    );
    expect(originalView.bitacora.interna.map((e: { evento: string }) => e.evento)).toContain(
      `${await numberOf(copy)} marcado como duplicado de este caso`,
    );
    expect((await summary(investigator, related)).caso.vinculos).toEqual([
      { id: original, numero: await numberOf(original), tipo: 'relacionado' },
    ]);
    const rows = await audited(copy, 'caso.vinculo');
    expect(rows.map((r) => [r.actor_id, detail(r.detail)])).toEqual([
      [investigator.id, { vinculado: await numberOf(original), tipo: 'duplicado_de' }],
    ]);

    // Removing it from either side removes it from both.
    const removed = await admin.call(contract.unlinkCase, {
      params: { id: original, linkedId: copy },
    });
    expect(removed.statusCode).toBe(200);
    expect((await summary(admin, copy)).caso.vinculos).toEqual([]);
    expect((await audited(original, 'caso.vinculo')).map((r) => detail(r.detail))).toContainEqual({
      vinculado: await numberOf(copy),
      tipo: null,
    });
    const again = await admin.call(contract.unlinkCase, {
      params: { id: original, linkedId: copy },
    });
    expect(again.statusCode).toBe(404);
  });

  it('refuses a case out of scope, a missing number, the case itself and an auditor', async () => {
    const id = await newCase();
    const hidden = await newCase();
    await admin.call(contract.excludeFromCase, {
      params: { id: hidden, userId: otherInvestigator.id },
    });
    const outOfScope = await otherInvestigator.call(contract.linkCase, {
      params: { id },
      body: { numero: await numberOf(hidden), tipo: 'relacionado' },
    });
    expect(outOfScope.statusCode).toBe(404);
    expect(outOfScope.json().message).toBe('No se encontró el otro caso.');
    const missing = await investigator.call(contract.linkCase, {
      params: { id },
      body: { numero: 'CEM-1999-99999', tipo: 'relacionado' },
    });
    expect(missing.statusCode).toBe(404);
    const itself = await investigator.call(contract.linkCase, {
      params: { id },
      body: { numero: await numberOf(id), tipo: 'duplicado_de' },
    });
    expect(itself.statusCode).toBe(400);
    expect(itself.json().message).toBe('Un caso no puede vincularse consigo mismo.');
    const badKind = await investigator.call(contract.linkCase, {
      params: { id },
      body: { numero: await numberOf(hidden), tipo: 'hermano' } as never,
    });
    expect(badKind.statusCode).toBe(400);
    expect(badKind.json().message).toBe('El vínculo debe ser duplicado_de o relacionado.');
    const byAuditor = await auditor.call(contract.linkCase, {
      params: { id },
      body: { numero: await numberOf(hidden), tipo: 'relacionado' },
    });
    expect(byAuditor.statusCode).toBe(403);
    // A link the person may not follow is not shown to them.
    await investigator.call(contract.linkCase, {
      params: { id },
      body: { numero: await numberOf(hidden), tipo: 'relacionado' },
    });
    expect((await summary(investigator, id)).caso.vinculos).toHaveLength(1);
    expect((await summary(otherInvestigator, id)).caso.vinculos).toEqual([]);
  });
});

describe('the inbox row', () => {
  /** The case's row as `who` finds it in the inbox. */
  const inboxRow = async (who: StaffClient, id: number) => {
    const res = await who.call(contract.inbox, { querystring: { limite: 100 } });
    expect(res.statusCode).toBe(200);
    return res.json().casos.find((c: { id: number }) => c.id === id);
  };

  it('names the milestone its next due date belongs to', async () => {
    const id = await newCase();
    const row = await inboxRow(investigator, id);
    // A Law 21.643 complaint received today: protective measures are due the same day.
    expect(row.proximo_hito).toBe('Adopción de medidas de resguardo');
    expect(row.proximo_vencimiento).not.toBeNull();
  });

  it('marks a complainant message nobody who handles cases has read, until one opens the case', async () => {
    const c = await newFiledCase();
    expect((await inboxRow(investigator, c.id)).novedad_denunciante).toBe(false);
    const sent = await callApi(t.app, contract.addComment, {
      headers: c.auth,
      body: { comentario: 'Agrego que volvió a ocurrir ayer.', denuncia_id: c.ticket },
    });
    expect(sent.statusCode).toBeLessThan(300);
    expect((await inboxRow(investigator, c.id)).novedad_denunciante).toBe(true);
    // An auditor's view reviews the process: the team has still not read it.
    await summary(auditor, c.id);
    expect((await inboxRow(investigator, c.id)).novedad_denunciante).toBe(true);
    await summary(otherInvestigator, c.id);
    expect((await inboxRow(investigator, c.id)).novedad_denunciante).toBe(false);
    expect((await inboxRow(admin, c.id)).novedad_denunciante).toBe(false);
  });
});
