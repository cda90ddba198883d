import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { launchBrowser, newPage, portalUrl } from './support/browser';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

describe('the portal served by the real server', () => {
  it('renders the home page in Chromium with the head-office theme', async () => {
    const { page, context } = await newPage(browser);
    await page.goto(portalUrl());
    await expect.poll(() => page.title()).toContain('Canal de denuncias');
    const primary = await page.evaluate(() =>
      getComputedStyle(document.documentElement).getPropertyValue('--brand-primary'),
    );
    expect(primary.trim()).toMatch(/^#[0-9a-f]{6}$/i);
    await context.close();
  });

  it('gives a clinic host its own theme', async () => {
    const { page, context } = await newPage(browser);
    await page.goto(portalUrl());
    const head = await page.evaluate(() =>
      getComputedStyle(document.documentElement).getPropertyValue('--brand-primary'),
    );
    await page.goto(portalUrl('clinica-atacama'));
    const clinic = await page.evaluate(() =>
      getComputedStyle(document.documentElement).getPropertyValue('--brand-primary'),
    );
    expect(clinic.trim()).not.toBe(head.trim());
    await context.close();
  });

  it('serves a real robots.txt that keeps private pages out of indexes', async () => {
    const res = await fetch(portalUrl(null, '/robots.txt'));
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/plain');
    expect(await res.text()).toContain('Disallow: /detalle-denuncia/');
  });

  it('serves the legal PDFs at the site root', async () => {
    const res = await fetch(portalUrl(null, '/ley-21643.pdf'));
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('application/pdf');
  });
});
