-- The root key (decision 0002): the key the purpose keys (e-mail blind index, audit chain, file
-- links, bot check …) derive from, stored wrapped by the master key like a complaint's data key
-- (`k2:<key id>:…`). A key rotation re-wraps it and every data key; what derives from it stays
-- valid. Written by the first start after this migration: for a database already in use, the
-- master key it was started with (everything was derived from that key until now).
CREATE TABLE key_root (
  id smallint PRIMARY KEY CHECK (id = 1),
  wrapped text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
