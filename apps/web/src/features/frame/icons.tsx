import type { ClinicLinkType } from '../../lib/brand/assets';

// Inline, hand-drawn 24×24 icons: an icon library would cost more first-load bytes than the frame.
// All are decorative (aria-hidden); the link or button around them carries the accessible name.

const PATHS = {
  chevron: 'M6 9l6 6 6-6',
  chevronRight: 'M9 6l6 6-6 6',
  menu: 'M4 7h16M4 12h16M4 17h16',
  close: 'M6 6l12 12M18 6L6 18',
  phone: 'M5 4h4l2 5-3 2a11 11 0 005 5l2-3 5 2v4a2 2 0 01-2 2A17 17 0 013 6a2 2 0 012-2z',
  location:
    'M12 21s-7-6.5-7-12a7 7 0 0114 0c0 5.5-7 12-7 12zM12 11.5a2.5 2.5 0 100-5 2.5 2.5 0 000 5z',
  facebook: 'M14 8h3V4h-3a4 4 0 00-4 4v3H7v4h3v6h4v-6h3l1-4h-4V8z',
  instagram:
    'M8 3h8a5 5 0 015 5v8a5 5 0 01-5 5H8a5 5 0 01-5-5V8a5 5 0 015-5zM12 16a4 4 0 100-8 4 4 0 000 8zM17.5 6.5h0',
  linkedin:
    'M4 9h4v11H4zM6 3.5a2 2 0 110 4 2 2 0 010-4zM10 9h4v2c1-1.5 2.3-2.3 4-2.3 2.5 0 3 1.8 3 4.3v7h-4v-6c0-1.3-.3-2.3-1.6-2.3S14 12.7 14 14v6h-4z',
  twitter: 'M4 4l16 16M20 4L4 20',
  youtube: 'M3 8a3 3 0 013-3h12a3 3 0 013 3v8a3 3 0 01-3 3H6a3 3 0 01-3-3zM10 9v6l5-3z',
} as const;

export type IconName = keyof typeof PATHS;

// Brand marks are filled shapes; the rest are strokes.
const FILLED: ReadonlySet<IconName> = new Set<IconName>(['facebook', 'linkedin']);

export function Icon({
  name,
  className = 'h-5 w-5',
}: {
  name: IconName | ClinicLinkType;
  className?: string;
}) {
  const filled = FILLED.has(name);
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
      <path d={PATHS[name]} />
    </svg>
  );
}

/** The disclosure chevron of every menu and collapsible: it turns over while its panel is open. */
export function Chevron({ open }: { open: boolean }) {
  return (
    <Icon name="chevron" className={`h-4 w-4 transition-transform ${open ? 'rotate-180' : ''}`} />
  );
}
