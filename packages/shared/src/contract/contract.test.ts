import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  contract,
  endpoints,
  fillPath,
  isJsonBody,
  pathParams,
  routeSchema,
  strict,
} from './index';
import { webPaths, webUrl } from '../paths';

describe('the API contract', () => {
  it('declares method, path and at least one success answer for every endpoint', () => {
    expect(endpoints.length).toBe(Object.keys(contract).length);
    for (const e of endpoints) {
      expect(e.method, e.name).toMatch(/^(GET|POST|PUT|PATCH|DELETE)$/);
      // The API under /v1, the local mailbox under /dev, the three probes of an instance and
      // the public keys' well-known address.
      expect(e.path, e.name).toMatch(
        /^\/((v1|dev)\/|(livez|readyz|metrics)$|\.well-known\/canal-denuncias-keys\.json$)/,
      );
      const statuses = Object.keys(e.responses).map(Number);
      // A single sign-on's start and return succeed with a redirect (303).
      expect(
        statuses.some((s) => (s >= 200 && s < 300) || s === 303 || s === 304),
        e.name,
      ).toBe(true);
      for (const s of statuses) expect(s >= 200 && s < 600, `${e.name} ${s}`).toBe(true);
    }
  });

  it('has no two endpoints with the same method and path', () => {
    const keys = endpoints.map((e) => `${e.method} ${e.path}`);
    expect(new Set(keys).size).toBe(keys.length);
  });

  it('declares exactly the path parameters of each path, and params only when there are some', () => {
    for (const e of endpoints) {
      const names = pathParams(e.path).sort();
      if (names.length === 0) {
        expect(e.params, e.name).toBeUndefined();
        continue;
      }
      expect(e.params, e.name).toBeInstanceOf(z.ZodObject);
      expect(Object.keys((e.params as z.ZodObject).shape).sort(), e.name).toEqual(names);
    }
  });

  it('answers every error status with the one `{ message }` body', () => {
    for (const e of endpoints) {
      for (const [status, body] of Object.entries(e.responses)) {
        if (Number(status) < 400) continue;
        // The probes' 503 says why, for the load balancer and the operator.
        if (e.name === 'readyz' || e.name === 'livez') continue;
        expect(isJsonBody(body), `${e.name} ${status}`).toBe(true);
        expect((body as z.ZodType).safeParse({ message: 'x' }).success).toBe(true);
      }
    }
  });

  it('never declares a JSON body and a multipart body together', () => {
    for (const e of endpoints) expect(Boolean(e.body && e.multipart), e.name).toBe(false);
  });

  it('describes every JSON answer in JSON Schema, so the OpenAPI document can show it', () => {
    for (const e of endpoints)
      for (const [status, body] of Object.entries(e.responses))
        if (isJsonBody(body))
          expect(() => z.toJSONSchema(body), `${e.name} ${status}`).not.toThrow();
  });

  it('gives Fastify a route schema with every status: JSON, empty and bytes', () => {
    const s = routeSchema(contract.zones);
    expect(Object.keys(s.response).map(Number).sort()).toEqual([200, 304, 400, 429, 500, 503, 507]);
    expect(s.response[304]).toBeInstanceOf(z.ZodUndefined);
    expect(routeSchema(contract.exportCasesCsv).response[200]).toMatchObject({
      content: { 'text/csv; charset=utf-8': { schema: expect.any(z.ZodType) } },
    });
    expect(routeSchema(contract.inbox)).toMatchObject({ security: [{ staffSession: [] }] });
    expect(s).not.toHaveProperty('headers');
    expect(routeSchema(contract.zones, { withHeaders: true })).toHaveProperty('headers');
    expect(routeSchema(contract.createComplaint)).toMatchObject({
      consumes: ['multipart/form-data'],
    });
    expect(routeSchema(contract.createComplaint)).not.toHaveProperty('body');
    expect(routeSchema(contract.mailboxPage)).toMatchObject({ hide: true });
    expect(routeSchema(contract.mailboxPage).response[200]).toHaveProperty('content');
  });

  it('fills path parameters, encoded, and refuses a missing one', () => {
    expect(fillPath(contract.viewCase.path, { id: 7 })).toBe('/v1/gestion/casos/7');
    expect(fillPath(contract.recordMilestone.path, { id: 1, clave: 'a b' })).toBe(
      '/v1/gestion/casos/1/hitos/a%20b',
    );
    expect(() => fillPath(contract.viewCase.path)).toThrow(/id/);
  });
});

describe('strict', () => {
  const schema = z.object({
    a: z.array(z.object({ b: z.string() })).nullable(),
    c: z.object({ d: z.number() }).optional(),
    e: z.union([z.object({ f: z.literal(1) }), z.null()]),
  });

  it('accepts exactly the declared keys', () => {
    const value = { a: [{ b: 'x' }], c: { d: 1 }, e: { f: 1 } };
    expect(strict(schema).parse(value)).toEqual(value);
  });

  it('refuses an undeclared key at any depth, where the plain schema drops it', () => {
    for (const value of [
      { a: null, e: null, extra: 1 },
      { a: [{ b: 'x', extra: 1 }], e: null },
      { a: null, c: { d: 1, extra: 1 }, e: null },
      { a: null, e: { f: 1, extra: 1 } },
    ]) {
      expect(schema.safeParse(value).success).toBe(true);
      expect(strict(schema).safeParse(value).success).toBe(false);
    }
  });

  it('keeps what is optional, nullable and required', () => {
    expect(strict(schema).safeParse({ a: null, e: null }).success).toBe(true);
    expect(strict(schema).safeParse({ e: null }).success).toBe(false);
    expect(strict(schema).safeParse({ a: [{}], e: null }).success).toBe(false);
    expect(strict(contract.login.responses[200]).parse({ token: 't' })).toEqual({ token: 't' });
  });
});

describe('web paths', () => {
  it('builds the pages e-mails link to', () => {
    expect(webPaths.resetPassword('abc')).toBe('/restablecer-contrasena/abc');
    expect(webPaths.staffCase(42)).toBe('/gestion/casos/42');
    expect(webPaths.staffActivate('tok')).toBe('/gestion/activar#tok');
    expect(webPaths.staffActivate()).toBe('/gestion/activar');
    expect(webUrl('https://canal.example.cl/', webPaths.staffCase(1))).toBe(
      'https://canal.example.cl/gestion/casos/1',
    );
  });
});
