-- The audit log as a Merkle tree (issue 20, decision 0066): the hash of every perfect subtree, so
-- a root, an inclusion proof or a consistency proof reads O(log n) rows. Level 0 holds the leaves,
-- SHA-256(0x00 ‖ entry bytes), one per audit_log row in id order (`entry_id`); level L, index i is
-- SHA-256(0x01 ‖ left ‖ right) over leaves [i·2^L, (i+1)·2^L). The rows before this migration
-- become the tree's first leaves when the next entry is appended or the next checkpoint issued
-- (`auditTreeStore.extend`): the leaf encoding is canonical JSON, computed by the server. The
-- table is derived from audit_log and proves nothing alone: a checkpoint someone kept does.
CREATE TABLE audit_tree (
  level smallint NOT NULL CHECK (level >= 0 AND level < 64),
  idx bigint NOT NULL CHECK (idx >= 0),
  hash bytea NOT NULL CHECK (length(hash) = 32),
  -- The audit entry of a leaf (level 0 only).
  entry_id bigint UNIQUE,
  PRIMARY KEY (level, idx),
  CHECK ((level = 0) = (entry_id IS NOT NULL))
);

CREATE TRIGGER audit_tree_append_only BEFORE UPDATE OR DELETE ON audit_tree
  FOR EACH ROW EXECUTE FUNCTION audit_log_refuse_change();

CREATE TRIGGER audit_tree_no_truncate BEFORE TRUNCATE ON audit_tree
  FOR EACH STATEMENT EXECUTE FUNCTION audit_log_refuse_change();
