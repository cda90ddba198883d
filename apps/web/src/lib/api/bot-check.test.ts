import { afterEach, describe, expect, it, vi } from 'vitest';
import { MESSAGES } from '@canal/shared';
import { createBotTokenSource } from './bot-check';
import { HttpError, unreachableMessage } from './http';

afterEach(() => {
  delete window.grecaptcha;
});

/** reCAPTCHA as the deployment's check, with an execute() that counts the tokens it makes. */
function recaptcha() {
  let made = 0;
  const execute = vi.fn(async () => `token-${(made += 1)}`);
  window.grecaptcha = { ready: (cb) => cb(), execute };
  const fetchJson = vi.fn(async () => ({ botCheck: 'recaptcha', recaptchaSiteKey: 'clave' }));
  return { source: createBotTokenSource(fetchJson), execute };
}

describe('bot-check tokens', () => {
  it('start solving when a form opens (prepare), so the first submit takes the ready one', async () => {
    const { source, execute } = recaptcha();
    source.prepare!();
    await vi.waitFor(() => expect(execute).toHaveBeenCalledTimes(1));
    expect(await source.next()).toBe('token-1');
    // The next one is being solved ahead again.
    await vi.waitFor(() => expect(execute).toHaveBeenCalledTimes(2));
  });

  it('prepare twice solves one token, not two', async () => {
    const { source, execute } = recaptcha();
    source.prepare!();
    source.prepare!();
    await vi.waitFor(() => expect(execute).toHaveBeenCalledTimes(1));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(execute).toHaveBeenCalledTimes(1);
  });
});

describe("bot-check settings from the page's meta (issue 26)", () => {
  afterEach(() => document.head.querySelector('meta[name="canal-config"]')?.remove());

  /** The meta the server writes (app.ts portalIndexHtml), carrying `config`. */
  function pageCarries(config: object) {
    const meta = document.createElement('meta');
    meta.name = 'canal-config';
    meta.content = JSON.stringify({ portalPrefix: 'canaldenuncias', production: true, ...config });
    document.head.append(meta);
  }

  it('takes the mode from the page, without GET /v1/configuracion', async () => {
    pageCarries({ botCheck: 'recaptcha', recaptchaSiteKey: 'clave-de-la-pagina' });
    const execute = vi.fn(async () => 'token');
    window.grecaptcha = { ready: (cb) => cb(), execute };
    const fetchJson = vi.fn(async () => ({ botCheck: 'off', recaptchaSiteKey: null }));
    expect(await createBotTokenSource(fetchJson).next()).toBe('token');
    expect(execute).toHaveBeenCalledWith('clave-de-la-pagina', { action: 'submit' });
    expect(fetchJson).not.toHaveBeenCalledWith('botCheckConfig');
  });

  it('asks GET /v1/configuracion when the page carries no mode (or an unknown one)', async () => {
    for (const config of [{}, { botCheck: 'otro' }]) {
      pageCarries(config);
      const fetchJson = vi.fn(async () => ({ botCheck: 'off', recaptchaSiteKey: null }));
      expect(await createBotTokenSource(fetchJson).next()).toBe('');
      expect(fetchJson).toHaveBeenCalledWith('botCheckConfig');
      document.head.querySelector('meta[name="canal-config"]')?.remove();
    }
  });
});

describe('bot-check tokens with the API out of reach (issue 12)', () => {
  afterEach(() => vi.unstubAllGlobals());

  it.each([
    [
      'no connection',
      () => Promise.reject(new TypeError('Failed to fetch')),
      MESSAGES.noConnection,
    ],
    [
      'a gateway 502',
      () => Promise.resolve(new Response('', { status: 502 })),
      MESSAGES.serviceNotAnswering,
    ],
  ])('fail as an HttpError that says so in Spanish (%s)', async (_case, answer, message) => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    vi.stubGlobal('fetch', vi.fn(answer));
    const error = await createBotTokenSource()
      .next()
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(HttpError);
    expect(unreachableMessage(error)).toBe(message);
  });
});
