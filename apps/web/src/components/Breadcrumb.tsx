import { Link } from 'react-router';

export interface Crumb {
  label: string;
  to?: string;
}

/** SPEC §2: "Inicio" › "Canal de denuncias" (both to /) then the page's crumbs; the last is not a link. */
export const DEFAULT_CRUMBS: Crumb[] = [
  { label: 'Inicio', to: '/' },
  { label: 'Canal de denuncias', to: '/' },
];

/**
 * On narrow screens, with more than 2 crumbs, only the first, "..." and the last show (SPEC §2);
 * the full trail stays for wider screens.
 */
export function Breadcrumb({ crumbs = [] }: { crumbs?: Crumb[] }) {
  const all = [...DEFAULT_CRUMBS, ...crumbs];
  const collapsible = all.length > 2;
  return (
    <nav aria-label="Ruta de navegación" className="mx-auto w-full max-w-6xl px-4 py-3 text-sm">
      <ol className="flex flex-wrap items-center gap-1">
        {all.map((crumb, i) => {
          const last = i === all.length - 1;
          const hiddenOnNarrow = collapsible && i > 0 && !last;
          return (
            <li
              key={`${crumb.label}-${i}`}
              className={`items-center gap-1 ${hiddenOnNarrow ? 'hidden md:flex' : 'flex'}`}
            >
              {i > 0 && <span aria-hidden="true">›</span>}
              {last || !crumb.to ? (
                <span aria-current={last ? 'page' : undefined} className="font-semibold">
                  {crumb.label}
                </span>
              ) : (
                <Link className="text-primary underline" to={crumb.to}>
                  {crumb.label}
                </Link>
              )}
              {collapsible && i === 0 && (
                <span
                  className="flex items-center gap-1 md:hidden"
                  data-testid="breadcrumb-ellipsis"
                >
                  <span aria-hidden="true">›</span>
                  <span>...</span>
                </span>
              )}
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
