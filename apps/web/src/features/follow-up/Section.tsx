import type { ReactNode } from 'react';
import type { LabelledValue } from '@canal/shared/summary/fields';

/** A titled card of the detail page. */
export function Section({
  title,
  action,
  children,
}: {
  title: string;
  action?: ReactNode;
  children: ReactNode;
}) {
  const headingId = `seccion-${title.toLowerCase().replace(/[^a-z0-9]+/g, '-')}`;
  return (
    <section
      aria-labelledby={headingId}
      className="rounded-lg border border-gray-200 bg-white p-4 shadow-sm md:p-6"
    >
      <div className="mb-4 flex flex-wrap items-center justify-between gap-3">
        <h2 id={headingId} className="text-lg font-bold text-secondary md:text-xl">
          {title}
        </h2>
        {action}
      </div>
      {children}
    </section>
  );
}

/** Label/value pairs in one column on phones, two or three on wider screens. */
export function FieldList({ fields, columns = 3 }: { fields: LabelledValue[]; columns?: 2 | 3 }) {
  return (
    <dl
      className={`grid grid-cols-1 gap-x-6 gap-y-3 sm:grid-cols-2 ${columns === 3 ? 'lg:grid-cols-3' : ''}`}
    >
      {fields.map(({ label, value }) => (
        <div key={label} className="min-w-0">
          <dt className="text-sm font-semibold text-gray-600">{label}</dt>
          <dd className="break-words">{value}</dd>
        </div>
      ))}
    </dl>
  );
}
