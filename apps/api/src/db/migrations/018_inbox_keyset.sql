-- Keyset paging of the back-office inbox (issue 13, decision 0025). The default order is the next
-- legal due date, cases without one last, then the id: this index holds exactly that order (a
-- missing date as the infinite date), so the first page and a page a million cases deep both read
-- only the rows they show, after a row comparison.
CREATE INDEX complaints_inbox_due ON complaints ((COALESCE(next_due_date, 'infinity'::date)), id);
