-- Sessions from any recording. A logger's session keeps its logger (hardware_id) and files;
-- an imported one has no logger: it belongs to the rider who imported it (rider_id) and keeps
-- its original file (source_*), from which it can always be derived again.
ALTER TABLE sessions ALTER COLUMN hardware_id DROP NOT NULL;
ALTER TABLE sessions
	ADD COLUMN track_id uuid REFERENCES tracks (id) ON DELETE SET NULL,
	ADD COLUMN source_format text NOT NULL DEFAULT 'six'
		CHECK (source_format IN ('six', 'racechrono', 'vbo', 'nmea', 'gpx', 'trackaddict', 'racecapture', 'aim')),
	ADD COLUMN source_device text,
	ADD COLUMN source_file_name text,
	ADD COLUMN source_object_key text,
	ADD COLUMN source_sha256 text,
	-- Which laps the laps table holds: the logger's own, timed from a line, from the file's
	-- markers, or none could be timed.
	ADD COLUMN timing_shown text NOT NULL DEFAULT 'logger'
		CHECK (timing_shown IN ('logger', 'line', 'markers', 'none')),
	-- The lines of a `line` timing ({startFinish, sectors, directionDeg}); null otherwise.
	ADD COLUMN timing_lines jsonb,
	-- The lean of the laps is estimated from the path (the source measured none).
	ADD COLUMN lean_estimated boolean NOT NULL DEFAULT false,
	ADD CONSTRAINT sessions_logger_or_import CHECK ((source_format = 'six') = (hardware_id IS NOT NULL)),
	ADD CONSTRAINT sessions_import_has_file CHECK (hardware_id IS NOT NULL OR source_object_key IS NOT NULL),
	ADD CONSTRAINT sessions_line_timing_has_lines CHECK ((timing_shown = 'line') = (timing_lines IS NOT NULL));
CREATE INDEX sessions_track_id_idx ON sessions (track_id);
