import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { privacySettingsInputSchema } from '@canal/shared';
import { contract, type PrivacySettingsWire } from '@canal/shared/contract';
import { z } from 'zod';
import { useStaffApi } from './StaffApiProvider';

// Each organisation's data-protection contact and retention period (Law 21.719, issue 19):
// the calls through the contract, their query key, hooks and mapper, in one module.

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

const wire = privacySettingsInputSchema.shape;

/** The settings form, in front names, with the API's very rules and messages. */
export const privacySettingsFormSchema = z.object({
  contactName: wire.contacto_nombre,
  contactEmail: wire.contacto_correo,
  contactAddress: wire.contacto_direccion,
  contactPhone: wire.contacto_telefono,
  retentionYears: wire.retencion_anios,
});
export type PrivacySettingsForm = z.input<typeof privacySettingsFormSchema>;
export type PrivacySettingsChange = z.output<typeof privacySettingsFormSchema> & {
  organizationId: string;
};

export const toPrivacySettingsInput = (change: PrivacySettingsChange) => ({
  organizacion: change.organizationId,
  contacto_nombre: change.contactName,
  contacto_correo: change.contactEmail,
  contacto_direccion: change.contactAddress,
  contacto_telefono: change.contactPhone,
  retencion_anios: change.retentionYears,
});

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
        await api(contract.updatePrivacySettings, { body: toPrivacySettingsInput(change) }),
      ),
    onSuccess: (saved) =>
      client.setQueryData(privacyKeys.settings(), (list: PrivacySettings[] | undefined) =>
        list?.map((s) => (s.organizationId === saved.organizationId ? saved : s)),
      ),
  });
}
