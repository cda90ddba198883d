-- Master data, per organisation (x-filial GUID). Seeded from code on first start; staff may edit later.
CREATE TABLE master_zones (
  organization_id uuid NOT NULL,
  id integer NOT NULL,
  nombre text NOT NULL,
  position integer NOT NULL,
  PRIMARY KEY (organization_id, id)
);
CREATE TABLE master_agencies (
  organization_id uuid NOT NULL,
  id integer NOT NULL,
  zone_id integer NOT NULL,
  nombre text NOT NULL,
  position integer NOT NULL,
  PRIMARY KEY (organization_id, id),
  FOREIGN KEY (organization_id, zone_id) REFERENCES master_zones (organization_id, id)
);
CREATE TABLE master_categories (
  organization_id uuid NOT NULL,
  id integer NOT NULL,
  nombre text NOT NULL,
  position integer NOT NULL,
  PRIMARY KEY (organization_id, id)
);
CREATE TABLE master_types (
  organization_id uuid NOT NULL,
  id integer NOT NULL,
  category_id integer NOT NULL,
  nombre text NOT NULL,
  descripcion text NOT NULL,
  grupo text,
  position integer NOT NULL,
  PRIMARY KEY (organization_id, id),
  FOREIGN KEY (organization_id, category_id) REFERENCES master_categories (organization_id, id)
);
CREATE TABLE master_options (
  organization_id uuid NOT NULL,
  list text NOT NULL CHECK (list IN ('relacion', 'reconoce')),
  id integer NOT NULL,
  descripcion text NOT NULL,
  position integer NOT NULL,
  PRIMARY KEY (organization_id, list, id)
);

-- Complaints. Columns ending in _enc hold AES-256-GCM ciphertext under the complaint's data key.
CREATE TABLE complaints (
  id bigserial PRIMARY KEY,
  ticket bigint NOT NULL UNIQUE CHECK (ticket BETWEEN 100000000000 AND 999999999999),
  organization_id uuid NOT NULL,
  case_number text NOT NULL,
  status text NOT NULL DEFAULT 'Recibida',
  is_anonymous boolean NOT NULL,
  category_id integer NOT NULL,
  type_id integer NOT NULL,
  zone_id integer NOT NULL,
  agency_id integer,
  relation_id integer NOT NULL,
  recognition_id integer NOT NULL,
  knowledge_id integer NOT NULL CHECK (knowledge_id BETWEEN 1 AND 7),
  occurrence_date date NOT NULL,
  data_key text NOT NULL,
  description_enc text NOT NULL,
  other_place_enc text,
  complainant_enc text,
  contact_email_enc text NOT NULL,
  email_index text NOT NULL,
  password_hash text NOT NULL,
  response_date date,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX complaints_email_index ON complaints (email_index);
CREATE UNIQUE INDEX complaints_case_number ON complaints (organization_id, case_number);
CREATE INDEX complaints_org_created ON complaints (organization_id, created_at DESC);

CREATE TABLE case_counters (
  organization_id uuid NOT NULL,
  year integer NOT NULL,
  last_value integer NOT NULL,
  PRIMARY KEY (organization_id, year)
);

-- The log (bitácora). Entries the complainant does not see (internal notes) have visible = false.
CREATE TABLE complaint_log (
  id bigserial PRIMARY KEY,
  complaint_id bigint NOT NULL REFERENCES complaints (id) ON DELETE CASCADE,
  event text NOT NULL,
  comment_enc text,
  author text NOT NULL,
  visible boolean NOT NULL DEFAULT true,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX complaint_log_complaint ON complaint_log (complaint_id, created_at);

-- Files: stored encrypted under a generated name; the original name is encrypted too.
CREATE TABLE complaint_files (
  id uuid PRIMARY KEY,
  complaint_id bigint NOT NULL REFERENCES complaints (id) ON DELETE CASCADE,
  log_id bigint REFERENCES complaint_log (id),
  storage_key text NOT NULL UNIQUE,
  name_enc text NOT NULL,
  extension text NOT NULL,
  mimetype text NOT NULL,
  size_bytes bigint NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX complaint_files_complaint ON complaint_files (complaint_id, created_at);

CREATE TABLE complainant_sessions (
  token_hash text PRIMARY KEY,
  complaint_id bigint NOT NULL REFERENCES complaints (id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL DEFAULT now(),
  last_seen_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX complainant_sessions_complaint ON complainant_sessions (complaint_id);

CREATE TABLE login_throttle (
  ticket bigint PRIMARY KEY,
  failures integer NOT NULL,
  window_started_at timestamptz NOT NULL,
  locked_until timestamptz
);

CREATE TABLE password_resets (
  token_hash text PRIMARY KEY,
  complaint_id bigint NOT NULL REFERENCES complaints (id) ON DELETE CASCADE,
  expires_at timestamptz NOT NULL,
  used_at timestamptz
);

-- Bot-check tokens already spent (single use), kept until they would have expired anyway.
CREATE TABLE bot_tokens_used (
  id text PRIMARY KEY,
  expires_at timestamptz NOT NULL
);

-- Transactional outbox: mail is written in the same transaction as its cause and sent later.
-- payload_enc (recipient and data) is encrypted with the master key and erased once sent.
CREATE TABLE outbox (
  id bigserial PRIMARY KEY,
  kind text NOT NULL,
  organization_id uuid NOT NULL,
  payload_enc text,
  status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'sending', 'sent', 'failed')),
  attempts integer NOT NULL DEFAULT 0,
  next_attempt_at timestamptz NOT NULL DEFAULT now(),
  locked_until timestamptz,
  last_error text,
  created_at timestamptz NOT NULL DEFAULT now(),
  sent_at timestamptz
);
CREATE INDEX outbox_due ON outbox (next_attempt_at) WHERE status = 'pending';

-- The local mailbox used when no SMTP server is configured (development and the embedded default).
CREATE TABLE mailbox (
  id bigserial PRIMARY KEY,
  message_enc text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
