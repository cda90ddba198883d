import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createApiClient } from './client';
import { sessionStore } from './session';

interface Call {
  method: string;
  url: string;
  headers: Record<string, string>;
}

let calls: Call[];
let answers: { status: number; body: string }[];

class ScriptedXhr {
  status = 0;
  responseText = '';
  timeout = 0;
  responseType = '';
  upload = { onprogress: null };
  private call!: Call;
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  ontimeout: (() => void) | null = null;
  open(method: string, url: string) {
    this.call = { method, url, headers: {} };
  }
  setRequestHeader(name: string, value: string) {
    this.call.headers[name] = value;
  }
  send() {
    calls.push(this.call);
    const answer = answers.shift() ?? { status: 200, body: '[]' };
    this.status = answer.status;
    this.responseText = answer.body;
    queueMicrotask(() => this.onload!());
  }
}

let tokens = 0;
const botTokens = { next: async () => `token-${++tokens}` };

beforeEach(() => {
  calls = [];
  answers = [];
  tokens = 0;
  sessionStore.clear();
  vi.stubGlobal('XMLHttpRequest', ScriptedXhr);
});
afterEach(() => vi.unstubAllGlobals());

const ORG = 'f5b7a23f-d15f-4c2f-8bd5-b88cb8fc33ae';

describe('API client (SPEC §7)', () => {
  it('sends x-filial and a fresh x-grecaptcha token, then the Bearer token after login', async () => {
    const api = createApiClient({ organizationId: ORG, botTokens });
    answers.push({ status: 200, body: '{"token":"sesion-1"}' });
    await api.login(123456789012, 'Segura#2024');
    expect(calls[0]).toMatchObject({ method: 'POST', url: '/v1/denuncias/login' });
    expect(calls[0]!.headers).toMatchObject({ 'x-filial': ORG, 'x-grecaptcha': 'token-1' });
    expect(calls[0]!.headers.authorization).toBeUndefined();

    answers.push({ status: 200, body: '{"codigo":123456789012,"estado":"Recibida"}' });
    await api.status(123456789012);
    expect(calls[1]!.headers).toMatchObject({ authorization: 'Bearer sesion-1', 'x-grecaptcha': 'token-2' });
  });

  it('retries once with a fresh token on 401, 403 and 429, not on other errors', async () => {
    const api = createApiClient({ organizationId: ORG, botTokens });
    for (const status of [401, 403, 429]) {
      calls = [];
      answers.push({ status, body: '{"message":"no"}' }, { status: 200, body: '{"message":"ok"}' });
      await api.recoverCode('a@correo.cl');
      expect(calls).toHaveLength(2);
      expect(calls[0]!.headers['x-grecaptcha']).not.toBe(calls[1]!.headers['x-grecaptcha']);
    }
    calls = [];
    answers.push({ status: 400, body: '{"message":"mal"}' });
    await expect(api.recoverCode('a@correo.cl')).rejects.toMatchObject({ status: 400, serverMessage: 'mal' });
    expect(calls).toHaveLength(1);
  });

  it('reads master data without a bot token and falls back to an empty list on failure', async () => {
    const api = createApiClient({ organizationId: ORG, botTokens });
    const spy = vi.spyOn(console, 'error').mockImplementation(() => {});
    answers.push({ status: 500, body: '{"message":"x"}' });
    expect(await api.zones()).toEqual([]);
    expect(calls[0]!.headers['x-grecaptcha']).toBeUndefined();
    expect(calls[0]!.headers['x-filial']).toBe(ORG);
    expect(spy).toHaveBeenCalled();
    spy.mockRestore();
  });
});
