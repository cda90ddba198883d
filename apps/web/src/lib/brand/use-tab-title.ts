import { useEffect } from 'react';
import { useBrand } from './brand-context';

/**
 * Each page's own title in the browser tab, its history and a screen reader's list of windows
 * (issue 22), set by the page's route module; the title the tab had is put back when the page
 * goes (the home page's, which applyBrand sets at the start: the home route, in the first load,
 * needs no code for it). Never a code or anything else of a complaint: the browser's history keeps
 * titles after "Salir". Its own module, out of the first load of `/`.
 */
export function useTabTitle(title: string): void {
  useEffect(() => {
    const before = document.title;
    document.title = title;
    return () => {
      document.title = before;
    };
  }, [title]);
}

/** A portal page's title: "{page} · {organisation}", as applyBrand's "Canal de denuncias · …". */
export function usePortalTabTitle(page: string): void {
  useTabTitle(`${page} | ${useBrand().organization.shortName}`);
}

/** What a back-office route declares in its `handle`: its name in the tab. */
export interface TitledHandle {
  title: string;
}
