-- The encryption key check: written by the first start, compared by every later one, so that a
-- process started with another DATA_ENCRYPTION_KEY refuses to run instead of writing data nobody
-- else can read. The value is an HMAC of a constant under a key derived from the master key.
CREATE TABLE key_check (
  id smallint PRIMARY KEY CHECK (id = 1),
  value text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
