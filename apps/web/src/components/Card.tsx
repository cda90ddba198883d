import type { ReactNode } from 'react';

/**
 * A white card that is a page section named by its heading (SPEC §2 home blocks, reset password).
 * `className` sets how the content is spaced.
 */
export function Card({
  titleId,
  title,
  className,
  children,
}: {
  titleId: string;
  title: ReactNode;
  className: string;
  children: ReactNode;
}) {
  return (
    <section
      aria-labelledby={titleId}
      className={`${className} rounded-lg border border-gray-200 bg-white p-5 shadow-sm md:p-6`}
    >
      <h2 id={titleId} className="text-xl font-bold text-secondary md:text-2xl">
        {title}
      </h2>
      {children}
    </section>
  );
}
