import type { ComponentType } from 'react';
import type { OrganizationFlagName } from '@canal/shared';
import { useBrand } from '../../lib/brand/BrandProvider';
import { ClinicHeader, CorporateHeader } from './Header';

/** Which header each organisation flag turns on (data: adding a brand adds a row, never an `if`). */
export const HEADER_BY_FLAG: Readonly<Record<OrganizationFlagName, ComponentType>> = {
  showHeadOffice: CorporateHeader,
  showCem: CorporateHeader,
  showServices: CorporateHeader,
  showOtec: CorporateHeader,
  showRcr: ClinicHeader,
  showClinicaAtacama: ClinicHeader,
  showClinicaDelSur: ClinicHeader,
  showClinicaLircay: ClinicHeader,
  showClinicaLosAndes: ClinicHeader,
  showClinicaLosCoihues: ClinicHeader,
  showClinicaMaitenes: ClinicHeader,
  showClinicaPortada: ClinicHeader,
  showClinicaPuertoMontt: ClinicHeader,
};

/** SPEC §2: the header area renders every header whose organisation flag is on (exactly one is). */
export function HeaderArea() {
  const { featureFlags } = useBrand();
  const on = (Object.keys(HEADER_BY_FLAG) as OrganizationFlagName[]).filter(
    (flag) => featureFlags[flag],
  );
  return (
    <>
      {on.map((flag) => {
        const Variant = HEADER_BY_FLAG[flag];
        return <Variant key={flag} />;
      })}
    </>
  );
}
