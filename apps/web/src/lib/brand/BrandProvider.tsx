import { useLayoutEffect, useMemo, useState, type ReactNode } from 'react';
import {
  featureFlags,
  organizationFromHost,
  themeCssVariables,
  type Organization,
} from '@canal/shared';
import { readRuntimeConfig } from '../../config/runtime-config';
import { Spinner } from '../../components/Spinner';
import { brandAssets } from './assets';
import { BrandContext, portalTabTitle, useBrand, type Brand } from './brand-context';

export { useBrand, type Brand };

/** SPEC §4: the organisation is chosen once, from the host, before anything else renders. */
export function resolveOrganization(
  location: Pick<Location, 'host' | 'search'> = window.location,
): Organization {
  const { portalPrefix, production } = readRuntimeConfig();
  return organizationFromHost(location.host, { portalPrefix, search: location.search, production });
}

export function applyTheme(org: Organization, root: HTMLElement = document.documentElement): void {
  for (const [name, value] of Object.entries(themeCssVariables(org.theme))) {
    root.style.setProperty(name.replace('--color-', '--brand-'), value);
  }
}

/**
 * SPEC §4: the choice also sets the browser tab icon; the tab title names the organisation, after
 * the home page's name (the other pages put theirs in its place: use-tab-title.ts). A page the
 * server wrote (decision 0078) came with its own title, which stays: the home page's in its place
 * would show until the page's code has hydrated it.
 */
function applyTabIdentity(org: Organization, doc: Document = document): void {
  // index.html's icon link (every page the server writes has it too).
  const icon = doc.querySelector<HTMLLinkElement>('link#favicon');
  if (icon) icon.href = brandAssets(org).favicon;
  if (!doc.querySelector('[data-ssr]')) doc.title = portalTabTitle(org);
}

/** Organisations whose theme and tab identity `applyBrand` has applied before React's first render. */
const applied = new WeakSet<Organization>();

/**
 * Chooses the organisation and applies its theme and tab identity before React renders anything
 * (main.tsx): the page's first render is then the frame itself, in one pass that React can split
 * into short tasks, instead of a spinner followed by a synchronous render of the whole page from
 * the provider's layout effect (decision 0026, round 4). Until then the page shows index.html's
 * own "Cargando" spinner.
 */
export function applyBrand(org: Organization = resolveOrganization()): Organization {
  applyTheme(org);
  applyTabIdentity(org);
  applied.add(org);
  return org;
}

export function BrandProvider({
  organization,
  children,
}: {
  organization?: Organization;
  children: ReactNode;
}) {
  const [org] = useState(() => organization ?? resolveOrganization());
  // On the server the page is written with the theme in its <html> (decision 0078).
  const [themed, setThemed] = useState(() => import.meta.env.SSR || applied.has(org));
  const value = useMemo<Brand>(
    () => ({ organization: org, featureFlags: featureFlags(org) }),
    [org],
  );
  useLayoutEffect(() => {
    applyBrand(org);
    // The flag records that an outside system (the document's CSS variables) is now in sync; it
    // flips once, before paint, so the spinner of SPEC §2 shows only until the theme is applied.
    // eslint-disable-next-line react-hooks/set-state-in-effect
    setThemed(true);
  }, [org]);
  // A spinner until the theme is applied (SPEC §2 "Shared frame").
  if (!themed) return <Spinner label="Cargando" />;
  return <BrandContext.Provider value={value}>{children}</BrandContext.Provider>;
}
