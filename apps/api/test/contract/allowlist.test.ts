import { RESUMABLE_PATH } from '../../src/portal/complaints/resumable-routes';
import { CASE_RESUMABLE_PATH } from '../../src/back-office/cases/resumable-routes';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import Fastify from 'fastify';
import { validatorCompiler } from 'fastify-type-provider-zod';
import { contract, endpoints, isJsonBody, strict } from '@canal/shared/contract';
import { buildTestApp, type TestApp } from '@canal/test-support/app';
import { route } from '../../src/http/route';
import { registerErrorHandling } from '../../src/http/errors';
import { serializerCompiler } from '../../src/http/serializer';

/**
 * Every route declares a response schema for every status it answers (the OpenAPI document shows
 * them), and the schema is an allowlist: a field the handler adds and the contract does not
 * declare never leaves the server, and the answer is still a 200.
 */

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ env: { BOT_CHECK: 'altcha' } });
});
afterAll(() => t?.close());

interface Operation {
  responses?: Record<string, { content?: Record<string, { schema?: unknown }> }>;
}

describe('the OpenAPI document (/v1/docs/json)', () => {
  it('shows every status of every operation, each JSON answer with its schema', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/v1/docs/json' });
    expect(res.statusCode).toBe(200);
    const paths = res.json().paths as Record<string, Record<string, Operation>>;
    const visible = endpoints.filter((e) => !e.hidden);
    expect(visible.length).toBeGreaterThan(40);
    for (const e of visible) {
      const name = `${e.method} ${e.path}`;
      const operation = paths[e.path.replace(/:(\w+)/g, '{$1}')]?.[e.method.toLowerCase()];
      expect(operation, name).toBeDefined();
      const responses = operation!.responses ?? {};
      expect(Object.keys(responses).sort(), name).toEqual(Object.keys(e.responses).sort());
      for (const [status, body] of Object.entries(e.responses)) {
        const shown = responses[status]!;
        if (isJsonBody(body))
          expect(shown.content?.['application/json']?.schema, `${name} ${status}`).toBeDefined();
        else if (body.kind === 'binary')
          for (const type of body.contentTypes)
            expect(shown.content?.[type]?.schema, `${name} ${status} ${type}`).toEqual({
              type: 'string',
              format: 'binary',
            });
        else expect(shown.content, `${name} ${status}`).toBeUndefined();
      }
    }
  });

  it('lists no route that is not in the contract', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/v1/docs/json' });
    const paths = res.json().paths as Record<string, Record<string, Operation>>;
    const declared = new Set(
      endpoints.map((e) => `${e.method.toLowerCase()} ${e.path.replace(/:(\w+)/g, '{$1}')}`),
    );
    const listed = Object.entries(paths).flatMap(([path, ops]) =>
      Object.keys(ops).map((method) => `${method} ${path}`),
    );
    expect(listed.filter((op) => !declared.has(op))).toEqual([]);
    // The tus routes are not listed either: tus 1.0 describes them (decision 0055).
    expect(Object.keys(paths).filter((p) => p.startsWith(RESUMABLE_PATH))).toEqual([]);
    const casePath = CASE_RESUMABLE_PATH.replace(':id', '{id}');
    expect(Object.keys(paths).filter((p) => p.startsWith(casePath))).toEqual([]);
  });
});

describe('the response schema is a field allowlist', () => {
  it('drops a field the handler adds at any depth, and still answers 200', async () => {
    const challenge = t.services.portal.botCheck.challenge!.bind(t.services.portal.botCheck);
    t.services.portal.botCheck = Object.assign(
      Object.create(t.services.portal.botCheck) as object,
      {
        challenge: async () => {
          const real = await challenge();
          return {
            ...real,
            secretoDelServidor: 'no debe salir',
            parameters: { ...real.parameters, claveInterna: 'tampoco' },
          };
        },
      },
    ) as unknown as typeof t.services.portal.botCheck;
    const res = await t.app.inject({ method: 'GET', url: '/v1/altcha' });
    expect(res.statusCode).toBe(200);
    expect(res.body).not.toContain('no debe salir');
    expect(res.body).not.toContain('claveInterna');
    // What is left is exactly what the contract declares.
    expect(strict(contract.altchaChallenge.responses[200]).safeParse(res.json()).success).toBe(
      true,
    );
  });

  it('drops undeclared fields inside arrays, keeping the order the handler gave the rest', async () => {
    const app = Fastify();
    app.setValidatorCompiler(validatorCompiler);
    app.setSerializerCompiler(serializerCompiler);
    app.decorate('accessGuards', () => [async () => {}]);
    await app.register(
      async (scope) =>
        route(scope, contract.listUsers, {
          handler: () =>
            [
              {
                activado: true,
                id: 1,
                email: 'a@empresa.cl',
                nombre: 'Ana',
                rol: 'administrador' as const,
                organizaciones: [],
                activo: true,
                password_hash: '$argon2id$secreto',
                totp_secret_enc: 'sellado',
              },
            ] as never,
        }),
      { prefix: '/v1/gestion' },
    );
    const res = await app.inject({ method: 'GET', url: '/v1/gestion/usuarios' });
    await app.close();
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe(
      '[{"activado":true,"id":1,"email":"a@empresa.cl","nombre":"Ana","rol":"administrador","organizaciones":[],"activo":true}]',
    );
  });

  it('answers 500 (a bug), never a wrong value, when a declared field has the wrong type', async () => {
    const app = Fastify();
    app.setSerializerCompiler(serializerCompiler);
    registerErrorHandling(app);
    await app.register(async (scope) =>
      route(scope, contract.botCheckConfig, {
        handler: () => ({ botCheck: 'ninguno', recaptchaSiteKey: null }) as never,
      }),
    );
    const res = await app.inject({ method: 'GET', url: '/v1/configuracion' });
    await app.close();
    expect(res.statusCode).toBe(500);
    expect(res.body).not.toContain('ninguno');
  });
});
