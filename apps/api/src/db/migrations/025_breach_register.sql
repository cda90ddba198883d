-- Law 21.719 (issue 19): the register of security incidents. What happened, when it was detected,
-- the kinds of data and the risk, the days the Agency and the people affected were told. The
-- organisations and the cases it reached are rows of their own; a case keeps its number here and
-- the day its complainant was told (a log entry and, with an address, a neutral mail).
CREATE TABLE breaches (
  id bigserial PRIMARY KEY,
  detected_on date NOT NULL,
  description text NOT NULL,
  data_kinds text[] NOT NULL,
  risk text NOT NULL CHECK (risk IN ('bajo', 'medio', 'alto')),
  risk_assessment text NOT NULL,
  measures text,
  agency_notified_on date,
  subjects_notified_on date,
  created_at timestamptz NOT NULL DEFAULT now(),
  created_by bigint REFERENCES staff_users (id)
);

CREATE TABLE breach_organizations (
  breach_id bigint NOT NULL REFERENCES breaches (id) ON DELETE CASCADE,
  organization_id uuid NOT NULL,
  PRIMARY KEY (breach_id, organization_id)
);

CREATE TABLE breach_cases (
  breach_id bigint NOT NULL REFERENCES breaches (id) ON DELETE CASCADE,
  complaint_id bigint NOT NULL REFERENCES complaints (id),
  notified_at timestamptz,
  PRIMARY KEY (breach_id, complaint_id)
);
CREATE INDEX breach_cases_complaint ON breach_cases (complaint_id);
