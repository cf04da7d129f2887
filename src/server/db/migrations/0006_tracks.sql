-- Tracks: a name and the lines laps are timed with. A logger session's track is its folder's
-- name; the first one at a place gets its start/finish line derived from where the logger's
-- lap counter changes, so recordings of other devices there can be timed with it.
-- Points are {"lat": degrees, "lon": degrees}; a line is {"a": point, "b": point}.
CREATE TABLE tracks (
	id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
	name text NOT NULL UNIQUE CHECK (length(name) BETWEEN 1 AND 64),
	-- null: no start/finish line known yet (sessions there keep the logger's laps).
	start_finish jsonb,
	-- Compass bearing a crossing must roughly follow; null = the majority of crossings decides.
	direction_deg double precision CHECK (direction_deg >= 0 AND direction_deg < 360),
	-- Intermediate lines in driving order.
	sectors jsonb NOT NULL DEFAULT '[]'::jsonb CHECK (jsonb_typeof(sectors) = 'array'),
	length_m double precision CHECK (length_m > 0),
	-- Who placed the start/finish line: an admin, the lap counter of a logger, a file's markers.
	lines_source text CHECK (lines_source IN ('admin', 'lap_counter', 'file')),
	created_at timestamptz NOT NULL DEFAULT now(),
	updated_at timestamptz NOT NULL DEFAULT now(),
	CHECK ((start_finish IS NULL) = (lines_source IS NULL)),
	CHECK (start_finish IS NOT NULL OR sectors = '[]'::jsonb)
);
