import { Fragment, useId, useState, type ReactNode } from 'react';
import type { NavigationItem } from '../../lib/brand/assets';
import { MOBILE_MENU_MAX_HEIGHT_PX, MOBILE_SUBMENU_MAX_HEIGHT_PX } from './constants';
import { Chevron } from './icons';
import { LinkItems } from './LinkItems';
import { splitColumns } from './menu-columns';

const ROW = 'flex w-full items-center justify-between px-4 py-3 text-left';

/**
 * The mobile menu's accordion (SPEC §2), in its own chunk: MobileMenu loads it on the menu's first
 * opening, so the first load of a page does not carry it (decision 0026, round 2).
 */
export function MobileMenuItems({ items }: { items: readonly NavigationItem[] }) {
  const [section, setSection] = useState<string | null>(null);
  return (
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
  );
}

/**
 * The second level: plain links, and sub-menus that open as a nested accordion. A separator
 * splits it into groups, each its own list, with the separator between them: a list holds only
 * its items (axe `list`, issue 22).
 */
function SubList({ items }: { items: readonly NavigationItem[] }) {
  const [open, setOpen] = useState<string | null>(null);
  return (
    <div className="bg-light/60 pb-2">
      {splitColumns(items).map((group, i) => (
        <Fragment key={i}>
          {i > 0 && <div role="separator" className="mx-4 my-1 border-t border-gray-200" />}
          <ul>
            {group.map((entry) => (
              <SubItem
                key={entry.label}
                entry={entry}
                expanded={open === entry.label}
                onToggle={() => setOpen(open === entry.label ? null : entry.label)}
              />
            ))}
          </ul>
        </Fragment>
      ))}
    </div>
  );
}

function SubItem({
  entry,
  expanded,
  onToggle,
}: {
  entry: NavigationItem;
  expanded: boolean;
  onToggle: () => void;
}) {
  return entry.subMenu && entry.subItems?.length ? (
    <Section
      item={entry}
      maxHeight={MOBILE_SUBMENU_MAX_HEIGHT_PX}
      expanded={expanded}
      onToggle={onToggle}
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
    <li>
      <a href={entry.url} className="block py-2 pr-4 pl-8 text-sm hover:text-primary">
        {entry.label}
      </a>
    </li>
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
