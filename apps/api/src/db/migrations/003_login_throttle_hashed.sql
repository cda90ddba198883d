-- The complainants' sign-in counter is keyed by an HMAC of the ticket (a key outside the database),
-- not by the ticket in clear. Counters live at most 15 minutes plus a lock: the few in flight at
-- upgrade start over (they cannot be rehashed in SQL without the key).
DROP TABLE login_throttle;
CREATE TABLE login_throttle (
  key text PRIMARY KEY,
  failures integer NOT NULL,
  window_started_at timestamptz NOT NULL,
  locked_until timestamptz
);
