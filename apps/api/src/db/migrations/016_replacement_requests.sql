-- The complainant's rights in the product (issue 11, decision 0022).
--
-- A request to replace the investigator: the reason is sealed under the complaint's data key
-- (`replacement_requests.reason`), and so is an administrator's reason to reject it. At most one
-- open request per case (the partial unique index; the use case answers a clear 409 first).
CREATE TABLE replacement_requests (
  id bigserial PRIMARY KEY,
  complaint_id bigint NOT NULL REFERENCES complaints (id) ON DELETE CASCADE,
  reason_enc text NOT NULL,
  -- Who handled the case when the request arrived (null: nobody yet).
  investigator_id bigint REFERENCES staff_users (id),
  status text NOT NULL DEFAULT 'pendiente'
    CHECK (status IN ('pendiente', 'aceptada', 'rechazada')),
  created_at timestamptz NOT NULL DEFAULT now(),
  answered_by bigint REFERENCES staff_users (id),
  answered_at timestamptz,
  answer_enc text,
  new_assignee_id bigint REFERENCES staff_users (id)
);
CREATE UNIQUE INDEX replacement_requests_one_open
  ON replacement_requests (complaint_id) WHERE status = 'pendiente';
CREATE INDEX replacement_requests_open ON replacement_requests (created_at) WHERE status = 'pendiente';

-- When staff first read the complainant's entry (a comment or an upload) in the case page. Only
-- the instant: never who read it.
ALTER TABLE complaint_log ADD COLUMN read_by_staff_at timestamptz;
