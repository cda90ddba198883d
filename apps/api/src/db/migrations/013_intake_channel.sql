-- Staff intake (issue 11): Law 21.643 admits complaints made verbally or in writing. Staff record
-- them in the back office; each case keeps the channel it came through (existing rows: the portal).
ALTER TABLE complaints
  ADD COLUMN channel text NOT NULL DEFAULT 'portal'
    CHECK (channel IN ('portal', 'verbal', 'escrito', 'presencial'));

-- A person who complains in person may give no e-mail: no contact address, no e-mail index (code
-- and password recovery then cannot match, and no mail is sent). The portal still requires both.
ALTER TABLE complaints ALTER COLUMN contact_email_enc DROP NOT NULL;
ALTER TABLE complaints ALTER COLUMN email_index DROP NOT NULL;
ALTER TABLE complaints
  ADD CONSTRAINT complaints_contact_email_with_portal
    CHECK (channel <> 'portal' OR (contact_email_enc IS NOT NULL AND email_index IS NOT NULL));
