-- How many times the start-up recovery tried to ingest a pending session since its files last
-- changed. Bounded: a session whose ingest keeps failing (or crashing the process) is marked
-- failed with the reason instead of being retried at every start for ever.
ALTER TABLE sessions ADD COLUMN ingest_attempts integer NOT NULL DEFAULT 0;
