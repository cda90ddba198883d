-- Issue 24: single sign-on with OpenID Connect. Everything a sign-in in progress needs is here,
-- not in a process, so the callback may reach any instance.

-- A sign-in started at a provider: found by the digest of the random value in the browser's
-- `gestion_sso` cookie; `state`, `nonce` and the PKCE verifier (sealed) are checked at the callback
-- and the row is deleted there (single use). Rows older than 10 minutes are refused and swept.
CREATE TABLE staff_oidc_logins (
  key_hash text PRIMARY KEY,
  provider text NOT NULL,
  state text NOT NULL,
  nonce text NOT NULL,
  code_verifier_enc text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);

-- Which account a provider's subject is: bound at the first sign-in (by the invited e-mail).
CREATE TABLE staff_identities (
  provider text NOT NULL,
  subject text NOT NULL,
  user_id bigint NOT NULL REFERENCES staff_users (id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (provider, subject)
);
CREATE INDEX staff_identities_user ON staff_identities (user_id);

-- An SSO session re-reads the provider's claims (refresh token, sealed) past a short interval.
ALTER TABLE staff_sessions ADD COLUMN oidc_provider text;
ALTER TABLE staff_sessions ADD COLUMN oidc_refresh_enc text;
ALTER TABLE staff_sessions ADD COLUMN oidc_checked_at timestamptz;
