-- Issue 24, decision 0077: OpenID Connect providers and SSO-required organisations configured in
-- the back office (audited), beside those of the environment (`OIDC_PROVIDERS`,
-- `SSO_REQUIRED_ORGANIZATIONS`), which stay read-only. Every instance reads these rows at each
-- sign-in: a change applies everywhere at once.

-- A provider: where it is, the channel's client there (the secret sealed with the master key, never
-- answered to a browser), and how its claims map to a role and organisations. A disabled provider
-- offers no sign-in and its sessions end at their next re-check.
CREATE TABLE sso_providers (
  id text PRIMARY KEY CHECK (id ~ '^[a-z0-9-]{1,32}$'),
  name text NOT NULL,
  issuer text NOT NULL,
  client_id text NOT NULL,
  client_secret_enc text NOT NULL,
  scopes text NOT NULL,
  authorization_params jsonb NOT NULL DEFAULT '{}',
  groups_claim text NOT NULL,
  -- {"administrador": [groups], "investigador": [...], "auditor": [...]}
  roles jsonb NOT NULL,
  -- {"group": [organisation ids]}
  organizations jsonb NOT NULL DEFAULT '{}',
  auto_create boolean NOT NULL DEFAULT false,
  enabled boolean NOT NULL DEFAULT true,
  updated_at timestamptz NOT NULL DEFAULT now(),
  updated_by bigint REFERENCES staff_users (id)
);

-- Organisations whose people (administrators apart: break-glass) sign in only by SSO.
CREATE TABLE sso_required_organizations (
  organization_id uuid PRIMARY KEY,
  updated_at timestamptz NOT NULL DEFAULT now(),
  updated_by bigint REFERENCES staff_users (id)
);
