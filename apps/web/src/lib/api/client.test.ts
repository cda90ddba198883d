import { beforeEach, describe, expect, it, vi } from 'vitest';
import { detalle } from '@canal/test-support/fixtures';
import { fail, ok, portalApi } from '../../test/msw/portal';
import { recordRequests, server } from '../../test/msw/server';
import { createApiClient } from './client';
import { sessionStore } from './session';

let tokens = 0;
const botTokens = { next: async () => `token-${++tokens}` };

beforeEach(() => {
  tokens = 0;
  sessionStore.clear();
});

const ORG = 'f5b7a23f-d15f-4c2f-8bd5-b88cb8fc33ae';

describe('API client (SPEC §7)', () => {
  it('sends x-filial and a fresh x-grecaptcha token, then the Bearer token after login', async () => {
    const calls = recordRequests();
    server.use(
      portalApi.login(ok({ token: 'sesion-1' })),
      portalApi.status(ok({ codigo: 123456789012, estado: 'Recibida' })),
    );
    const api = createApiClient({ organizationId: ORG, botTokens });
    await api.login(123456789012, 'Segura#2024');
    expect(calls[0]).toMatchObject({ method: 'POST', path: '/v1/denuncias/login' });
    expect(calls[0]!.headers).toMatchObject({ 'x-filial': ORG, 'x-grecaptcha': 'token-1' });
    expect(calls[0]!.headers.authorization).toBeUndefined();

    await api.status(123456789012);
    expect(calls[1]!.headers).toMatchObject({
      authorization: 'Bearer sesion-1',
      'x-grecaptcha': 'token-2',
    });
  });

  it('retries once with a fresh token on 401, 403 and 429, not on other errors', async () => {
    const api = createApiClient({ organizationId: ORG, botTokens });
    // Sign-in declares all three (the code recovery has no 401 in the contract).
    for (const status of [401, 403, 429] as const) {
      server.resetHandlers();
      server.events.removeAllListeners();
      const calls = recordRequests();
      server.use(portalApi.login(fail(status, 'no'), ok({ token: 'sesion' })));
      await api.login(123456789012, 'Segura#2024');
      expect(calls).toHaveLength(2);
      expect(calls[0]!.headers['x-grecaptcha']).not.toBe(calls[1]!.headers['x-grecaptcha']);
    }
    server.resetHandlers();
    server.events.removeAllListeners();
    const calls = recordRequests();
    server.use(portalApi.recoverCode(fail(400, 'mal'), ok({ message: 'ok' })));
    await expect(api.recoverCode('a@correo.cl')).rejects.toMatchObject({
      status: 400,
      serverMessage: 'mal',
    });
    expect(calls).toHaveLength(1);
  });

  it('reads master data without a bot token and falls back to an empty list on failure', async () => {
    const calls = recordRequests();
    server.use(portalApi.zones(fail(500, 'x')));
    const api = createApiClient({ organizationId: ORG, botTokens });
    const spy = vi.spyOn(console, 'error').mockImplementation(() => {});
    expect(await api.zones()).toEqual([]);
    expect(calls[0]!.headers['x-grecaptcha']).toBeUndefined();
    expect(calls[0]!.headers['x-filial']).toBe(ORG);
    expect(spy).toHaveBeenCalled();
    spy.mockRestore();
  });

  it("takes the frame's early answer as the first attempt's, retried once on 403, asked when none left (decision 0079)", async () => {
    const id = detalle.codigo_denuncia;
    sessionStore.set({ ticket: id, token: 'sesion-1' });
    const api = createApiClient({ organizationId: ORG, botTokens });
    const calls = recordRequests();
    server.use(portalApi.complaint(id, ok(detalle)));
    const early = { status: 200, text: JSON.stringify(detalle) };
    expect((await api.complaint(id, Promise.resolve(early))).code).toBe(id);
    // Taken: nothing asked, no token spent.
    expect(calls).toHaveLength(0);
    expect(tokens).toBe(0);

    // A 403 of the early read: asked once more with a fresh token (SPEC §7).
    const forbidden = { status: 403, text: JSON.stringify({ message: 'no' }) };
    expect((await api.complaint(id, Promise.resolve(forbidden))).code).toBe(id);
    expect(calls).toHaveLength(1);
    expect(calls[0]!.headers).toMatchObject({ 'x-grecaptcha': 'token-1' });

    // The frame sent nothing (null): the first attempt asks.
    await api.complaint(id, Promise.resolve(null));
    expect(calls).toHaveLength(2);

    // The early request failed: worded as a network failure of that call, not asked again.
    await expect(api.complaint(id, Promise.reject(new TypeError('x')))).rejects.toMatchObject({
      kind: 'network',
    });
    expect(calls).toHaveLength(2);
  });
});
