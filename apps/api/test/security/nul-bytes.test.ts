import { z } from 'zod';
import { STAFF_CSRF_HEADER, contract, endpoints, type Endpoint } from '@canal/shared/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '@canal/test-support/app';
import { HEAD_OFFICE, denuncia, fileAndLogin } from '@canal/test-support/complaints';
import { pdf } from '@canal/test-support/files';
import { multipart } from '@canal/test-support/multipart';
import { staff, type StaffClient } from '@canal/test-support/staff';
import { ERRORS } from '../../src/errors';

/**
 * A NUL character in what staff send is a 400 in Spanish (issue 25), never a 500: PostgreSQL's
 * text cannot hold one, and seven operations used to fail on it (search, saved views, links, the
 * audit filters and export, master data). One hook covers the whole back office, so a route added
 * later cannot fail that way either; the last test sends a NUL to every string field the contract
 * declares for it.
 */

let t: TestApp;
let admin: StaffClient;
let caseId: number;
let caseNumber: string;

const NUL = 'Ana\u0000Pérez';
const NUL_MESSAGE = ERRORS.NUL_CHARACTER.message;

beforeAll(async () => {
  t = await buildTestApp();
  admin = await staff(t, { role: 'administrador' });
  const filed = await fileAndLogin(t.app, denuncia());
  const [row] = await t.db.query<{ id: number; case_number: string }>(
    'SELECT id, case_number FROM complaints WHERE ticket = $1',
    [filed.ticket],
  );
  caseId = row!.id;
  caseNumber = row!.case_number;
});
afterAll(() => t.close());

const count = async (sql: string) => (await t.db.query<{ n: number }>(sql))[0]!.n;

describe('a NUL character', () => {
  it('is refused with a 400 in Spanish by the seven operations that answered 500, which write nothing', async () => {
    const views = await count('SELECT count(*)::int AS n FROM saved_views');
    const links = await count('SELECT count(*)::int AS n FROM case_links');
    const zones = await count('SELECT count(*)::int AS n FROM master_zones');
    const calls = {
      search: () => admin.call(contract.inbox, { querystring: { buscar: `CEM${NUL}` } }),
      savedView: () =>
        admin.call(contract.saveView, { body: { nombre: `Mis casos${NUL}`, filtros: {} } }),
      link: () =>
        admin.call(contract.linkCase, {
          params: { id: caseId },
          body: { numero: `${caseNumber}\u0000`, tipo: 'relacionado' },
        }),
      auditFilter: () =>
        admin.call(contract.auditLog, { querystring: { persona: NUL, numero_caso: caseNumber } }),
      auditExport: () =>
        admin.call(contract.exportAuditCsv, {
          querystring: { numero_caso: `${caseNumber}\u0000` },
        }),
      masterDataAdd: () =>
        admin.call(contract.createMasterItem, {
          body: { organizacion: HEAD_OFFICE, lista: 'zonas', nombre: `Zona${NUL}` },
        }),
      masterDataRename: () =>
        admin.call(contract.updateMasterItem, {
          params: { id: 1 },
          body: { organizacion: HEAD_OFFICE, lista: 'zonas', nombre: `Zona${NUL}` },
        }),
    };
    for (const [name, call] of Object.entries(calls)) {
      const res = await call();
      expect(res.statusCode, `${name}: ${res.body}`).toBe(400);
      expect(res.json().message, name).toBe(NUL_MESSAGE);
    }
    expect(await count('SELECT count(*)::int AS n FROM saved_views')).toBe(views);
    expect(await count('SELECT count(*)::int AS n FROM case_links')).toBe(links);
    expect(await count('SELECT count(*)::int AS n FROM master_zones')).toBe(zones);
    const names = await t.db.query<{ nombre: string }>('SELECT nombre FROM master_zones');
    expect(names.some((z) => z.nombre.startsWith('Zona'))).toBe(false);
  });

  it('is refused in the JSON part of a reply with files, before any file is kept', async () => {
    const before = await count('SELECT count(*)::int AS n FROM complaint_files');
    const { body, headers } = multipart([
      { name: 'respuesta', json: { comentario: `Adjunto${NUL}` } },
      { name: 'files', filename: 'acta.pdf', content: pdf('Acta') },
    ]);
    const res = await t.app.inject({
      method: 'POST',
      url: `/v1/gestion/casos/${caseId}/respuestas/archivos`,
      payload: body,
      headers: { ...headers, cookie: admin.cookie, [STAFF_CSRF_HEADER]: admin.csrf },
    });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().message).toBe(NUL_MESSAGE);
    expect(await count('SELECT count(*)::int AS n FROM complaint_files')).toBe(before);
  });

  it('is refused in every string field of every back-office operation the contract declares', async () => {
    let sent = 0;
    for (const e of endpoints.filter((e) => e.path.startsWith('/v1/gestion'))) {
      for (const part of ['params', 'querystring', 'body'] as const) {
        const schema = e[part];
        if (!schema) continue;
        for (const path of stringFields(z.toJSONSchema(schema, { io: 'input' }) as JsonSchema)) {
          const res = await send(e, part, path);
          const name = `${e.method} ${e.path} ${part}.${path.join('.')}`;
          expect(res.statusCode, `${name}: ${res.body}`).toBe(400);
          expect(res.json().message, name).toBe(NUL_MESSAGE);
          sent += 1;
        }
      }
    }
    // Every free text of the back office (names, comments, filters, master data…), and then some.
    expect(sent).toBeGreaterThan(60);
  });
});

type JsonSchema = {
  type?: string;
  anyOf?: JsonSchema[];
  properties?: Record<string, JsonSchema>;
  items?: JsonSchema;
};

const isString = (s: JsonSchema): boolean =>
  s.type === 'string' || (s.anyOf?.some(isString) ?? false);

/** The paths of the string fields of an object schema (in nested objects and string arrays too). */
function stringFields(schema: JsonSchema, at: string[] = []): string[][] {
  return Object.entries(schema.properties ?? {}).flatMap(([name, field]) => {
    const path = [...at, name];
    if (isString(field) || (field.type === 'array' && field.items && isString(field.items)))
      return [path];
    return field.type === 'object' ? stringFields(field, path) : [];
  });
}

/** `value` at `path` in an otherwise empty object (a string array takes it as its one item). */
function withValue(schema: JsonSchema, path: string[], value: string): Record<string, unknown> {
  const [name, ...rest] = path as [string, ...string[]];
  const field = schema.properties![name]!;
  if (rest.length) return { [name]: withValue(field, rest, value) };
  return { [name]: field.type === 'array' ? [value] : value };
}

/** One request to `e` as the administrator, with a NUL in the one field at `path` of `part`. */
function send(e: Endpoint, part: 'params' | 'querystring' | 'body', path: string[]) {
  const schema = z.toJSONSchema(e[part]!, { io: 'input' }) as JsonSchema;
  const value = withValue(schema, path, NUL);
  const params = Object.fromEntries(
    [...e.path.matchAll(/:(\w+)/g)].map(([, p]) => [
      p!,
      String(part === 'params' ? (value[p!] ?? 1) : 1),
    ]),
  );
  const url =
    e.path.replace(/:(\w+)/g, (_, p: string) => encodeURIComponent(params[p]!)) +
    (part === 'querystring' ? `?${new URLSearchParams(value as Record<string, string>)}` : '');
  if (e.method === 'GET')
    return t.app.inject({ method: e.method, url, headers: { cookie: admin.cookie } });
  return t.app.inject({
    method: e.method,
    url,
    headers: {
      cookie: admin.cookie,
      [STAFF_CSRF_HEADER]: admin.csrf,
      'content-type': 'application/json',
    },
    payload: JSON.stringify(part === 'body' ? value : {}),
  });
}
