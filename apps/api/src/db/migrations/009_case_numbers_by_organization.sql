-- Case numbers carry their organisation and are unique across the group (issue 11): the five
-- "CD-2026-00001" of five organisations become MAS-2026-00001, CEM-2026-00001, … The sequence stays
-- per organisation and year (case_counters); the prefixes are CASE_NUMBER_PREFIXES in
-- packages/shared/src/organizations.ts, as they were when this migration was written.
UPDATE complaints AS c
SET case_number = p.prefix || substr(c.case_number, 3)
FROM (VALUES
  ('f5b7a23f-d15f-4c2f-8bd5-b88cb8fc33ae'::uuid, 'MAS'),
  ('90d44edd-9778-410e-931f-f8a5ec8877af'::uuid, 'CEM'),
  ('81e2581e-bb32-4cb4-afd3-c57c552dfded'::uuid, 'ASV'),
  ('212e1158-ff88-4623-ba0d-f06351e8d533'::uuid, 'OTEC'),
  ('eb89b439-7ca3-451a-b819-af6188fe6521'::uuid, 'RCR'),
  ('8bf201dc-9a12-4b68-80fa-7afd360c0f94'::uuid, 'CAT'),
  ('c8b90de8-a533-481c-bd5e-ebfae9da0dee'::uuid, 'CDS'),
  ('db3345eb-05db-4f1b-8446-aca85c0711e0'::uuid, 'CLI'),
  ('10b7758a-a3b4-4044-b6dd-e3b590b10894'::uuid, 'CLA'),
  ('77b0afde-0c52-4044-a418-1db4c7d1b6c7'::uuid, 'CLC'),
  ('674262db-e253-4898-991f-7d27612bdd89'::uuid, 'CMA'),
  ('27a32861-a8d1-4ab9-88a6-0581dc7b3545'::uuid, 'CPO'),
  ('c9f8f7f9-40ec-4806-ab58-a6359d0162ee'::uuid, 'CPM')
) AS p (organization_id, prefix)
WHERE c.organization_id = p.organization_id AND c.case_number LIKE 'CD-%';

DROP INDEX complaints_case_number;
CREATE UNIQUE INDEX complaints_case_number ON complaints (case_number);
