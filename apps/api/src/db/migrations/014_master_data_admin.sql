-- Master-data administration (issue 11, decision 0020).

-- A row complaints may point at is never deleted: an administrator retires it instead. A retired
-- row is no longer offered by the portal; cases that hold it keep showing its name.
ALTER TABLE master_zones ADD COLUMN active boolean NOT NULL DEFAULT true;
ALTER TABLE master_agencies ADD COLUMN active boolean NOT NULL DEFAULT true;
ALTER TABLE master_categories ADD COLUMN active boolean NOT NULL DEFAULT true;
ALTER TABLE master_types ADD COLUMN active boolean NOT NULL DEFAULT true;
ALTER TABLE master_options ADD COLUMN active boolean NOT NULL DEFAULT true;

-- One row: the master data's version. Every edit (and a seed) bumps it in its own transaction,
-- which also queues edits one after another. Each API instance keeps the catalogue in memory with
-- the version it read and checks this row (one primary-key read) before answering from it, so an
-- edit on one instance shows on every instance at the next request.
CREATE TABLE master_data_version (
  singleton boolean PRIMARY KEY DEFAULT true CHECK (singleton),
  version bigint NOT NULL
);
INSERT INTO master_data_version (singleton, version) VALUES (true, 1);
