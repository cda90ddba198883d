/**
 * SPEC §2: a banner with a title and three decorative images. The images are drawn shapes in the
 * brand colours (no photographs to load), hidden from screen readers.
 */
export function Banner({ title }: { title: string }) {
  return (
    <section className="relative overflow-hidden bg-primary text-white">
      <div className="mx-auto flex max-w-6xl items-center justify-between gap-6 px-4 py-8 md:py-10">
        <h1 className="text-2xl font-bold md:text-4xl">{title}</h1>
        <div className="hidden gap-3 sm:flex" aria-hidden="true">
          <svg width="56" height="56" viewBox="0 0 56 56" role="presentation">
            <circle cx="28" cy="28" r="26" fill="var(--color-complementary)" opacity="0.9" />
            <path
              d="M18 30l7 7 13-16"
              stroke="white"
              strokeWidth="4"
              fill="none"
              strokeLinecap="round"
            />
          </svg>
          <svg width="56" height="56" viewBox="0 0 56 56" role="presentation">
            <rect x="6" y="10" width="44" height="36" rx="6" fill="var(--color-light)" />
            <path
              d="M14 20h28M14 28h28M14 36h18"
              stroke="var(--color-secondary)"
              strokeWidth="3"
              strokeLinecap="round"
            />
          </svg>
          <svg width="56" height="56" viewBox="0 0 56 56" role="presentation">
            <path
              d="M28 6l20 8v12c0 12-9 21-20 24C17 47 8 38 8 26V14z"
              fill="var(--color-secondary)"
            />
            <path d="M28 16v20M20 26h16" stroke="white" strokeWidth="4" strokeLinecap="round" />
          </svg>
        </div>
      </div>
    </section>
  );
}
