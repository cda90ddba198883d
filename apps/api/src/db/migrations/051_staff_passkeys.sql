-- Issue 24: passkeys (WebAuthn) for staff, decision 0076. Everything a passkey ceremony needs is
-- here, not in a process, so the browser's answer may reach any instance.

-- A person's passkeys: the credential's id and public key (COSE, base64url) as the authenticator
-- gave them at registration, and its signature counter, which only goes up (a lower or equal one
-- is a cloned authenticator and is refused).
CREATE TABLE staff_passkeys (
  id bigserial PRIMARY KEY,
  user_id bigint NOT NULL REFERENCES staff_users (id) ON DELETE CASCADE,
  credential_id text NOT NULL UNIQUE,
  public_key text NOT NULL,
  counter bigint NOT NULL DEFAULT 0,
  transports text[] NOT NULL DEFAULT '{}',
  name text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  last_used_at timestamptz
);
CREATE INDEX staff_passkeys_user ON staff_passkeys (user_id);

-- A challenge the server issued: taken (deleted) by the answer that signs it, so it is used once,
-- on whichever instance; refused and swept after 5 minutes. A registration's is the person's.
CREATE TABLE staff_webauthn_challenges (
  challenge text PRIMARY KEY,
  purpose text NOT NULL CHECK (purpose IN ('registro', 'ingreso')),
  user_id bigint REFERENCES staff_users (id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL DEFAULT now()
);

-- The staff sign-in policy administrators set: one row.
CREATE TABLE staff_security_policy (
  id boolean PRIMARY KEY DEFAULT true CHECK (id),
  passkeys_required_for_administrators boolean NOT NULL DEFAULT false,
  updated_at timestamptz,
  updated_by bigint REFERENCES staff_users (id) ON DELETE SET NULL
);
INSERT INTO staff_security_policy DEFAULT VALUES;
