import { createContext, useContext, useEffect } from 'react';
import { portalTabTitle, useBrand } from './brand-context';

/**
 * Each page's own title in the browser tab, its history and a screen reader's list of windows
 * (issue 22), set by the page's route module; when the page goes, the tab gets `after` back (by
 * default the title it had). Never a code or anything else of a complaint: the browser's history
 * keeps titles after "Salir".
 */
export function useTabTitle(title: string, after?: string): void {
  useEffect(() => {
    const before = after ?? document.title;
    document.title = title;
    return () => {
      document.title = before;
    };
  }, [title, after]);
}

/**
 * On the server (entry-server.tsx): where the page being rendered leaves its title, which the
 * server writes into the document's <title> (decision 0078), so the tab shows it before the
 * page's code has come. Null in the browser, where the effect sets it.
 */
export const ServerTabTitle = createContext<((title: string) => void) | null>(null);

/**
 * A portal page's title (portalTabTitle). A page the server wrote arrives with it (applyBrand keeps
 * it), so the home page's is put back when the page goes, not the title the tab had.
 */
export function usePortalTabTitle(page: string): void {
  const { organization } = useBrand();
  const title = portalTabTitle(organization, page);
  useContext(ServerTabTitle)?.(title);
  useTabTitle(title, portalTabTitle(organization));
}

/** What a back-office route declares in its `handle`: its name in the tab. */
export interface TitledHandle {
  title: string;
}
