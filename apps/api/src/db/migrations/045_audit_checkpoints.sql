-- Signed checkpoints of the audit log (issue 20, decision 0066): the tree's size and root at an
-- instant, signed with the channel's Ed25519 key as a C2SP signed note. Issued daily by the sweep
-- (once across the cluster) and on demand; each is mailed to the organisations' auditors, who keep
-- them outside the deployment.
CREATE TABLE audit_checkpoints (
  id bigserial PRIMARY KEY,
  tree_size bigint NOT NULL CHECK (tree_size >= 0),
  root_hash bytea NOT NULL CHECK (length(root_hash) = 32),
  issued_at timestamptz NOT NULL,
  key_id text NOT NULL,
  -- The signed note exactly as issued (body and signature line).
  note text NOT NULL
);
CREATE INDEX audit_checkpoints_size ON audit_checkpoints (tree_size);

CREATE TRIGGER audit_checkpoints_append_only BEFORE UPDATE OR DELETE ON audit_checkpoints
  FOR EACH ROW EXECUTE FUNCTION audit_log_refuse_change();
