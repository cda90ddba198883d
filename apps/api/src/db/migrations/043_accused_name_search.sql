-- Issue 19 (Law 21.719): staff answering a request of an accused person find the cases that name
-- them through a keyed blind index of the accused person's name, as they find a complainant's by
-- RUT or e-mail (decision 0014), never by decrypting in bulk (decision 0072). Each element is the
-- keyed digest of one pair of the name's words (search-index.ts); GIN answers "contains all".
ALTER TABLE complaints ADD COLUMN accused_search text[];
CREATE INDEX complaints_accused_search ON complaints USING gin (accused_search);
-- Every complaint that names an accused person and is not erased is indexed again at the next
-- start (indexPendingComplaints opens its sealed name once, there).
UPDATE complaints SET search_indexed = false WHERE accused_enc IS NOT NULL AND erased_at IS NULL;
