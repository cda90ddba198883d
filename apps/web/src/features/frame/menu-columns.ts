import type { NavigationItem } from '../../lib/brand/assets';

/** SPEC §2: a dropdown's items split into columns at each separator; empty columns are dropped. */
export function splitColumns(items: readonly NavigationItem[]): NavigationItem[][] {
  const columns: NavigationItem[][] = [[]];
  for (const item of items) {
    if (item.separator) columns.push([]);
    else columns[columns.length - 1]!.push(item);
  }
  return columns.filter((column) => column.length > 0);
}

/** True when the page is wide enough for hover menus (SPEC §2: from 1024 px). */
export function isDesktopWidth(query: string): boolean {
  return typeof window.matchMedia === 'function' && window.matchMedia(query).matches;
}
