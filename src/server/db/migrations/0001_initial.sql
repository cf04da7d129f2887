-- Users: riders, sellers and admins. A user may be pre-created by e-mail before first sign-in.
CREATE TABLE users (
	id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
	email text NOT NULL UNIQUE CHECK (email = lower(email) AND length(email) BETWEEN 3 AND 320),
	oidc_issuer text,
	oidc_subject text,
	display_name text,
	photo_url text,
	wifi_ssid text NOT NULL DEFAULT '',
	-- AES-256-GCM, "v1:<iv>:<tag>:<ciphertext>" in base64url; null = never set.
	wifi_password_enc text,
	pilot_name text NOT NULL DEFAULT '',
	bike_number text NOT NULL DEFAULT '',
	is_admin boolean NOT NULL DEFAULT false,
	is_seller boolean NOT NULL DEFAULT false,
	seller_id uuid REFERENCES users (id) ON DELETE SET NULL,
	hardware_id text,
	created_at timestamptz NOT NULL DEFAULT now(),
	updated_at timestamptz NOT NULL DEFAULT now(),
	last_sign_in_at timestamptz,
	UNIQUE (oidc_issuer, oidc_subject),
	CHECK ((oidc_issuer IS NULL) = (oidc_subject IS NULL)),
	CHECK (seller_id IS NULL OR seller_id <> id)
);
CREATE INDEX users_seller_id_idx ON users (seller_id);

-- Loggers. owner_id null = company stock.
CREATE TABLE hardware (
	id text PRIMARY KEY CHECK (id ~ '^[A-Za-z0-9_-]{1,64}$'),
	name text,
	owner_id uuid UNIQUE REFERENCES users (id) ON DELETE SET NULL,
	seller_id uuid REFERENCES users (id) ON DELETE SET NULL,
	last_seen_at timestamptz,
	firmware_version text,
	-- sha256 (hex) of the device key; keys are 256-bit random, so a fast hash is enough.
	device_key_hash text UNIQUE,
	key_rotated_at timestamptz,
	created_at timestamptz NOT NULL DEFAULT now(),
	updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX hardware_seller_id_idx ON hardware (seller_id);

ALTER TABLE users
	ADD CONSTRAINT users_hardware_id_fkey FOREIGN KEY (hardware_id) REFERENCES hardware (id) ON DELETE SET NULL,
	ADD CONSTRAINT users_hardware_id_key UNIQUE (hardware_id);

-- Recorded sessions: one per (logger, track, date). rider_id is the logger's owner when the
-- session was first received, so a logger that changes hands does not take its sessions along.
CREATE TABLE sessions (
	id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
	hardware_id text NOT NULL REFERENCES hardware (id) ON DELETE CASCADE,
	rider_id uuid REFERENCES users (id) ON DELETE SET NULL,
	track text NOT NULL CHECK (length(track) BETWEEN 1 AND 64),
	date date NOT NULL,
	lap_object_key text,
	lap_sha256 text,
	gps_object_key text,
	gps_sha256 text,
	-- Incremented each time a new version of the files is ingested.
	version integer NOT NULL DEFAULT 0,
	status text NOT NULL DEFAULT 'received' CHECK (status IN ('received', 'processed', 'failed')),
	report jsonb NOT NULL DEFAULT '[]'::jsonb,
	summary jsonb,
	error text,
	created_at timestamptz NOT NULL DEFAULT now(),
	updated_at timestamptz NOT NULL DEFAULT now(),
	processed_at timestamptz,
	UNIQUE (hardware_id, track, date)
);
CREATE INDEX sessions_rider_idx ON sessions (rider_id, track, date);
CREATE INDEX sessions_status_idx ON sessions (status) WHERE status = 'received';

-- One row per lap; the GPS path is stored compactly in one bytea, never one row per point.
CREATE TABLE laps (
	session_id uuid NOT NULL REFERENCES sessions (id) ON DELETE CASCADE,
	lap_number integer NOT NULL CHECK (lap_number >= 1),
	time_ms integer NOT NULL CHECK (time_ms >= 0),
	battery text NOT NULL DEFAULT '',
	entry_sec integer NOT NULL,
	distance_m integer NOT NULL,
	sprint_count integer NOT NULL,
	sectors jsonb NOT NULL,
	point_count integer NOT NULL DEFAULT 0,
	max_speed_kmh real,
	min_speed_kmh real,
	max_roll_deg real,
	min_roll_deg real,
	path bytea,
	PRIMARY KEY (session_id, lap_number)
);

CREATE TABLE audit_log (
	id bigserial PRIMARY KEY,
	at timestamptz NOT NULL DEFAULT now(),
	actor_id uuid REFERENCES users (id) ON DELETE SET NULL,
	-- Kept even when the actor is deleted: an e-mail, "cli" or "device:<id>".
	actor_label text NOT NULL,
	action text NOT NULL,
	target_type text NOT NULL,
	target_id text NOT NULL,
	details jsonb NOT NULL DEFAULT '{}'::jsonb
);
CREATE INDEX audit_log_at_idx ON audit_log (at DESC);

-- Server-side sign-in sessions; the cookie carries a random id, the table only its hash.
CREATE TABLE auth_sessions (
	id_hash text PRIMARY KEY,
	user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
	created_at timestamptz NOT NULL DEFAULT now(),
	last_seen_at timestamptz NOT NULL DEFAULT now(),
	expires_at timestamptz NOT NULL,
	user_agent text
);
CREATE INDEX auth_sessions_user_idx ON auth_sessions (user_id);
CREATE INDEX auth_sessions_expires_idx ON auth_sessions (expires_at);
