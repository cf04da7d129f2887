-- A session whose stored files changed and have not been parsed yet: set when an upload is
-- recorded, cleared by the ingest that parses it (or records its failure). At start, every
-- session with it set is ingested again, so an upload acknowledged to a logger just before a
-- crash is never left unparsed. The previous good version stays readable meanwhile.
ALTER TABLE sessions ADD COLUMN pending_since timestamptz;
CREATE INDEX sessions_pending_idx ON sessions (pending_since) WHERE pending_since IS NOT NULL;
