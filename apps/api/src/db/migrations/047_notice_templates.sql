-- The texts the complainant must be told (issue 22, decision 0070): each organisation's own
-- wording of the decision, the investigator's designation, the conclusions and the protective
-- measures. An organisation without a row for a kind uses the product's default text
-- (DEFAULT_NOTICE_TEMPLATES). Administrators edit them, audited (`plantillas.modificada`).
-- Not personal data: a template names no case and no person (the form fills those in).
CREATE TABLE notice_templates (
  organization_id uuid NOT NULL,
  kind text NOT NULL CHECK (kind IN ('decision', 'designacion', 'conclusiones', 'medidas')),
  body text NOT NULL CHECK (length(body) BETWEEN 1 AND 4000),
  updated_at timestamptz NOT NULL DEFAULT now(),
  updated_by bigint REFERENCES staff_users (id),
  PRIMARY KEY (organization_id, kind)
);
