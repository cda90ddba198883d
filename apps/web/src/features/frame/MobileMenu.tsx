import { lazy, Suspense, useEffect, useId, useRef, useState, type ReactNode } from 'react';
import type { NavigationItem } from '../../lib/brand/assets';
import { Icon } from './icons';
import { useOutsideClick } from './useOutsideClick';

// The accordion loads on the first opening (decision 0026, round 2); the panel's frame, its
// footer slot and the button are here from the start.
const loadItems = () => import('./MobileMenuItems');
const MobileMenuItems = lazy(() => loadItems().then((m) => ({ default: m.MobileMenuItems })));
// A pointer over the button or the focus on it starts the download before the click.
const preloadItems = () => void loadItems();

/**
 * SPEC §2 mobile accordion menu (below 1024 px): two levels of expansion, an optional footer slot,
 * and a click anywhere outside closes it. Collapsed sections stay in the page (so max-height can
 * animate) but are `inert`, out of the tab order and of the accessibility tree.
 */
export function MobileMenu({
  items,
  footer,
}: {
  items: readonly NavigationItem[];
  footer?: ReactNode;
}) {
  const [open, setOpen] = useState(false);
  // Once opened, the items stay in the page (closed sections keep their state, as before).
  const [opened, setOpened] = useState(false);
  const root = useRef<HTMLDivElement>(null);
  const toggle = useRef<HTMLButtonElement>(null);
  const panelId = useId();

  useOutsideClick(open, root, setOpen);
  useEffect(() => {
    if (!open) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        setOpen(false);
        toggle.current?.focus();
      }
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [open]);

  return (
    <div ref={root} className="lg:hidden">
      <button
        ref={toggle}
        type="button"
        aria-expanded={open}
        aria-controls={panelId}
        className="flex items-center gap-2 rounded-md px-3 py-2 font-semibold text-secondary hover:bg-light"
        onPointerEnter={preloadItems}
        onFocus={preloadItems}
        onClick={() => {
          setOpened(true);
          setOpen(!open);
        }}
      >
        <Icon name={open ? 'close' : 'menu'} className="h-6 w-6" />
        Menú
      </button>
      <div
        id={panelId}
        hidden={!open}
        className="absolute top-full right-0 left-0 z-30 max-h-[calc(100vh-7rem)] overflow-y-auto border-t border-gray-200 bg-white shadow-lg"
      >
        {opened && (
          <Suspense fallback={null}>
            <MobileMenuItems items={items} />
          </Suspense>
        )}
        {footer && <div className="border-t border-gray-200 bg-light px-4 py-4">{footer}</div>}
      </div>
    </div>
  );
}
