-- Finding a case (issue 11): keyed blind indexes of the complainant's RUT and e-mail (decision
-- 0014). Truncated HMACs under the 'case-search' key derived from the root key; NULL for an
-- anonymous complaint (staff must not find it by an address they never see) or a missing value.
-- Rows already here are indexed by the start-up step that follows the migrations
-- (`search_indexed` false until then): the keys are not in the database, so SQL cannot do it.
ALTER TABLE complaints ADD COLUMN rut_search text;
ALTER TABLE complaints ADD COLUMN email_search text;
ALTER TABLE complaints ADD COLUMN search_indexed boolean NOT NULL DEFAULT false;
-- An anonymous complaint has nothing to index: it is done already.
UPDATE complaints SET search_indexed = true WHERE is_anonymous;
CREATE INDEX complaints_rut_search ON complaints (rut_search) WHERE rut_search IS NOT NULL;
CREATE INDEX complaints_email_search ON complaints (email_search) WHERE email_search IS NOT NULL;
CREATE INDEX complaints_search_pending ON complaints (id) WHERE NOT search_indexed;

-- Risk/priority set by staff (issue 11): NULL until someone sets it.
ALTER TABLE complaints ADD COLUMN priority text
  CHECK (priority IN ('baja', 'media', 'alta', 'critica'));

-- Free labels staff put on a case (normalised: trimmed, single spaces, lower case).
CREATE TABLE case_tags (
  complaint_id bigint NOT NULL REFERENCES complaints (id) ON DELETE CASCADE,
  tag text NOT NULL,
  added_by bigint REFERENCES staff_users (id) ON DELETE SET NULL,
  added_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (complaint_id, tag)
);
CREATE INDEX case_tags_tag ON case_tags (tag);

-- Saved views of the inbox: a staff member's named filters and order (never the search text).
CREATE TABLE saved_views (
  id bigserial PRIMARY KEY,
  user_id bigint NOT NULL REFERENCES staff_users (id) ON DELETE CASCADE,
  name text NOT NULL,
  filters jsonb NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (user_id, name)
);

-- Links between cases: `complaint_id` is a duplicate of `linked_id`, or the two are related.
-- One row per pair (whichever case it was made from); both case pages show it.
CREATE TABLE case_links (
  complaint_id bigint NOT NULL REFERENCES complaints (id) ON DELETE CASCADE,
  linked_id bigint NOT NULL REFERENCES complaints (id) ON DELETE CASCADE,
  kind text NOT NULL CHECK (kind IN ('duplicado', 'relacionado')),
  created_by bigint REFERENCES staff_users (id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (complaint_id, linked_id),
  CHECK (complaint_id <> linked_id)
);
CREATE INDEX case_links_linked ON case_links (linked_id);
