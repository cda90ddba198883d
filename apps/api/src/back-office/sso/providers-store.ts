import type { Db } from '../../db/database';
import type { StaffRole } from '../staff/roles';

/** A provider configured in the back office (migration 052); its secret is sealed. */
export interface SsoProviderRow {
  id: string;
  name: string;
  issuer: string;
  client_id: string;
  client_secret_enc: string;
  scopes: string;
  authorization_params: Record<string, string>;
  groups_claim: string;
  roles: Record<StaffRole, string[]>;
  organizations: Record<string, string[]>;
  auto_create: boolean;
  enabled: boolean;
  updated_at: Date;
}

export type SsoProviderWrite = Omit<SsoProviderRow, 'updated_at'>;

const COLUMNS = `id, name, issuer, client_id, client_secret_enc, scopes, authorization_params,
  groups_claim, roles, organizations, auto_create, enabled, updated_at`;

/** jsonb comes back parsed from node-postgres and as text from some drivers: one shape here. */
const json = <T>(value: unknown): T => (typeof value === 'string' ? JSON.parse(value) : value) as T;
const parse = (row: SsoProviderRow): SsoProviderRow => ({
  ...row,
  authorization_params: json(row.authorization_params),
  roles: json(row.roles),
  organizations: json(row.organizations),
});

/**
 * The SSO configuration of the back office (decision 0077): providers and the organisations that
 * require SSO. Read at every use, never cached in a process, so every instance sees a change at once.
 */
export const ssoProvidersStore = {
  async all(db: Db): Promise<SsoProviderRow[]> {
    const rows = await db.query<SsoProviderRow>(`SELECT ${COLUMNS} FROM sso_providers ORDER BY id`);
    return rows.map(parse);
  },

  async find(db: Db, id: string): Promise<SsoProviderRow | null> {
    const [row] = await db.query<SsoProviderRow>(
      `SELECT ${COLUMNS} FROM sso_providers WHERE id = $1`,
      [id],
    );
    return row ? parse(row) : null;
  },

  /** The stored provider, locked until the transaction ends (one change audited once). */
  async lock(tx: Db, id: string): Promise<SsoProviderRow | null> {
    const [row] = await tx.query<SsoProviderRow>(
      `SELECT ${COLUMNS} FROM sso_providers WHERE id = $1 FOR UPDATE`,
      [id],
    );
    return row ? parse(row) : null;
  },

  async save(tx: Db, p: SsoProviderWrite, actorId: number): Promise<void> {
    await tx.query(
      `INSERT INTO sso_providers (id, name, issuer, client_id, client_secret_enc, scopes,
                                  authorization_params, groups_claim, roles, organizations,
                                  auto_create, enabled, updated_by)
       VALUES ($1, $2, $3, $4, $5, $6, $7::jsonb, $8, $9::jsonb, $10::jsonb, $11, $12, $13)
       ON CONFLICT (id) DO UPDATE SET
         name = EXCLUDED.name, issuer = EXCLUDED.issuer, client_id = EXCLUDED.client_id,
         client_secret_enc = EXCLUDED.client_secret_enc, scopes = EXCLUDED.scopes,
         authorization_params = EXCLUDED.authorization_params, groups_claim = EXCLUDED.groups_claim,
         roles = EXCLUDED.roles, organizations = EXCLUDED.organizations,
         auto_create = EXCLUDED.auto_create, enabled = EXCLUDED.enabled,
         updated_by = EXCLUDED.updated_by, updated_at = clock_timestamp()`,
      [
        p.id,
        p.name,
        p.issuer,
        p.client_id,
        p.client_secret_enc,
        p.scopes,
        JSON.stringify(p.authorization_params),
        p.groups_claim,
        JSON.stringify(p.roles),
        JSON.stringify(p.organizations),
        p.auto_create,
        p.enabled,
        actorId,
      ],
    );
  },

  async requiredOrganizations(db: Db): Promise<string[]> {
    const rows = await db.query<{ organization_id: string }>(
      'SELECT organization_id::text AS organization_id FROM sso_required_organizations ORDER BY 1',
    );
    return rows.map((r) => r.organization_id);
  },

  /** Replaces the organisations that require SSO; the list before, for the audit log. */
  async setRequiredOrganizations(tx: Db, ids: string[], actorId: number): Promise<string[]> {
    await tx.query('LOCK TABLE sso_required_organizations IN EXCLUSIVE MODE');
    const before = await this.requiredOrganizations(tx);
    await tx.query(
      'DELETE FROM sso_required_organizations WHERE NOT (organization_id = ANY($1::uuid[]))',
      [ids],
    );
    for (const id of ids)
      await tx.query(
        `INSERT INTO sso_required_organizations (organization_id, updated_by) VALUES ($1, $2)
         ON CONFLICT DO NOTHING`,
        [id, actorId],
      );
    return before;
  },
};
