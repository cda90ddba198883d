-- Law 21.719 (issue 19): a mail about one case names it, so the case's erasure deletes its mail in
-- any state; a mail given up (`failed`) keeps its sealed recipient and data, and must not outlive
-- the case. Mail about no case, or about several (a code recovery, a digest), has none.
ALTER TABLE outbox ADD COLUMN complaint_id bigint;
CREATE INDEX outbox_complaint ON outbox (complaint_id) WHERE complaint_id IS NOT NULL;
