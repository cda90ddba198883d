-- The short activation code of a complaint recorded by staff (issue 22, decision 0075): printed on
-- the receipt beside the activation link's QR, typed on the portal with the case number. It lives
-- in the link's row, so code and link are one activation: the same lifetime, and using either (or
-- issuing a new one) spends both. Only a keyed digest is kept (HMAC under a key derived from the
-- master key, bound to the complaint): a short code's plain SHA-256 would be read back from a dump.
ALTER TABLE password_resets ADD COLUMN code_digest text;

CREATE INDEX password_resets_activation_code ON password_resets (complaint_id, code_digest)
  WHERE code_digest IS NOT NULL;
