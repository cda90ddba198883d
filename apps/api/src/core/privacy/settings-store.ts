import { DEFAULT_RETENTION_YEARS } from '@canal/shared';
import type { Db } from '../../db/database';

/** One organisation's data-protection settings as stored (migration 024). */
export interface PrivacySettingsRow {
  organization_id: string;
  contact_name: string;
  contact_email: string;
  contact_address: string | null;
  contact_phone: string | null;
  retention_years: number;
  updated_at: Date;
}

export interface PrivacySettingsFields {
  contactName: string;
  contactEmail: string;
  contactAddress: string | null;
  contactPhone: string | null;
  retentionYears: number;
}

const COLUMNS = `organization_id::text AS organization_id, contact_name, contact_email,
  contact_address, contact_phone, retention_years, updated_at`;

/**
 * Each organisation's contact for data-protection matters and retention period for closed cases
 * (Law 21.719, issue 19): SQL only. An organisation without a row has no contact yet and the
 * default period.
 */
export const privacySettingsStore = {
  async find(db: Db, organizationId: string): Promise<PrivacySettingsRow | null> {
    const [row] = await db.query<PrivacySettingsRow>(
      `SELECT ${COLUMNS} FROM organisation_privacy_settings WHERE organization_id = $1`,
      [organizationId],
    );
    return row ?? null;
  },

  async all(db: Db): Promise<PrivacySettingsRow[]> {
    return db.query<PrivacySettingsRow>(`SELECT ${COLUMNS} FROM organisation_privacy_settings`);
  },

  /** The row as it is, locked until the transaction ends (edits of one organisation queue). */
  async lock(tx: Db, organizationId: string): Promise<PrivacySettingsRow | null> {
    const [row] = await tx.query<PrivacySettingsRow>(
      `SELECT ${COLUMNS} FROM organisation_privacy_settings WHERE organization_id = $1 FOR UPDATE`,
      [organizationId],
    );
    return row ?? null;
  },

  async save(
    tx: Db,
    organizationId: string,
    f: PrivacySettingsFields,
    actorId: number,
  ): Promise<PrivacySettingsRow> {
    const [row] = await tx.query<PrivacySettingsRow>(
      `INSERT INTO organisation_privacy_settings AS s
              (organization_id, contact_name, contact_email, contact_address, contact_phone,
               retention_years, updated_by)
       VALUES ($1, $2, $3, $4, $5, $6, $7)
       ON CONFLICT (organization_id) DO UPDATE
          SET contact_name = EXCLUDED.contact_name, contact_email = EXCLUDED.contact_email,
              contact_address = EXCLUDED.contact_address, contact_phone = EXCLUDED.contact_phone,
              retention_years = EXCLUDED.retention_years, updated_by = EXCLUDED.updated_by,
              updated_at = now()
       RETURNING ${COLUMNS}`,
      [
        organizationId,
        f.contactName,
        f.contactEmail,
        f.contactAddress,
        f.contactPhone,
        f.retentionYears,
        actorId,
      ],
    );
    return row!;
  },
};

/**
 * How many years after its closing a closed case of the organisation is kept: what its
 * administrators set, else DEFAULT_RETENTION_YEARS. The one place the erasure sweep reads it.
 */
export async function retentionYearsFor(db: Db, organizationId: string): Promise<number> {
  return (
    (await privacySettingsStore.find(db, organizationId))?.retention_years ??
    DEFAULT_RETENTION_YEARS
  );
}
