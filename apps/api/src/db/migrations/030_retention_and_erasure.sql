-- Law 21.719 (issue 19, decision 0046): a closed case is erased when its retention period ends.
-- What stays is a tombstone without personal data: the row keeps its case number, organisation,
-- category and type, channel, dates (received, closed, `erased_at`), final status and whether it
-- was anonymous, so statistics, the SUSESO six-monthly counts and the audit log still add up.
-- Everything else is set to NULL by `complaintStore.eraseComplaints`, the one writer.
ALTER TABLE complaints ADD COLUMN erased_at timestamptz;
ALTER TABLE complaints ALTER COLUMN data_key DROP NOT NULL;
ALTER TABLE complaints ALTER COLUMN description_enc DROP NOT NULL;
ALTER TABLE complaints ALTER COLUMN password_hash DROP NOT NULL;
ALTER TABLE complaints ALTER COLUMN zone_id DROP NOT NULL;
ALTER TABLE complaints ALTER COLUMN relation_id DROP NOT NULL;
ALTER TABLE complaints ALTER COLUMN recognition_id DROP NOT NULL;
ALTER TABLE complaints ALTER COLUMN knowledge_id DROP NOT NULL;
ALTER TABLE complaints ALTER COLUMN occurrence_date DROP NOT NULL;
ALTER TABLE complaints DROP CONSTRAINT complaints_contact_email_with_portal;
ALTER TABLE complaints
  ADD CONSTRAINT complaints_contact_email_with_portal
    CHECK (erased_at IS NOT NULL OR channel <> 'portal'
           OR (contact_email_enc IS NOT NULL AND email_index IS NOT NULL));
-- A live case has what reading it needs; a tombstone has none of it.
ALTER TABLE complaints
  ADD CONSTRAINT complaints_live_or_tombstone
    CHECK (CASE WHEN erased_at IS NULL
             THEN data_key IS NOT NULL AND description_enc IS NOT NULL AND password_hash IS NOT NULL
               AND zone_id IS NOT NULL AND relation_id IS NOT NULL AND recognition_id IS NOT NULL
               AND knowledge_id IS NOT NULL AND occurrence_date IS NOT NULL
             ELSE data_key IS NULL AND description_enc IS NULL AND other_place_enc IS NULL
               AND complainant_enc IS NULL AND contact_email_enc IS NULL AND email_index IS NULL
               AND password_hash IS NULL AND resolution_enc IS NULL AND accused_enc IS NULL
               AND representation_enc IS NULL AND rut_search IS NULL AND email_search IS NULL
           END);
-- The sweep's look-up: closed cases not erased yet, by closing.
CREATE INDEX complaints_retention ON complaints (closed_at, id)
  WHERE closed_at IS NOT NULL AND erased_at IS NULL;

-- A legal hold ('conservacion': a lawsuit, a DT inquiry; the case is never erased while it stands)
-- or a block ('bloqueo', Law 21.719: the case keeps its data, nobody views or exports it). One row
-- per case and kind while it stands; setting and lifting are both in the audit log.
CREATE TABLE case_restrictions (
  complaint_id bigint NOT NULL REFERENCES complaints (id) ON DELETE CASCADE,
  kind text NOT NULL CHECK (kind IN ('conservacion', 'bloqueo')),
  reason text NOT NULL,
  set_by bigint REFERENCES staff_users (id),
  set_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (complaint_id, kind)
);
