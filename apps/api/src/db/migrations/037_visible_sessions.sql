-- Issue 24: sessions a person can see and end. Each staff session gets an id to name it by (never
-- its token's digest), the device it was opened from (a label read from the user agent: browser
-- and system, never the address) and how it was opened (password and TOTP, SSO or a passkey).
ALTER TABLE staff_sessions ADD COLUMN id bigserial UNIQUE;
ALTER TABLE staff_sessions ADD COLUMN device text NOT NULL DEFAULT '';
ALTER TABLE staff_sessions ADD COLUMN method text NOT NULL DEFAULT 'password';

-- The devices a person has signed in from: the digest of a random value kept in a long-lived,
-- httpOnly cookie. A sign-in from a device not listed here mails the person a neutral notice.
CREATE TABLE staff_devices (
  user_id bigint NOT NULL REFERENCES staff_users (id) ON DELETE CASCADE,
  device_hash text NOT NULL,
  first_seen_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (user_id, device_hash)
);
