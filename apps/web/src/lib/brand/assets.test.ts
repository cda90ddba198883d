import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ORGANIZATIONS, THEMES } from '@canal/shared';
import { brandAssets, FAVICONS, type NavigationItem } from './assets';
import { footerData } from './footer-assets';
import { VIRTUAL_PORTAL } from './virtual-portal';

// import.meta.url is not a file: URL under jsdom; the module's folder is.
const PUBLIC = resolve(import.meta.dirname, '../../../public');
const publicFile = (url: string) => `${PUBLIC}${url}`;

function allUrls(items: readonly NavigationItem[]): string[] {
  return items.flatMap((item) => [
    ...(item.url ? [item.url] : []),
    ...allUrls(item.subItems ?? []),
  ]);
}

describe('brand assets', () => {
  it.each(ORGANIZATIONS.map((o) => [o.key, o]))(
    '%s: complete, with its logo files in public/brand',
    (_key, org) => {
      const assets = brandAssets(org);
      for (const logo of [assets.headerLogo, assets.footerLogo, assets.pdfLogo]) {
        expect(logo.url).toMatch(/^\/brand\/[a-z-]+\.svg$/);
        expect(existsSync(publicFile(logo.url)), logo.url).toBe(true);
      }
      expect(assets.headerLogo).toMatchObject({
        height: expect.any(Number),
        width: expect.any(Number),
        mobileHeight: expect.any(Number),
        mobileWidth: expect.any(Number),
      });
      expect(assets.footerLogo.width).toBeGreaterThan(0);
      expect(assets.pdfLogo.height).toBeGreaterThan(0);
      expect(assets.favicon).toBe(FAVICONS[org.theme]);
      expect(existsSync(publicFile(assets.favicon))).toBe(true);
      expect(assets.logoAlt).toBe(org.shortName);
      // The wordmark writes the organisation's name.
      const svg = readFileSync(publicFile(assets.headerLogo.url), 'utf8');
      for (const word of org.shortName.split(' ')) expect(svg).toContain(word);

      expect(assets.menu.length).toBeGreaterThan(0);
      expect(assets.phones.length).toBeGreaterThan(0);
      const footer = footerData(org);
      expect(footer.footer.kind).toBe(org.footerKind);
      expect(footer.social).toHaveLength(3);
      expect(Boolean(footer.clinicLinks)).toBe(org.isClinic);
    },
  );

  it('declared logo sizes match the drawn SVG files', () => {
    for (const org of ORGANIZATIONS) {
      const a = brandAssets(org);
      for (const logo of [a.headerLogo, a.footerLogo, a.pdfLogo]) {
        const svg = readFileSync(publicFile(logo.url), 'utf8');
        expect(svg, logo.url).toContain(`width="${logo.width}" height="${logo.height}"`);
      }
    }
  });

  it('head office footer logo is 97 × 48', () => {
    const headOffice = ORGANIZATIONS.find((o) => o.key === 'head-office')!;
    expect(brandAssets(headOffice).footerLogo).toMatchObject({ width: 97, height: 48 });
    expect(footerData(headOffice).footer).toMatchObject({
      kind: 'corporate',
      headOffice: { rescue: expect.any(String) },
    });
  });

  it('every call-centre line is a "600" number, and only the head office has the rescue line', () => {
    for (const org of ORGANIZATIONS) {
      const { phones } = brandAssets(org);
      for (const phone of phones.filter((p) => p.kind === 'callCentre'))
        expect(phone.number).toMatch(/^600 /);
      expect(phones.some((p) => p.kind === 'rescue')).toBe(org.key === 'head-office');
    }
  });

  it('links only to placeholder hosts under .example (no real third-party site)', () => {
    for (const org of ORGANIZATIONS) {
      const a = { ...brandAssets(org), ...footerData(org) };
      const urls = [
        a.siteUrl,
        ...allUrls(a.menu),
        ...a.social.map((l) => l.url),
        ...(a.footer.kind === 'clinics'
          ? a.footer.links
          : a.footer.columns.flatMap((c) => c.links)
        ).map((l) => l.url),
        ...(a.clinicLinks
          ? [...a.clinicLinks.services, ...a.clinicLinks.contact].map((l) => l.url)
          : []),
        ...(a.ingresa
          ? [a.ingresa.management.url, VIRTUAL_PORTAL.workers.url, VIRTUAL_PORTAL.companies.url]
          : []),
      ];
      for (const url of urls.filter((u) => u.startsWith('http')))
        expect(new URL(url).hostname).toMatch(/\.example$/);
    }
  });

  it('the wordmarks and favicons use the theme colours', () => {
    for (const [theme, url] of Object.entries(FAVICONS)) {
      expect(readFileSync(publicFile(url), 'utf8')).toContain(
        THEMES[theme as keyof typeof THEMES].secondary,
      );
    }
  });
});
