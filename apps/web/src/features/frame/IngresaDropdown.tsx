import { lazy, Suspense, useId, useRef, useState } from 'react';
import type { IngresaMenu } from '../../lib/brand/assets';
import { Chevron } from './icons';
import { useOutsideClick } from './useOutsideClick';

const VirtualPortalDialog = lazy(() => import('./VirtualPortalDialog'));

/** SPEC §2 "INGRESA": the virtual-portal popup (workers and companies) and the management site. */
export function IngresaDropdown({ ingresa }: { ingresa: IngresaMenu }) {
  const [open, setOpen] = useState(false);
  const [portalOpen, setPortalOpen] = useState(false);
  const root = useRef<HTMLDivElement>(null);
  const trigger = useRef<HTMLButtonElement>(null);
  const id = useId();

  useOutsideClick(open, root, setOpen);

  return (
    <div
      ref={root}
      className="relative"
      onKeyDown={(event) => {
        if (event.key === 'Escape' && open) {
          setOpen(false);
          trigger.current?.focus();
        }
      }}
    >
      <button
        ref={trigger}
        type="button"
        aria-expanded={open}
        aria-controls={id}
        onClick={() => setOpen(!open)}
        className="flex items-center gap-1 rounded bg-complementary px-3 py-1 text-sm font-bold tracking-wide text-text hover:brightness-110"
      >
        INGRESA
        <Chevron open={open} />
      </button>
      <ul
        id={id}
        hidden={!open}
        className="absolute top-full right-0 z-40 mt-1 w-60 rounded-md border border-gray-200 bg-white p-2 text-text shadow-lg"
      >
        <li>
          <button
            type="button"
            className="block w-full rounded px-3 py-2 text-left text-sm hover:bg-light hover:text-primary"
            onClick={() => {
              setOpen(false);
              // The dialog gives the focus back to what held it when it opened: the visible trigger.
              trigger.current?.focus();
              setPortalOpen(true);
            }}
          >
            {ingresa.portal.title}
          </button>
        </li>
        <li>
          <a
            href={ingresa.management.url}
            className="block rounded px-3 py-2 text-sm hover:bg-light hover:text-primary"
          >
            {ingresa.management.label}
          </a>
        </li>
      </ul>
      {portalOpen && (
        <Suspense fallback={null}>
          <VirtualPortalDialog portal={ingresa.portal} onClose={() => setPortalOpen(false)} />
        </Suspense>
      )}
    </div>
  );
}
