import type { ReactNode } from 'react';
import { useScrollFocus } from '../../../components/useScrollFocus';

/**
 * A column header: its text, or its text, the classes of its cells (e.g. `text-right`) and, for
 * a table sorted by it, `sort` (the header's `aria-sort`).
 */
export type Column =
  ReactNode | { label: ReactNode; className?: string; sort?: 'ascending' | 'descending' | 'none' };

const isLabelled = (
  c: Column,
): c is { label: ReactNode; className?: string; sort?: 'ascending' | 'descending' | 'none' } =>
  typeof c === 'object' && c !== null && 'label' in c;

/**
 * The back office's tables: they scroll sideways on a narrow screen (`minWidth` is the table's
 * Tailwind min-width class), say what they hold in a caption for screen readers, and head each
 * column; the rows are the children. A column given as `false` is left out.
 */
export function StaffTable({
  caption,
  columns,
  minWidth,
  frame = 'rounded-lg border border-gray-200 bg-white shadow-sm',
  children,
}: {
  caption: ReactNode;
  columns: readonly (Column | false)[];
  minWidth: string;
  /** The classes of the scrolling frame around the table. */
  frame?: string;
  children: ReactNode;
}) {
  // A table wider than the screen scrolls inside its frame; the keyboard can then scroll it too.
  const [scrollBox, scrollTabIndex] = useScrollFocus<HTMLDivElement>('x');
  return (
    // `relative`: a visually hidden header (sr-only, absolutely positioned) of a column past the
    // frame's edge would otherwise escape the scrolling frame and widen the whole page.
    <div
      ref={scrollBox}
      tabIndex={scrollTabIndex}
      role={scrollTabIndex === undefined ? undefined : 'group'}
      aria-label={scrollTabIndex === undefined ? undefined : 'Tabla desplazable'}
      className={`relative overflow-x-auto ${frame}`}
    >
      <table className={`w-full ${minWidth} text-left text-sm`}>
        <caption className="sr-only">{caption}</caption>
        <thead className="bg-light text-secondary">
          <tr>
            {columns.map((column, i) =>
              column === false ? null : (
                <th
                  key={i}
                  scope="col"
                  aria-sort={isLabelled(column) ? column.sort : undefined}
                  className={`px-3 py-2 ${isLabelled(column) ? (column.className ?? '') : ''}`}
                >
                  {isLabelled(column) ? column.label : column}
                </th>
              ),
            )}
          </tr>
        </thead>
        <tbody>{children}</tbody>
      </table>
    </div>
  );
}
