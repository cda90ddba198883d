-- Law 21.719 (issue 19, decision 0065): a mail given up (`failed`) keeps its sealed recipient and
-- data, and one about no case (a code recovery lists every case of a person) is reached by no
-- case's erasure; a sent one keeps its kind, organisation and case. Both now have a lifetime: the
-- hourly sweep deletes them 30 days after they were queued (`maintenanceRepository`). This index
-- finds them without reading the queue.
CREATE INDEX outbox_finished ON outbox (created_at) WHERE status IN ('sent', 'failed');
