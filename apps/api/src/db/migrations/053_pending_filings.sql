-- Pending filings (issue 21; decision 0074, "the filing form"): the filing form sends its files
-- over tus before the complaint exists. A pending filing holds the data key those files are sealed
-- with (random, kept only wrapped by the keyring, like a complaint's), the SHA-256 of a random
-- capability token (the browser holds the token; the uploads and the filing present it) and the
-- organisation it was opened for. Filing adopts the key as the complaint's and deletes the row in
-- the same transaction, so one key never serves two complaints; an abandoned one expires (24 h)
-- and the hourly sweep deletes its uploads' objects, then the row.
CREATE TABLE pending_filings (
  id text PRIMARY KEY,
  organization_id uuid NOT NULL,
  token_digest bytea NOT NULL,
  data_key text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL
);
CREATE INDEX pending_filings_expires_at ON pending_filings (expires_at);
-- The token (header `x-borrador`) finds its pending filing.
CREATE UNIQUE INDEX pending_filings_token ON pending_filings (token_digest);

-- An upload is a complaint's or a pending filing's, exactly one of them.
ALTER TABLE resumable_uploads
  ALTER COLUMN complaint_id DROP NOT NULL,
  ADD COLUMN pending_filing_id text REFERENCES pending_filings (id) ON DELETE CASCADE,
  ADD CONSTRAINT resumable_uploads_one_owner
    CHECK ((complaint_id IS NULL) <> (pending_filing_id IS NULL));
CREATE INDEX resumable_uploads_pending_filing ON resumable_uploads (pending_filing_id);
