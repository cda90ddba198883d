-- Resumable uploads (tus, issue 21; decision 0055). One row per upload in progress: the stored
-- file's v2 header (its salt and nonce prefix; the key is the complaint's data key), how many
-- plaintext bytes are sealed and stored (always a whole number of segments, or the whole file),
-- and the objects each PATCH wrote, in order. Every instance reads the same row, so an upload
-- resumes on any of them and after a restart. A finished upload is concatenated into one staged
-- object (`staged_files`), which the comment that adds it commits; what is left past
-- `expires_at` is swept.
CREATE TABLE resumable_uploads (
  id text PRIMARY KEY,
  complaint_id bigint NOT NULL REFERENCES complaints (id) ON DELETE CASCADE,
  file_name text NOT NULL,
  extension text NOT NULL,
  size bigint NOT NULL CHECK (size >= 0),
  header bytea NOT NULL,
  stored bigint NOT NULL DEFAULT 0,
  parts text[] NOT NULL DEFAULT '{}',
  storage_key text,
  -- A PATCH in progress holds the upload until then (renewed while it runs): a HEAD or PATCH on
  -- another instance waits for it to settle, so it answers the offset that PATCH kept.
  writing_until timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL
);
CREATE INDEX resumable_uploads_expires_at ON resumable_uploads (expires_at);
CREATE INDEX resumable_uploads_complaint ON resumable_uploads (complaint_id);
