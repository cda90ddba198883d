import { DEFAULT_RETENTION_YEARS } from '@canal/shared';
import type { DataProtectionContactWire, PrivacySettingsWire } from '@canal/shared/contract';
import type { Db } from '../../db/database';
import { privacySettingsStore, type PrivacySettingsRow } from './settings-store';

export { retentionYearsFor } from './settings-store';

/**
 * An organisation's data-protection settings as the back office and the portal's privacy notice
 * read them: its contact (null until set) and its retention period (the default until set).
 */
export function privacySettingsView(
  organizationId: string,
  row: PrivacySettingsRow | null,
): PrivacySettingsWire {
  const contact: DataProtectionContactWire | null = row && {
    nombre: row.contact_name,
    correo: row.contact_email,
    direccion: row.contact_address,
    telefono: row.contact_phone,
  };
  return {
    organizacion: organizationId,
    contacto: contact,
    retencion_anios: row?.retention_years ?? DEFAULT_RETENTION_YEARS,
    actualizado: row?.updated_at.toISOString() ?? null,
  };
}

export async function privacySettingsOf(db: Db, organizationId: string) {
  return privacySettingsView(organizationId, await privacySettingsStore.find(db, organizationId));
}
