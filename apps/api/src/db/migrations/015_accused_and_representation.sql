-- Law 21.643 complaints (types 26–28, issue 11, decision 0021): who is accused and their position,
-- and the basis on which someone files on another person's behalf. Personal data: sealed under the
-- complaint's data key like the complainant (`accused_enc`: JSON {nombre, cargo};
-- `representation_enc`: the basis, present exactly when filed on someone's behalf). Whether the
-- accused is the employer's manager or legal representative is the plain mark that the case must
-- be referred to the Dirección del Trabajo.
ALTER TABLE complaints ADD COLUMN accused_enc text;
ALTER TABLE complaints ADD COLUMN representation_enc text;
ALTER TABLE complaints ADD COLUMN refer_to_dt boolean NOT NULL DEFAULT false;
