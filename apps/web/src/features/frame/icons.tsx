// Inline, hand-drawn 24×24 icons: an icon library would cost more first-load bytes than the frame.
// All are decorative (aria-hidden); the link or button around them carries the accessible name.
// The header's are here; the footer's links (social networks, the clinic's location) draw theirs
// from footer-icons.tsx, which loads with the footer, not with the first screen.

export const ICON_PATHS = {
  chevron: 'M6 9l6 6 6-6',
  chevronRight: 'M9 6l6 6-6 6',
  menu: 'M4 7h16M4 12h16M4 17h16',
  close: 'M6 6l12 12M18 6L6 18',
  phone: 'M5 4h4l2 5-3 2a11 11 0 005 5l2-3 5 2v4a2 2 0 01-2 2A17 17 0 013 6a2 2 0 012-2z',
} as const;

export type IconName = keyof typeof ICON_PATHS;

/** A 24×24 icon drawn from one path: a stroke, or a filled shape (brand marks). */
export function PathIcon({
  path,
  filled = false,
  className = 'h-5 w-5',
}: {
  path: string;
  filled?: boolean;
  className?: string;
}) {
  return (
    <svg
      aria-hidden="true"
      focusable="false"
      viewBox="0 0 24 24"
      className={`shrink-0 ${className}`}
      fill={filled ? 'currentColor' : 'none'}
      stroke={filled ? 'none' : 'currentColor'}
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
    >
      <path d={path} />
    </svg>
  );
}

export function Icon({ name, className }: { name: IconName; className?: string }) {
  return <PathIcon path={ICON_PATHS[name]} className={className} />;
}

/** The disclosure chevron of every menu and collapsible: it turns over while its panel is open. */
export function Chevron({ open }: { open: boolean }) {
  return (
    <Icon name="chevron" className={`h-4 w-4 transition-transform ${open ? 'rotate-180' : ''}`} />
  );
}
