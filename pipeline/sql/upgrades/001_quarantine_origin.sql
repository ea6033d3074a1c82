-- quarantine gains where each body was read (origin) and its sha256; older rows keep NULL.
ALTER TABLE quarantine ADD COLUMN IF NOT EXISTS origin VARCHAR;
ALTER TABLE quarantine ADD COLUMN IF NOT EXISTS sha256 VARCHAR;
