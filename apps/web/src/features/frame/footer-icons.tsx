import type { ClinicLinkType } from '../../lib/brand/assets';
import { ICON_PATHS, PathIcon } from './icons';

// The footer's link icons (icons.tsx draws them): in the footer's chunk, out of the first load.
const PATHS: Readonly<Record<ClinicLinkType, string>> = {
  phone: ICON_PATHS.phone,
  location:
    'M12 21s-7-6.5-7-12a7 7 0 0114 0c0 5.5-7 12-7 12zM12 11.5a2.5 2.5 0 100-5 2.5 2.5 0 000 5z',
  facebook: 'M14 8h3V4h-3a4 4 0 00-4 4v3H7v4h3v6h4v-6h3l1-4h-4V8z',
  instagram:
    'M8 3h8a5 5 0 015 5v8a5 5 0 01-5 5H8a5 5 0 01-5-5V8a5 5 0 015-5zM12 16a4 4 0 100-8 4 4 0 000 8zM17.5 6.5h0',
  linkedin:
    'M4 9h4v11H4zM6 3.5a2 2 0 110 4 2 2 0 010-4zM10 9h4v2c1-1.5 2.3-2.3 4-2.3 2.5 0 3 1.8 3 4.3v7h-4v-6c0-1.3-.3-2.3-1.6-2.3S14 12.7 14 14v6h-4z',
  twitter: 'M4 4l16 16M20 4L4 20',
  youtube: 'M3 8a3 3 0 013-3h12a3 3 0 013 3v8a3 3 0 01-3 3H6a3 3 0 01-3-3zM10 9v6l5-3z',
};

// Brand marks are filled shapes; the rest are strokes.
const FILLED: ReadonlySet<ClinicLinkType> = new Set<ClinicLinkType>(['facebook', 'linkedin']);

/** The icon of a footer link, by its type. */
export function LinkIcon({ type, className }: { type: ClinicLinkType; className?: string }) {
  return <PathIcon path={PATHS[type]} filled={FILLED.has(type)} className={className} />;
}
