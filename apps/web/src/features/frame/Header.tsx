import type { ReactNode } from 'react';
import { useBrandAssets, type BrandAssets } from '../../lib/brand/assets';
import { DesktopMenu } from './DesktopMenu';
import { IngresaDropdown } from './IngresaDropdown';
import { LinkItems } from './LinkItems';
import { Logo } from './Logo';
import { MobileMenu } from './MobileMenu';
import { PhoneLines } from './PhoneLines';

const CONTAINER = 'mx-auto flex w-full max-w-6xl items-center px-4';

/**
 * SPEC §2 header: a band with the phone lines and the variant's own actions, then the logo and the
 * menus (hover dropdowns from 1024 px, an accordion below). Everything shown comes from the brand
 * assets; the variants only choose which actions sit in the band.
 */
function HeaderFrame({
  assets,
  actions,
  mobileExtras,
}: {
  assets: BrandAssets;
  actions: ReactNode;
  mobileExtras: ReactNode;
}) {
  return (
    <header className="relative z-20 bg-white shadow-sm">
      <div className="bg-secondary text-sm text-white">
        <div
          className={`${CONTAINER} min-h-10 justify-between gap-x-5 gap-y-1 py-1.5 max-md:flex-wrap md:justify-end`}
        >
          {/* Narrow screens keep the first line (the call centre) in the band; all lines are in the menu. */}
          <PhoneLines phones={assets.phones} compact className="max-md:[&>li+li]:hidden" />
          {actions}
        </div>
      </div>
      <div className="relative">
        <div className={`${CONTAINER} min-h-16 justify-between gap-4 py-2 lg:min-h-20`}>
          <Logo assets={assets} />
          <DesktopMenu items={assets.menu} />
          <MobileMenu
            items={assets.menu}
            footer={
              <div className="space-y-3 text-sm">
                <PhoneLines phones={assets.phones} className="flex-col text-secondary" />
                {mobileExtras}
              </div>
            }
          />
        </div>
      </div>
    </header>
  );
}

/** Group companies: the "INGRESA" dropdown sits in the band. */
export function CorporateHeader() {
  const assets = useBrandAssets();
  return (
    <HeaderFrame
      assets={assets}
      actions={assets.ingresa && <IngresaDropdown ingresa={assets.ingresa} />}
      mobileExtras={null}
    />
  );
}

/** Clinics and their network: the patient shortcuts (booking, results, portal) sit in the band. */
export function ClinicHeader() {
  const assets = useBrandAssets();
  const shortcuts = assets.patientLinks ?? [];
  const list = (className: string) =>
    shortcuts.length > 0 && (
      <ul className={className} aria-label="Accesos para pacientes">
        <LinkItems links={shortcuts} className="font-semibold hover:underline" />
      </ul>
    );
  return (
    <HeaderFrame
      assets={assets}
      actions={list('flex gap-4 max-md:hidden')}
      mobileExtras={list('flex flex-col gap-2 text-secondary')}
    />
  );
}
