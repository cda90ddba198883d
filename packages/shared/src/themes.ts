// The three brand themes (SPEC §3): health (blue), labour insurance (green), services (purple).
// Colours are original to this project and meet WCAG AA: white on primary and on secondary, text on
// background, on light and on complementary, and primary on light all reach 4.5:1 (see the test).

export type ThemeName = 'salud' | 'seguro' | 'servicios';

export interface ThemeColors {
  /** Buttons, links, headings; white text goes on it. */
  primary: string;
  /** Darker shade: hover states, header and footer bands; white text goes on it. */
  secondary: string;
  /** Accent for decorations and highlighted backgrounds; dark text goes on it. */
  complementary: string;
  /** Body text. */
  text: string;
  /** Page background. */
  background: string;
  /** Tinted background for panels and cards. */
  light: string;
}

export const THEME_NAMES = ['salud', 'seguro', 'servicios'] as const satisfies readonly ThemeName[];

export const THEMES: Readonly<Record<ThemeName, Readonly<ThemeColors>>> = {
  salud: {
    primary: '#0B5CAD',
    secondary: '#073B74',
    complementary: '#38A3E0',
    text: '#1A2433',
    background: '#FFFFFF',
    light: '#EAF3FB',
  },
  seguro: {
    primary: '#1E6B35',
    secondary: '#124423',
    complementary: '#7CBF3F',
    text: '#1C2620',
    background: '#FFFFFF',
    light: '#EDF6EF',
  },
  servicios: {
    primary: '#5E2B87',
    secondary: '#3D1A5B',
    complementary: '#B083D6',
    text: '#231A2B',
    background: '#FFFFFF',
    light: '#F4EEFA',
  },
};

/** CSS custom properties of a theme, e.g. `--color-primary`, to set on the document root. */
export function themeCssVariables(theme: ThemeName): Record<string, string> {
  const colors = THEMES[theme];
  return Object.fromEntries(
    Object.entries(colors).map(([name, value]) => [`--color-${name}`, value]),
  );
}
