import type { Locator, Page } from 'playwright-core';

/** A block of the detail page ("Información del denunciante", "Bitácora" …) by its heading. */
export const block = (page: Page, title: string): Locator =>
  page.getByRole('region', { name: title, exact: true });

/** The value shown beside a label of a detail block (`<dt>label</dt><dd>value</dd>`). */
export async function fieldValue(section: Locator, label: string): Promise<string> {
  const dd = section
    .locator('dt', { hasText: new RegExp(`^${label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`) })
    .locator('xpath=following-sibling::dd[1]');
  return ((await dd.textContent()) ?? '').trim();
}
