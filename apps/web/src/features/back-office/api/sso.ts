// Single sign-on (issue 24): the providers the sign-in page offers, where each one's sign-in starts
// (a page the browser goes to, not a call), and what a refused return means.
import { useQuery } from '@tanstack/react-query';
import { buildRequest, contract, type SsoProviderWire } from '@canal/shared/contract';
import { anonymous } from './call';
import { staffKeys } from './keys';
import { useStaffApi } from './StaffApiProvider';

export const toSsoProvider = (wire: SsoProviderWire) => ({
  id: wire.id,
  name: wire.nombre,
  /** The address that starts the sign-in: the API redirects the browser to the provider. */
  startUrl: buildRequest(contract.ssoStart, { params: { proveedor: wire.id } }).url,
});
export type SsoProvider = ReturnType<typeof toSsoProvider>;

export function useSsoProviders() {
  const api = useStaffApi();
  return useQuery({
    queryKey: staffKeys.ssoProviders(),
    queryFn: async () => (await api(contract.ssoProviders, {}, anonymous)).map(toSsoProvider),
    staleTime: 5 * 60_000,
  });
}

/** What the sign-in page says when the provider's return was refused (`?sso=`). */
export const SSO_REFUSAL_MESSAGES: Record<string, string> = {
  vencido:
    'El ingreso con su cuenta institucional no se completó a tiempo o ya se usó. Intente nuevamente.',
  fallido:
    'No pudimos verificar la respuesta de su proveedor de identidad. Intente nuevamente; si se repite, avise a un administrador.',
  'sin-cuenta':
    'Su cuenta institucional aún no tiene acceso a la gestión de casos. Pida a un administrador que le invite con ese correo.',
  'sin-acceso':
    'Su cuenta institucional no tiene un rol en la gestión de casos, o su acceso fue desactivado. Consulte con un administrador.',
};
