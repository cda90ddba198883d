-- Resumable uploads of staff replies (tus, issue 21; decision 0074). An upload is a complaint's
-- (sealed with its data key) and, since this migration, either the complainant's (NULL) or one
-- staff member's: only its owner resumes it and names it in their call (the complainant's
-- «Faltan antecedentes», the staff member's reply), so neither side can attach the other's.
ALTER TABLE resumable_uploads
  ADD COLUMN staff_user_id bigint REFERENCES staff_users (id) ON DELETE CASCADE;
