import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { PrivacySettingsInput } from '@canal/shared';
import { contract, type PrivacySettingsWire } from '@canal/shared/contract';
import { bodyNames } from './names';
import { useStaffApi } from './StaffApiProvider';

// Each organisation's data-protection contact and retention period (Law 21.719, issue 19):
// the calls through the contract, their query key, hooks and mappers both ways, in one module.

export const fromPrivacySettings = (wire: PrivacySettingsWire) => ({
  organizationId: wire.organizacion,
  contact: wire.contacto && {
    name: wire.contacto.nombre,
    email: wire.contacto.correo,
    address: wire.contacto.direccion,
    phone: wire.contacto.telefono,
  },
  retentionYears: wire.retencion_anios,
  /** ISO instant of the last save; null: never saved (the defaults apply). */
  updatedAt: wire.actualizado,
});
export type PrivacySettings = ReturnType<typeof fromPrivacySettings>;

/** The settings as the form holds them and the body they become. */
export const privacySettingsNames = bodyNames<PrivacySettingsInput>()({
  organizationId: 'organizacion',
  contactName: 'contacto_nombre',
  contactEmail: 'contacto_correo',
  contactAddress: 'contacto_direccion',
  contactPhone: 'contacto_telefono',
  retentionYears: 'retencion_anios',
});
export type PrivacySettingsChange = Parameters<typeof privacySettingsNames.toWire>[0];

export const privacyKeys = { settings: () => ['gestion', 'proteccion-datos'] as const };

/** The settings of every organisation the administrator works on. */
export function usePrivacySettings(enabled = true) {
  const api = useStaffApi();
  return useQuery({
    enabled,
    queryKey: privacyKeys.settings(),
    queryFn: async () =>
      (await api(contract.getPrivacySettings, {})).organizaciones.map(fromPrivacySettings),
  });
}

export function useSavePrivacySettings() {
  const api = useStaffApi();
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (change: PrivacySettingsChange) =>
      fromPrivacySettings(
        await api(contract.updatePrivacySettings, { body: privacySettingsNames.toWire(change) }),
      ),
    onSuccess: (saved) =>
      client.setQueryData(privacyKeys.settings(), (list: PrivacySettings[] | undefined) =>
        list?.map((s) => (s.organizationId === saved.organizationId ? saved : s)),
      ),
  });
}
