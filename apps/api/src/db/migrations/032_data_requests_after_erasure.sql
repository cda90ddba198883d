-- Law 21.719 (issue 19, decision 0048): the requests register is the organisation's evidence that
-- it answered each request in time, and stays; the personal data in a request about erased cases
-- must not outlive them. Once a request is answered and every case it names is erased, the
-- retention sweep removes who asked (name, contact), what they wrote, the reasons and the answer
-- (`redacted_at` says when); the requester's role, the right, the channel, the dates, whether it
-- was extended, the decision and the link to the cases' tombstones stay.
ALTER TABLE data_requests ADD COLUMN redacted_at timestamptz;
ALTER TABLE data_requests ADD COLUMN extended boolean NOT NULL DEFAULT false;
UPDATE data_requests SET extended = true WHERE extension_reason_enc IS NOT NULL;
ALTER TABLE data_requests ALTER COLUMN person_enc DROP NOT NULL;
ALTER TABLE data_requests ALTER COLUMN detail_enc DROP NOT NULL;
ALTER TABLE data_requests
  ADD CONSTRAINT data_requests_whole_or_redacted
    CHECK (redacted_at IS NOT NULL
           OR (person_enc IS NOT NULL AND detail_enc IS NOT NULL));
