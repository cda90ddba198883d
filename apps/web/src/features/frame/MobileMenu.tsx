import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import type { NavigationItem } from '../../lib/brand/assets';
import { MOBILE_MENU_MAX_HEIGHT_PX, MOBILE_SUBMENU_MAX_HEIGHT_PX } from './constants';
import { Chevron, Icon } from './icons';
import { LinkItems } from './LinkItems';
import { useOutsideClick } from './useOutsideClick';

const ROW = 'flex w-full items-center justify-between px-4 py-3 text-left';

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
  const [section, setSection] = useState<string | null>(null);
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
        onClick={() => setOpen(!open)}
      >
        <Icon name={open ? 'close' : 'menu'} className="h-6 w-6" />
        Menú
      </button>
      <div
        id={panelId}
        hidden={!open}
        className="absolute top-full right-0 left-0 z-30 max-h-[calc(100vh-7rem)] overflow-y-auto border-t border-gray-200 bg-white shadow-lg"
      >
        <ul className="divide-y divide-gray-100">
          {items.map((item) =>
            item.subItems?.length ? (
              <Section
                key={item.label}
                item={item}
                maxHeight={MOBILE_MENU_MAX_HEIGHT_PX}
                expanded={section === item.label}
                onToggle={() => setSection(section === item.label ? null : item.label)}
                className="font-semibold text-secondary"
              >
                <SubList items={item.subItems} />
              </Section>
            ) : (
              <li key={item.label}>
                <a href={item.url} className={`${ROW} font-semibold text-secondary`}>
                  {item.label}
                </a>
              </li>
            ),
          )}
        </ul>
        {footer && <div className="border-t border-gray-200 bg-light px-4 py-4">{footer}</div>}
      </div>
    </div>
  );
}

/** The second level: plain links, and sub-menus that open as a nested accordion. */
function SubList({ items }: { items: readonly NavigationItem[] }) {
  const [open, setOpen] = useState<string | null>(null);
  return (
    <ul className="bg-light/60 pb-2">
      {items.map((entry, i) =>
        entry.separator ? (
          <li
            key={`separator-${i}`}
            role="separator"
            className="mx-4 my-1 border-t border-gray-200"
          />
        ) : entry.subMenu && entry.subItems?.length ? (
          <Section
            key={entry.label}
            item={entry}
            maxHeight={MOBILE_SUBMENU_MAX_HEIGHT_PX}
            expanded={open === entry.label}
            onToggle={() => setOpen(open === entry.label ? null : entry.label)}
            className="pl-8 text-sm"
          >
            <ul>
              <LinkItems
                links={entry.subItems}
                className="block py-2 pr-4 pl-12 text-sm hover:text-primary"
              />
            </ul>
          </Section>
        ) : (
          <li key={entry.label}>
            <a href={entry.url} className="block py-2 pr-4 pl-8 text-sm hover:text-primary">
              {entry.label}
            </a>
          </li>
        ),
      )}
    </ul>
  );
}

interface SectionProps {
  item: NavigationItem;
  expanded: boolean;
  onToggle: () => void;
  maxHeight: number;
  className: string;
  children: ReactNode;
}

function Section({ item, expanded, onToggle, maxHeight, className, children }: SectionProps) {
  const id = useId();
  return (
    <li>
      <button
        type="button"
        aria-expanded={expanded}
        aria-controls={id}
        onClick={onToggle}
        className={`${ROW} ${className}`}
      >
        {item.label}
        <Chevron open={expanded} />
      </button>
      <div
        id={id}
        inert={!expanded}
        style={{ maxHeight: expanded ? maxHeight : 0 }}
        className="overflow-hidden transition-[max-height] duration-300 ease-in-out motion-reduce:transition-none"
      >
        {children}
      </div>
    </li>
  );
}
