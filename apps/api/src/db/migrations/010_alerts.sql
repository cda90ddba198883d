-- Nobody may miss a complaint (issue 11): who is told of a new complaint, the acknowledgement the
-- system records itself, and one complainant mail per burst of staff actions.

-- Routing rules: besides an organisation's administrators and investigators, a rule adds a person
-- to the receivers of the new complaints of one organisation (of one category, or of every
-- category when category_id is NULL); with assigns, the case is also assigned to that person.
CREATE TABLE alert_rules (
  id bigserial PRIMARY KEY,
  organization_id uuid NOT NULL,
  category_id integer,
  user_id bigint NOT NULL REFERENCES staff_users (id) ON DELETE CASCADE,
  assigns boolean NOT NULL DEFAULT false,
  created_at timestamptz NOT NULL DEFAULT now(),
  FOREIGN KEY (organization_id, category_id) REFERENCES master_categories (organization_id, id)
);
-- One rule per person and scope; one person at most receives the case by assignment per scope.
CREATE UNIQUE INDEX alert_rules_person ON alert_rules (organization_id, coalesce(category_id, 0), user_id);
CREATE UNIQUE INDEX alert_rules_assignee ON alert_rules (organization_id, coalesce(category_id, 0)) WHERE assigns;

-- A milestone the system records itself (the acknowledgement of receipt, when the confirmation
-- mail is queued) has no staff author.
ALTER TABLE case_milestones ALTER COLUMN recorded_by DROP NOT NULL;

-- Mails that may be merged while still waiting (the complainant's "your complaint has news"): at
-- most one pending row per key. A drain clears the key when it claims the row, so a row given back
-- or retried never collides with a newer one.
ALTER TABLE outbox ADD COLUMN coalesce_key text;
CREATE UNIQUE INDEX outbox_coalesce ON outbox (coalesce_key) WHERE status = 'pending';
