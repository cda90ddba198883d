-- Signed documents (issue 20, decision 0050). Every public key the channel has signed with, with
-- its validity, so a rotation keeps what the older keys signed verifiable and a revocation is
-- published; each instance adds its SIGNING_KEY's public half at start-up.
CREATE TABLE signing_keys (
  key_id text PRIMARY KEY,
  -- The raw 32-byte Ed25519 public key, base64.
  public_key text NOT NULL,
  valid_from timestamptz NOT NULL DEFAULT now(),
  -- When a newer key first signed; NULL while current.
  valid_until timestamptz,
  revoked_at timestamptz
);

-- The complainant's receipt, signed at filing: the signed record's JSON (registro, firma, clave).
-- It names no person and holds no facts; the erasure of a case clears it with the rest.
ALTER TABLE complaints ADD COLUMN receipt text;
