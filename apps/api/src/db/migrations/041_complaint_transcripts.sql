-- The transcript of an oral complaint that the complainant agrees (issue 21, decision 0064).
--
-- Each version staff issue is a row: its text is sealed under the complaint's data key
-- (`complaint_transcripts.text`), and so are the corrections the complainant proposes to it
-- (`complaint_transcripts.corrections`). A newer version replaces the one waiting for review
-- (at most one waits: the partial unique index). Erased with the case
-- (`complaintStore.eraseComplaints`).
CREATE TABLE complaint_transcripts (
  id bigserial PRIMARY KEY,
  complaint_id bigint NOT NULL REFERENCES complaints (id) ON DELETE CASCADE,
  version integer NOT NULL CHECK (version > 0),
  text_enc text NOT NULL,
  source text NOT NULL CHECK (source IN ('adjunto', 'verbal')),
  -- The voice attachment transcribed; it goes with the case's files.
  file_id uuid REFERENCES complaint_files (id) ON DELETE SET NULL,
  author_id bigint NOT NULL REFERENCES staff_users (id),
  created_at timestamptz NOT NULL DEFAULT now(),
  status text NOT NULL DEFAULT 'pendiente'
    CHECK (status IN ('pendiente', 'aceptada', 'con_correcciones', 'reemplazada')),
  answered_at timestamptz,
  corrections_enc text,
  UNIQUE (complaint_id, version)
);
CREATE UNIQUE INDEX complaint_transcripts_one_waiting
  ON complaint_transcripts (complaint_id) WHERE status = 'pendiente';
