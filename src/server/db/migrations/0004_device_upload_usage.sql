-- Bytes each logger sent per UTC day, for the daily upload quota. A PUT adds the bytes it
-- received; a tus upload adds its whole announced length when it is created, so an unfinished
-- upload counts too (tus deletes it after 24 h). Old days are deleted by the server.
CREATE TABLE device_upload_usage (
	hardware_id text NOT NULL REFERENCES hardware (id) ON DELETE CASCADE,
	day date NOT NULL,
	bytes bigint NOT NULL DEFAULT 0 CHECK (bytes >= 0),
	PRIMARY KEY (hardware_id, day)
);
