-- Bytes imported for each rider per UTC day, for the daily import quota (README, "Limites de
-- importação"). Counted for the rider whose session it would be, whoever sends the file: a
-- POST adds the bytes it received; a resumable upload adds its whole announced length when it
-- is created, so an unfinished upload counts too (it is deleted after 24 h). Old days are
-- deleted by the server.
CREATE TABLE import_upload_usage (
	rider_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
	day date NOT NULL,
	bytes bigint NOT NULL DEFAULT 0 CHECK (bytes >= 0),
	PRIMARY KEY (rider_id, day)
);
