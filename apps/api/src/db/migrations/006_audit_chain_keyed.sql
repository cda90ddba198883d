-- The audit chain, keyed and anchored (issue 9). Rows written before this migration keep their
-- plain SHA-256 links (chain_version 1); every new row is chained with an HMAC whose key is derived
-- from the master key, not stored here (chain_version 2). Ids come from a sequence, so entries
-- deleted from the end leave a gap that the next entry does not fill.
ALTER TABLE audit_log ADD COLUMN chain_version smallint NOT NULL DEFAULT 1
  CHECK (chain_version IN (1, 2));
CREATE SEQUENCE audit_log_id_seq;
SELECT setval('audit_log_id_seq', COALESCE((SELECT max(id) FROM audit_log), 0) + 1, false);
