import { describe, expect, it } from 'vitest';
import { contrastRatio, relativeLuminance } from './color';
import { THEME_NAMES, THEMES, themeCssVariables } from './themes';

const AA = 4.5;

describe('contrastRatio', () => {
  it('is 21 for black on white and 1 for equal colours', () => {
    expect(contrastRatio('#000000', '#FFFFFF')).toBeCloseTo(21, 5);
    expect(contrastRatio('#fff', '#FFFFFF')).toBeCloseTo(1, 5);
    expect(relativeLuminance('#FFFFFF')).toBeCloseTo(1, 5);
  });

  it('refuses a value that is not a colour', () => {
    expect(() => contrastRatio('blue', '#fff')).toThrow();
  });
});

describe.each(THEME_NAMES)('theme %s', (name) => {
  const t = THEMES[name];

  it('has six hex colours', () => {
    expect(Object.keys(t).sort()).toEqual([
      'background',
      'complementary',
      'light',
      'primary',
      'secondary',
      'text',
    ]);
    for (const value of Object.values(t)) expect(value).toMatch(/^#[0-9A-F]{6}$/);
  });

  it('meets WCAG AA for the pairs it is used in', () => {
    expect(contrastRatio(t.text, t.background)).toBeGreaterThanOrEqual(AA);
    expect(contrastRatio('#FFFFFF', t.primary)).toBeGreaterThanOrEqual(AA);
    expect(contrastRatio('#FFFFFF', t.secondary)).toBeGreaterThanOrEqual(AA);
    expect(contrastRatio(t.text, t.light)).toBeGreaterThanOrEqual(AA);
    expect(contrastRatio(t.text, t.complementary)).toBeGreaterThanOrEqual(AA);
    expect(contrastRatio(t.primary, t.light)).toBeGreaterThanOrEqual(AA);
    expect(contrastRatio(t.primary, t.background)).toBeGreaterThanOrEqual(AA);
  });

  it('draws a keyboard focus ring of at least 3:1 on the page and on its bands', () => {
    // styles.css: the ring is the secondary colour on the page, with a white halo on the bands.
    expect(contrastRatio(t.secondary, t.background)).toBeGreaterThanOrEqual(3);
    expect(contrastRatio(t.secondary, t.light)).toBeGreaterThanOrEqual(3);
    expect(contrastRatio('#FFFFFF', t.primary)).toBeGreaterThanOrEqual(3);
    expect(contrastRatio('#FFFFFF', t.secondary)).toBeGreaterThanOrEqual(3);
  });

  it('exposes CSS variables', () => {
    expect(themeCssVariables(name)['--color-primary']).toBe(t.primary);
  });
});

it('gives health blue, labour-insurance green and services purple', () => {
  const hue = (hex: string) => {
    const [r, g, b] = [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16));
    return { r: r ?? 0, g: g ?? 0, b: b ?? 0 };
  };
  const salud = hue(THEMES.salud.primary);
  const seguro = hue(THEMES.seguro.primary);
  const servicios = hue(THEMES.servicios.primary);
  expect(salud.b).toBeGreaterThan(Math.max(salud.r, salud.g));
  expect(seguro.g).toBeGreaterThan(Math.max(seguro.r, seguro.b));
  expect(servicios.r).toBeGreaterThan(servicios.g);
  expect(servicios.b).toBeGreaterThan(servicios.g);
});
