-- Law 21.719 (issue 19): the register of data-protection requests, and the complainant's pending
-- changes of contact address.
--
-- A request arrives by the portal, e-mail, letter or in person; its legal answer period runs in
-- calendar days from the day it arrived (the use case computes `due_on`, extended once with a
-- reason). What identifies the person and what they ask, the extension's reason, the decision's
-- reason and the answer are sealed with the data-key-wrapping key (`sealWithMaster`): a request
-- may concern several cases, or none.
CREATE TABLE data_requests (
  id bigserial PRIMARY KEY,
  organization_id text NOT NULL,
  requester text NOT NULL CHECK (requester IN ('denunciante', 'denunciado', 'testigo', 'otro')),
  data_right text NOT NULL
    CHECK (data_right IN ('acceso', 'rectificacion', 'supresion', 'oposicion', 'portabilidad', 'bloqueo')),
  channel text NOT NULL CHECK (channel IN ('portal', 'correo', 'carta', 'presencial')),
  -- Sealed JSON {nombre, contacto}.
  person_enc text NOT NULL,
  detail_enc text NOT NULL,
  received_on date NOT NULL,
  due_on date NOT NULL,
  extension_reason_enc text,
  decision text CHECK (decision IN ('acogida', 'acogida_parcial', 'rechazada')),
  decision_reason_enc text,
  answer_enc text,
  answered_at timestamptz,
  answered_by bigint REFERENCES staff_users (id),
  -- Null: the complainant asked on the portal.
  created_by bigint REFERENCES staff_users (id),
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX data_requests_open ON data_requests (due_on) WHERE answered_at IS NULL;

CREATE TABLE data_request_cases (
  request_id bigint NOT NULL REFERENCES data_requests (id) ON DELETE CASCADE,
  complaint_id bigint NOT NULL REFERENCES complaints (id) ON DELETE CASCADE,
  PRIMARY KEY (request_id, complaint_id)
);
CREATE INDEX data_request_cases_complaint ON data_request_cases (complaint_id);

-- A new contact address waiting for its confirmation link (only the token's digest): sealed under
-- the complaint's data key, so erasing the complaint's key erases it too.
CREATE TABLE email_changes (
  token_hash text PRIMARY KEY,
  complaint_id bigint NOT NULL REFERENCES complaints (id) ON DELETE CASCADE,
  email_enc text NOT NULL,
  expires_at timestamptz NOT NULL,
  used_at timestamptz
);
CREATE INDEX email_changes_complaint ON email_changes (complaint_id);
