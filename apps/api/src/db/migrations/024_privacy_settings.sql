-- Law 21.719 (issue 19): each organisation's contact for data-protection matters, which its privacy
-- notice names, and how many years its closed cases are kept after closing (the erasure sweep
-- reads it through `retentionYearsFor`). An organisation without a row has no contact yet and the
-- default period (DEFAULT_RETENTION_YEARS, 5). Administrators edit it; every change is audited.
CREATE TABLE organisation_privacy_settings (
  organization_id uuid PRIMARY KEY,
  contact_name text NOT NULL,
  contact_email text NOT NULL,
  contact_address text,
  contact_phone text,
  retention_years integer NOT NULL CHECK (retention_years BETWEEN 1 AND 20),
  updated_at timestamptz NOT NULL DEFAULT now(),
  updated_by bigint REFERENCES staff_users (id)
);
