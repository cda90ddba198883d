import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { expect, inject } from 'vitest';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '@canal/test-support/chromium';

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

/**
 * Nothing scrolls sideways: the page is no wider than the window (wide tables scroll inside their
 * own frame); a failure names the innermost elements past the right edge.
 */
export async function expectNoHorizontalScroll(page: Page, where: string) {
  const { scrollWidth, innerWidth, widest } = await page.evaluate(() => {
    const width = window.innerWidth;
    // The innermost elements that reach past the right edge: what to fix when the page is wide.
    // Inside a scrolling frame (not absolutely positioned out of it), an element past the edge
    // scrolls with the frame and does not widen the page.
    const clipped = (el: HTMLElement) => {
      if (getComputedStyle(el).position === 'absolute') return false;
      for (let up = el.parentElement; up; up = up.parentElement)
        if (getComputedStyle(up).overflowX !== 'visible') return true;
      return false;
    };
    const past = [...document.body.querySelectorAll<HTMLElement>('*')].filter(
      (el) => el.getBoundingClientRect().right > width + 1 && !clipped(el),
    );
    const innermost = past.filter(
      (el) => !past.some((other) => other !== el && el.contains(other)),
    );
    return {
      scrollWidth: document.scrollingElement!.scrollWidth,
      innerWidth: width,
      widest: innermost
        .slice(0, 5)
        .map(
          (el) =>
            `<${el.tagName.toLowerCase()} class="${el.className}"> ${Math.round(el.getBoundingClientRect().right)}px «${(el.textContent ?? '').slice(0, 40)}»`,
        ),
    };
  });
  expect(
    scrollWidth,
    `${where}: ${scrollWidth}px de contenido en ${innerWidth}px; sobresalen: ${widest.join(' | ')}`,
  ).toBeLessThanOrEqual(innerWidth);
}
