import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import type { NavigationItem } from '../../lib/brand/assets';
import {
  DESKTOP_MEDIA_QUERY,
  MENU_CLOSE_DELAY_MS,
  WIDE_DROPDOWN_MIN_COLUMNS,
  WIDE_DROPDOWN_SHIFT_PX,
} from './constants';
import { Chevron, Icon } from './icons';
import { LinkItems } from './LinkItems';
import { isDesktopWidth, splitColumns } from './menu-columns';

const LINK = 'block rounded px-3 py-2 text-sm text-text hover:bg-light hover:text-primary';

function focusFirstLink(container: HTMLElement | null) {
  container?.querySelector<HTMLElement>('a, button')?.focus();
}

/**
 * A panel opened from the keyboard (ArrowDown/ArrowRight sets `focusOnOpenRef`) puts the focus on its
 * first link once it is shown; one opened by the pointer leaves the focus where it is.
 */
function useFocusFirstOnOpen<T extends HTMLElement>(open: boolean) {
  const panel = useRef<T>(null);
  const focusOnOpen = useRef(false);
  useEffect(() => {
    if (open && focusOnOpen.current) focusFirstLink(panel.current);
    focusOnOpen.current = false;
  }, [open]);
  return [panel, focusOnOpen] as const;
}

/**
 * SPEC §2 desktop dropdown menu. From 1024 px it opens on hover and closes 100 ms after the pointer
 * leaves; it is also a keyboard disclosure: Enter/Space/ArrowDown open, Esc closes and gives the
 * focus back to the trigger.
 */
export function DesktopMenu({
  items,
  label = 'Menú principal',
}: {
  items: readonly NavigationItem[];
  label?: string;
}) {
  const [openIndex, setOpenIndex] = useState<number | null>(null);
  const closeTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const openedByHover = useRef(false);

  useEffect(() => () => clearTimeout(closeTimer.current), []);

  const cancelClose = () => clearTimeout(closeTimer.current);
  const hoverOpen = (index: number) => {
    if (!isDesktopWidth(DESKTOP_MEDIA_QUERY)) return;
    cancelClose();
    openedByHover.current = true;
    setOpenIndex(index);
  };
  const hoverClose = () => {
    if (!isDesktopWidth(DESKTOP_MEDIA_QUERY)) return;
    cancelClose();
    closeTimer.current = setTimeout(() => setOpenIndex(null), MENU_CLOSE_DELAY_MS);
  };

  return (
    <nav aria-label={label} className="hidden lg:block">
      <ul className="flex items-center gap-1">
        {items.map((item, index) =>
          item.subItems?.length ? (
            <Dropdown
              key={item.label}
              item={item}
              open={openIndex === index}
              onHoverOpen={() => hoverOpen(index)}
              onHoverClose={hoverClose}
              onToggle={(next) => {
                cancelClose();
                // A click on a trigger the pointer has just opened keeps it open instead of closing it.
                if (!next && openedByHover.current && openIndex === index) {
                  openedByHover.current = false;
                  return;
                }
                openedByHover.current = false;
                setOpenIndex(next ? index : null);
              }}
            />
          ) : (
            <li key={item.label}>
              <a
                href={item.url}
                className="block rounded px-3 py-2 font-semibold text-secondary hover:bg-light"
              >
                {item.label}
              </a>
            </li>
          ),
        )}
      </ul>
    </nav>
  );
}

interface DropdownProps {
  item: NavigationItem;
  open: boolean;
  onHoverOpen: () => void;
  onHoverClose: () => void;
  onToggle: (open: boolean) => void;
}

function Dropdown({ item, open, onHoverOpen, onHoverClose, onToggle }: DropdownProps) {
  const id = useId();
  const trigger = useRef<HTMLButtonElement>(null);
  const [panelRef, focusOnOpenRef] = useFocusFirstOnOpen<HTMLDivElement>(open);
  const columns = splitColumns(item.subItems ?? []);
  const wide = columns.length >= WIDE_DROPDOWN_MIN_COLUMNS;

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Escape' && open) {
      event.preventDefault();
      onToggle(false);
      trigger.current?.focus();
    }
  };

  return (
    <li
      className="relative"
      onMouseEnter={onHoverOpen}
      onMouseLeave={onHoverClose}
      onKeyDown={onKeyDown}
      onBlur={(event) => {
        // Tabbing out of the dropdown closes it, as leaving it with the pointer does.
        if (open && !event.currentTarget.contains(event.relatedTarget as Node | null))
          onToggle(false);
      }}
    >
      <button
        ref={trigger}
        type="button"
        aria-expanded={open}
        aria-controls={id}
        className="flex items-center gap-1 rounded px-3 py-2 font-semibold text-secondary hover:bg-light aria-expanded:bg-light"
        onClick={() => onToggle(!open)}
        onKeyDown={(event) => {
          if (event.key === 'ArrowDown') {
            event.preventDefault();
            focusOnOpenRef.current = true;
            if (open) focusFirstLink(panelRef.current);
            else onToggle(true);
          }
        }}
      >
        {item.label}
        <Chevron open={open} />
      </button>
      <div
        ref={panelRef}
        id={id}
        hidden={!open}
        data-columns={columns.length}
        // SPEC §2: three or more columns would run off the right edge, so the panel moves left.
        style={wide ? { left: -WIDE_DROPDOWN_SHIFT_PX } : undefined}
        className="absolute top-full left-0 z-30 mt-1 rounded-md border border-gray-200 bg-white p-3 shadow-lg"
      >
        <div className="flex gap-4">
          {columns.map((column, i) => (
            <ul key={i} className="w-56" data-testid="menu-column">
              {column.map((entry) =>
                entry.subMenu && entry.subItems?.length ? (
                  <Flyout key={entry.label} item={entry} />
                ) : (
                  <li key={entry.label}>
                    <a href={entry.url} className={LINK}>
                      {entry.label}
                    </a>
                  </li>
                ),
              )}
            </ul>
          ))}
        </div>
      </div>
    </li>
  );
}

/** Second-level flyout: opens to the right on hover, or with Enter/Space/ArrowRight. */
function Flyout({ item }: { item: NavigationItem }) {
  const id = useId();
  const [open, setOpen] = useState(false);
  const trigger = useRef<HTMLButtonElement>(null);
  const [panelRef, focusOnOpenRef] = useFocusFirstOnOpen<HTMLUListElement>(open);

  const close = (event: KeyboardEvent) => {
    event.preventDefault();
    // Only this level closes; the dropdown around it stays open.
    event.stopPropagation();
    setOpen(false);
    trigger.current?.focus();
  };

  return (
    <li
      className="relative"
      onMouseEnter={() => isDesktopWidth(DESKTOP_MEDIA_QUERY) && setOpen(true)}
      onMouseLeave={() => isDesktopWidth(DESKTOP_MEDIA_QUERY) && setOpen(false)}
      onKeyDown={(event) => {
        if (open && (event.key === 'Escape' || event.key === 'ArrowLeft')) close(event);
      }}
    >
      <button
        ref={trigger}
        type="button"
        aria-expanded={open}
        aria-controls={id}
        className={`${LINK} flex w-full items-center justify-between text-left`}
        onClick={() => setOpen(!open)}
        onKeyDown={(event) => {
          if (event.key === 'ArrowRight') {
            event.preventDefault();
            focusOnOpenRef.current = true;
            setOpen(true);
          }
        }}
      >
        {item.label}
        <Icon name="chevronRight" className="h-4 w-4" />
      </button>
      <ul
        ref={panelRef}
        id={id}
        hidden={!open}
        className="absolute top-0 left-full z-40 ml-1 w-56 rounded-md border border-gray-200 bg-white p-2 shadow-lg"
      >
        <LinkItems links={item.subItems ?? []} className={LINK} />
      </ul>
    </li>
  );
}
