-- Back office (DESIGN §8): staff accounts, sessions, case management, legal milestones, audit log.

-- Staff. The e-mail is kept lower-case; the TOTP secret is sealed with the master key.
CREATE TABLE staff_users (
  id bigserial PRIMARY KEY,
  email text NOT NULL UNIQUE CHECK (email = lower(email)),
  name text NOT NULL,
  role text NOT NULL CHECK (role IN ('administrador', 'investigador', 'auditor')),
  password_hash text,
  totp_secret_enc text,
  -- The last TOTP time step accepted: a code is good once (RFC 6238 §5.2).
  totp_last_step bigint,
  active boolean NOT NULL DEFAULT true,
  activated_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE staff_organizations (
  user_id bigint NOT NULL REFERENCES staff_users (id) ON DELETE CASCADE,
  organization_id uuid NOT NULL,
  PRIMARY KEY (user_id, organization_id)
);

-- Single-use activation links; the TOTP secret offered during activation is sealed here until used.
CREATE TABLE staff_invitations (
  token_hash text PRIMARY KEY,
  user_id bigint NOT NULL REFERENCES staff_users (id) ON DELETE CASCADE,
  totp_secret_enc text NOT NULL,
  expires_at timestamptz NOT NULL,
  used_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX staff_invitations_user ON staff_invitations (user_id);

CREATE TABLE staff_sessions (
  token_hash text PRIMARY KEY,
  user_id bigint NOT NULL REFERENCES staff_users (id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL DEFAULT now(),
  last_seen_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX staff_sessions_user ON staff_sessions (user_id);

-- Failed sign-ins per e-mail (keyed hash of the address, so unknown addresses are not stored).
CREATE TABLE staff_login_throttle (
  key text PRIMARY KEY,
  failures integer NOT NULL,
  window_started_at timestamptz NOT NULL,
  locked_until timestamptz
);

-- Case management on complaints. next_due_date is the earliest pending legal milestone (Santiago
-- civil date), recomputed on every change and daily, so the inbox sorts in SQL.
ALTER TABLE complaints ADD COLUMN assignee_id bigint REFERENCES staff_users (id);
ALTER TABLE complaints ADD COLUMN next_due_date date;
ALTER TABLE complaints ADD COLUMN closed_at timestamptz;
ALTER TABLE complaints ADD COLUMN resolution_enc text;
CREATE INDEX complaints_next_due ON complaints (next_due_date, id);
CREATE INDEX complaints_org_next_due ON complaints (organization_id, next_due_date, id);
CREATE INDEX complaints_assignee ON complaints (assignee_id, next_due_date) WHERE assignee_id IS NOT NULL;

-- Files of one request share created_at (one transaction) and have random ids: keep upload order.
ALTER TABLE complaint_files ADD COLUMN seq bigserial;

-- Who wrote a staff entry of the log (the complainant sees only `author`, a neutral label).
ALTER TABLE complaint_log ADD COLUMN staff_user_id bigint REFERENCES staff_users (id);

-- Conflicts of interest: an excluded person does not see the case at all.
CREATE TABLE case_exclusions (
  complaint_id bigint NOT NULL REFERENCES complaints (id) ON DELETE CASCADE,
  user_id bigint NOT NULL REFERENCES staff_users (id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (complaint_id, user_id)
);
CREATE INDEX case_exclusions_user ON case_exclusions (user_id);

-- Legal milestones recorded as done (keys of the deadline table, modules/deadlines/rules.ts).
CREATE TABLE case_milestones (
  complaint_id bigint NOT NULL REFERENCES complaints (id) ON DELETE CASCADE,
  milestone text NOT NULL,
  completed_on date NOT NULL,
  recorded_by bigint NOT NULL REFERENCES staff_users (id),
  recorded_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (complaint_id, milestone)
);
CREATE INDEX case_milestones_completed ON case_milestones (milestone, completed_on);

-- Jobs that run once a day across every API process (the first to claim the day does it).
CREATE TABLE job_runs (
  job text NOT NULL,
  day date NOT NULL,
  ran_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (job, day)
);

-- Audit log: append-only, each entry chained to the previous one by hash:
-- hash = sha256(prev_hash ‖ canonical JSON of the entry). Inserts are serialised by an advisory lock.
CREATE TABLE audit_log (
  id bigint PRIMARY KEY,
  created_at timestamptz NOT NULL,
  actor_id bigint,
  action text NOT NULL,
  complaint_id bigint,
  detail text NOT NULL,
  prev_hash text NOT NULL,
  hash text NOT NULL
);
CREATE INDEX audit_log_complaint ON audit_log (complaint_id) WHERE complaint_id IS NOT NULL;

CREATE FUNCTION audit_log_refuse_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'audit_log es de solo inserción';
END;
$$;

CREATE TRIGGER audit_log_append_only BEFORE UPDATE OR DELETE ON audit_log
  FOR EACH ROW EXECUTE FUNCTION audit_log_refuse_change();

CREATE TRIGGER audit_log_no_truncate BEFORE TRUNCATE ON audit_log
  FOR EACH STATEMENT EXECUTE FUNCTION audit_log_refuse_change();
