import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { vi } from 'vitest';
import type { Organization } from '@canal/shared';
import { BrandProvider } from '../lib/brand/BrandProvider';

/** Renders inside the brand of `organization`. */
export function renderWithBrand(ui: ReactElement, organization: Organization) {
  return render(<BrandProvider organization={organization}>{ui}</BrandProvider>);
}

/** jsdom has no layout: pretend the window is at least 1024 px wide (or not). */
export function stubDesktopWidth(desktop: boolean) {
  vi.stubGlobal(
    'matchMedia',
    vi.fn((query: string) => ({
      matches: desktop,
      media: query,
      onchange: null,
      addEventListener: vi.fn(),
      removeEventListener: vi.fn(),
      addListener: vi.fn(),
      removeListener: vi.fn(),
      dispatchEvent: vi.fn(),
    })),
  );
}
