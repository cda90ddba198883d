-- Protection after closing (issue 22, decision 0060): the complainant of a closed case is asked,
-- some days after closing, whether they have suffered retaliation, and can say so at any time.
--
-- The days after closing each organisation asks on; an organisation without a row asks on the
-- default days (RETALIATION_CHECKIN_DAYS: 30, 90 and 180). Administrators edit it, audited.
CREATE TABLE retaliation_checkin_settings (
  organization_id uuid PRIMARY KEY,
  days integer[] NOT NULL
    CHECK (cardinality(days) BETWEEN 0 AND 6 AND 1 <= ALL (days) AND 730 >= ALL (days)),
  updated_at timestamptz NOT NULL DEFAULT now(),
  updated_by bigint REFERENCES staff_users (id)
);

-- One row per question asked: the day after closing it was for. The primary key makes the
-- check-in idempotent (two sweeps, two instances, a re-run: one question, one mail).
CREATE TABLE retaliation_checkins (
  complaint_id bigint NOT NULL REFERENCES complaints (id) ON DELETE CASCADE,
  day integer NOT NULL,
  asked_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (complaint_id, day)
);

-- A report of retaliation: dates only (what the complainant wrote is in the case's log, sealed),
-- so the statistics and the SUSESO counts still add up after the case is erased. Open until
-- someone of the team records that it was attended; due on `due_date`.
CREATE TABLE retaliation_reports (
  id bigserial PRIMARY KEY,
  complaint_id bigint NOT NULL REFERENCES complaints (id) ON DELETE CASCADE,
  reported_at timestamptz NOT NULL DEFAULT now(),
  due_date date NOT NULL,
  attended_at timestamptz,
  attended_by bigint REFERENCES staff_users (id)
);
CREATE INDEX retaliation_reports_open ON retaliation_reports (due_date) WHERE attended_at IS NULL;
CREATE INDEX retaliation_reports_case ON retaliation_reports (complaint_id);
