-- Object storage (decision 0009): an upload streams straight to its final key in the object store
-- (local folder or S3 bucket) while a row here records it as staged. The transaction that inserts
-- its complaint_files row deletes this row: a key listed here is an object no complaint owns yet.
-- The sweep deletes the objects of rows older than an hour (uploads that never committed: a
-- refused form, a crash, a lost connection), in batches, without listing the store.
CREATE TABLE staged_files (
  storage_key text PRIMARY KEY,
  staged_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX staged_files_staged_at ON staged_files (staged_at);
