import { portalRoutes } from '@canal/shared';
import { readRuntimeConfig } from '../../config/runtime-config';
import { settle } from './http';
import { altchaTokenOf } from './altcha-token';
import { fetchAnswer, portalRequest } from './request';

/**
 * Bot-check tokens for the `x-grecaptcha` header (DESIGN §5). By default an ALTCHA proof of work
 * from our own API, solved off the main thread; reCAPTCHA v3 when the deployment configures it;
 * nothing when the server says the check is off. One token is kept solved ahead, because every
 * call but master data spends one.
 */
export interface BotCheckConfig {
  botCheck: 'altcha' | 'recaptcha' | 'off';
  recaptchaSiteKey: string | null;
}

export interface BotTokenSource {
  /** A fresh, unused token ('' when the check is off). */
  next(): Promise<string>;
  /** Starts solving the next token now (a form opened), so the first submit does not wait. */
  prepare?(): void;
}

/** The bot check's two GETs, by their contract names. */
type Fetcher = (call: 'botCheckConfig' | 'altchaChallenge') => Promise<unknown>;

/**
 * Failures are HttpErrors like every other call's, so that a person whose call could not even get
 * its token reads that the service is unreachable (issue 12), not a generic error.
 */
const getJson: Fetcher = async (call) => {
  const request = portalRequest(portalRoutes[call], {}, {});
  return (await settle(request.url, fetchAnswer(request))).body;
};

/** A proof-of-work solver, started before its challenge is known; stop() frees it. */
interface Solver {
  solve(challenge: unknown): Promise<unknown>;
  stop(): void;
}

/**
 * Off the main thread when the browser has workers. The worker is created first so that its script
 * downloads while the challenge is being asked for, not after it arrived (issue 26).
 */
function startSolver(): Solver {
  if (typeof Worker === 'undefined')
    return {
      solve: async (challenge) => (await import('./altcha-solve')).solve(challenge),
      stop: () => undefined,
    };
  const worker = new Worker(new URL('./altcha.worker.ts', import.meta.url), { type: 'module' });
  // A script that fails to load fails before solve() is called: kept for it, not lost.
  let failed: Error | null = null;
  let fail: (error: Error) => void = (error) => {
    failed = error;
  };
  worker.onerror = (event) => fail(new Error(event.message));
  return {
    solve: (challenge) =>
      new Promise((resolve, reject) => {
        if (failed) return reject(failed);
        fail = reject;
        worker.onmessage = (event: MessageEvent<{ solution?: unknown; error?: string }>) =>
          event.data.error ? reject(new Error(event.data.error)) : resolve(event.data.solution);
        worker.postMessage(challenge);
      }),
    stop: () => worker.terminate(),
  };
}

async function altchaToken(fetchJson: Fetcher): Promise<string> {
  const solver = startSolver();
  try {
    const challenge = await fetchJson('altchaChallenge');
    return altchaTokenOf(challenge, await solver.solve(challenge));
  } finally {
    solver.stop();
  }
}

declare global {
  interface Window {
    grecaptcha?: {
      ready(cb: () => void): void;
      execute(key: string, opts: { action: string }): Promise<string>;
    };
  }
}

async function recaptchaToken(siteKey: string): Promise<string> {
  if (!window.grecaptcha) {
    await new Promise<void>((resolve, reject) => {
      const script = document.createElement('script');
      script.src = `https://www.google.com/recaptcha/api.js?render=${encodeURIComponent(siteKey)}`;
      script.onload = () => resolve();
      script.onerror = () => reject(new Error('No se pudo cargar la verificación.'));
      document.head.append(script);
    });
  }
  await new Promise<void>((resolve) => window.grecaptcha!.ready(resolve));
  return window.grecaptcha!.execute(siteKey, { action: 'submit' });
}

const BOT_CHECK_MODES: readonly string[] = ['altcha', 'recaptcha', 'off'];

/**
 * The settings the page carries (runtime-config.ts, written by the server; issue 26), or null when
 * it carries none or an unknown mode: then they are asked of GET /v1/configuracion.
 */
export function pageBotCheckConfig(
  doc: Document | undefined = typeof document === 'undefined' ? undefined : document,
): BotCheckConfig | null {
  if (!doc) return null;
  const { botCheck, recaptchaSiteKey } = readRuntimeConfig(doc);
  if (!botCheck || !BOT_CHECK_MODES.includes(botCheck)) return null;
  return { botCheck, recaptchaSiteKey: recaptchaSiteKey ?? null };
}

export function createBotTokenSource(
  fetchJson: Fetcher = getJson,
  known: BotCheckConfig | null = pageBotCheckConfig(),
): BotTokenSource {
  let config: Promise<BotCheckConfig> | null = known ? Promise.resolve(known) : null;
  let ahead: Promise<string> | null = null;
  const loadConfig = () =>
    (config ??= (fetchJson('botCheckConfig') as Promise<BotCheckConfig>).catch((e) => {
      config = null;
      throw e;
    }));
  const solveOne = async (): Promise<string> => {
    const { botCheck, recaptchaSiteKey } = await loadConfig();
    if (botCheck === 'off') return '';
    if (botCheck === 'recaptcha' && recaptchaSiteKey) return recaptchaToken(recaptchaSiteKey);
    return altchaToken(fetchJson);
  };
  const solveAhead = () => {
    const pending = solveOne();
    ahead = pending;
    pending.catch(() => {
      if (ahead === pending) ahead = null;
    });
  };
  return {
    async next() {
      const current = ahead ?? solveOne();
      ahead = null;
      try {
        const token = await current;
        // Solve the next one while the person reads the answer.
        solveAhead();
        return token;
      } catch {
        return solveOne();
      }
    },
    prepare() {
      if (!ahead) solveAhead();
    },
  };
}
