import type { CSSProperties } from 'react';
import type { BrandAssets } from '../../lib/brand/assets';

/** The header logo, at its mobile size below 1024 px and its own size above (SPEC §3 "Branding"). */
export function Logo({
  assets,
}: {
  assets: Pick<BrandAssets, 'headerLogo' | 'logoAlt' | 'siteUrl'>;
}) {
  const { url, width, height, mobileHeight, mobileWidth } = assets.headerLogo;
  const sizes = {
    '--logo-h': height ? `${height}px` : 'auto',
    '--logo-w': width ? `${width}px` : 'auto',
    '--logo-mh': mobileHeight ? `${mobileHeight}px` : height ? `${height}px` : 'auto',
    '--logo-mw': mobileWidth ? `${mobileWidth}px` : width ? `${width}px` : 'auto',
  } as CSSProperties;
  return (
    <a
      href={assets.siteUrl}
      className="shrink-0 rounded"
      aria-label={`${assets.logoAlt}, sitio principal`}
    >
      <img
        src={url}
        alt={assets.logoAlt}
        width={width}
        height={height}
        style={sizes}
        className="h-[var(--logo-mh)] w-[var(--logo-mw)] lg:h-[var(--logo-h)] lg:w-[var(--logo-w)]"
      />
    </a>
  );
}
