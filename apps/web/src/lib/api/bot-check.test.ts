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
