import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contrastRatio, ORGANIZATIONS, THEME_NAMES, THEMES } from '@canal/shared';
import { launchBrowser, newPage, portalUrl } from './support/browser';
import { rootVariable } from './support/portal';

/** Every one of the 13 brand hosts renders its own header, footer variant and theme. */

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

describe('the 13 brand hosts', () => {
  it('each renders its header logo, its footer variant and its theme', async () => {
    expect(ORGANIZATIONS).toHaveLength(13);
    const { page, context } = await newPage(browser);
    const seen = new Set<string>();
    for (const org of ORGANIZATIONS) {
      const where = `${org.key} (${org.segment ?? 'localhost'})`;
      await page.goto(portalUrl(org.segment));
      await page
        .getByRole('heading', { name: 'Canal de denuncias', level: 1 })
        .waitFor({ timeout: 15_000 })
        .catch(async (error: Error) => {
          throw new Error(
            `${where}: ${error.message}\n${(await page.locator('body').innerText()).slice(0, 500)}`,
          );
        });

      const header = page.getByRole('banner');
      expect(
        await header.getByRole('img', { name: org.shortName, exact: true }).isVisible(),
        where,
      ).toBe(true);
      expect(
        await header.getByRole('link', { name: `${org.shortName}, sitio principal` }).isVisible(),
        where,
      ).toBe(true);

      const footer = page.getByRole('contentinfo');
      // The footer is its own chunk, loaded after the first paint (decision 0026).
      await footer.waitFor();
      const headings = (await footer.getByRole('heading').allTextContents()).map((h) => h.trim());
      if (org.footerKind === 'clinics') {
        expect(headings, where).toContain('Sitios de interés');
        expect(headings, where).not.toContain('Nosotros');
        const links = await footer
          .getByRole('heading', { name: 'Sitios de interés' })
          .locator('xpath=following-sibling::ul[1]')
          .getByRole('link')
          .allTextContents();
        expect(links, where).toEqual([
          'Quiénes Somos',
          'La Red en cifras',
          'Nuestra red de Clínicas',
          'Gobierno corporativo',
          'Contacto',
        ]);
      } else {
        expect(headings, where).toEqual(
          expect.arrayContaining(['Nosotros', 'Te ayudamos', 'Conoce nuestros servicios']),
        );
        expect(headings, where).not.toContain('Sitios de interés');
      }
      expect(headings.includes('Casa central'), where).toBe(org.segment === null);
      expect(
        await footer
          .getByText(
            `© ${new Date().getFullYear()} ${org.shortName}. Todos los derechos reservados.`,
          )
          .isVisible(),
        where,
      ).toBe(true);

      const primary = await rootVariable(page, '--brand-primary');
      expect(primary.toUpperCase(), where).toBe(THEMES[org.theme].primary.toUpperCase());
      expect(await page.title(), where).toBe(`Canal de denuncias | ${org.shortName}`);
      seen.add(org.shortName);
    }
    expect(seen.size).toBe(13);
    await context.close();
  });

  it('each theme draws a keyboard focus ring of at least 3:1 on the white page', async () => {
    const { page, context } = await newPage(browser);
    const hex = (rgb: string) =>
      `#${(rgb.match(/\d+/g) ?? [])
        .slice(0, 3)
        .map((n) => Number(n).toString(16).padStart(2, '0'))
        .join('')}`;
    for (const theme of THEME_NAMES) {
      const org = ORGANIZATIONS.find((o) => o.theme === theme)!;
      await page.goto(portalUrl(org.segment));
      await page.getByRole('main').getByRole('button').first().waitFor();
      // Tab from the top of the page to the first control of the content, as a keyboard user does
      // (so :focus-visible applies).
      for (let i = 0; i < 60; i += 1) {
        await page.keyboard.press('Tab');
        if (await page.evaluate(() => Boolean(document.activeElement?.closest('main')))) break;
      }
      const ring = await page.evaluate(() => {
        if (!document.activeElement?.closest('main')) return null;
        const style = getComputedStyle(document.activeElement!);
        return { outline: style.outlineColor, width: style.outlineWidth, halo: style.boxShadow };
      });
      if (!ring) throw new Error(`${theme}: Tab never reached the page's content`);
      expect(contrastRatio(hex(ring.outline), '#FFFFFF'), theme).toBeGreaterThanOrEqual(3);
      expect(parseFloat(ring.width), theme).toBeGreaterThanOrEqual(2);
      expect(ring.halo, theme).toContain('rgb(255, 255, 255)');
    }
    await context.close();
  });
});
