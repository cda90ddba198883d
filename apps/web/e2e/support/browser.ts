import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { inject } from 'vitest';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './chromium';

export async function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM_PATH, headless: true, args: CHROMIUM_ARGS });
}

/**
 * The portal's address for an organisation: its `{segment}.localhost` host, or plain localhost; on
 * the run's server unless a spec names the port of a server of its own.
 */
export function portalUrl(
  segment: string | null = null,
  pathname = '/',
  port = inject('port'),
): string {
  return `http://${segment ? `${segment}.localhost` : 'localhost'}:${port}${pathname}`;
}

export async function newPage(
  browser: Browser,
  width = 1280,
  height = 900,
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({
    viewport: { width, height },
    acceptDownloads: true,
    locale: 'es-CL',
  });
  // Every Content-Security-Policy violation the page reports, for cspViolations() to read.
  await context.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { cspViolations: string[] }).cspViolations = seen;
    document.addEventListener('securitypolicyviolation', (event) =>
      seen.push(`${event.violatedDirective} ${event.blockedURI}`),
    );
  });
  const page = await context.newPage();
  page.on('pageerror', (error) => {
    throw error;
  });
  // Refusals and server errors are printed, so a failing wait says why the page did not move on.
  page.on('response', (response) => {
    if (response.status() === 429 || response.status() >= 500)
      console.error(`HTTP ${response.status()} ${response.request().method()} ${response.url()}`);
  });
  return { context, page };
}

/** The CSP violations the page has reported since it loaded (see newPage). */
export async function cspViolations(page: Page): Promise<string[]> {
  return page.evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations);
}

export interface LocalMail {
  id: number;
  to: string;
  subject: string;
  text: string;
  html: string;
}

/** The local mailbox of the test server (or of `base`), waiting until `predicate` finds a message. */
export async function waitForMail(
  predicate: (m: LocalMail) => boolean,
  timeoutMs = 20_000,
  base = inject('baseUrl'),
): Promise<LocalMail> {
  const deadline = Date.now() + timeoutMs;
  let mails: LocalMail[] = [];
  while (Date.now() < deadline) {
    mails = (await (await fetch(`${base}/dev/correo.json`)).json()) as LocalMail[];
    const found = mails.find(predicate);
    if (found) return found;
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(
    `no llegó el correo esperado; en el buzón: ${JSON.stringify(mails.map((m) => [m.to, m.subject]))}`,
  );
}
