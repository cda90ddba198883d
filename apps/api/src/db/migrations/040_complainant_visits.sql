-- The complainant's detail page says what is new since their last visit (issue 22, decision
-- 0061): when they signed in last and the time before. Only instants, only for them; staff never
-- read these columns, and the erasure clears them.
ALTER TABLE complaints ADD COLUMN complainant_visited_at timestamptz;
ALTER TABLE complaints ADD COLUMN complainant_previous_visit_at timestamptz;
