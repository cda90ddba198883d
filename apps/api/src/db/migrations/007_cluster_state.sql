-- State that every API instance must share (issue 10).

-- Per-client limits (sign-in, recovery, filing): one row per limit and client, counted in the
-- database so that a client gets the same number of calls on one instance or three. The key is an
-- HMAC of the limit's name and the client address under a key that is not in the database: no
-- address is stored. Rows live one window; expired ones are deleted on write and by the sweep.
CREATE TABLE client_limits (
  key text PRIMARY KEY,
  hits integer NOT NULL,
  window_ends_at timestamptz NOT NULL
);
CREATE INDEX client_limits_window_ends_at ON client_limits (window_ends_at);

-- Failed staff sign-ins per client, shaped like staff_login_throttle, keyed the same way.
CREATE TABLE staff_client_throttle (
  key text PRIMARY KEY,
  failures integer NOT NULL,
  window_started_at timestamptz NOT NULL,
  locked_until timestamptz
);

-- The outbox leases one message at a time: locked_until is that message's lease, renewed while it
-- is being sent; lease_id names the drain that holds it, so a drain whose lease lapsed (and whose
-- message another drain took) cannot mark it.
ALTER TABLE outbox ADD COLUMN lease_id uuid;

-- Running API instances: each writes its heartbeat every few seconds and deletes its row when it
-- stops. `sweep --all` refuses while a heartbeat is fresh.
CREATE TABLE instances (
  id text PRIMARY KEY,
  started_at timestamptz NOT NULL DEFAULT now(),
  seen_at timestamptz NOT NULL DEFAULT now()
);
