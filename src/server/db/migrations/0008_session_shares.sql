-- Read-only links to a session: whoever holds the token sees that session's laps, figures and
-- map without signing in, until the link expires or is revoked. Only a hash of the token is
-- kept (the token itself is shown once, in the link), so a copy of the database opens nothing.
CREATE TABLE session_shares (
	id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
	session_id uuid NOT NULL REFERENCES sessions (id) ON DELETE CASCADE,
	created_by uuid REFERENCES users (id) ON DELETE SET NULL,
	-- sha256 (hex) of the token; tokens are 256-bit random, so a fast hash is enough.
	token_hash text NOT NULL UNIQUE CHECK (token_hash ~ '^[0-9a-f]{64}$'),
	-- A comparison of two laps to open the link on (both or neither).
	comparison_lap integer CHECK (comparison_lap >= 1),
	comparison_ref_lap integer CHECK (comparison_ref_lap >= 1),
	created_at timestamptz NOT NULL DEFAULT now(),
	expires_at timestamptz NOT NULL,
	revoked_at timestamptz,
	CHECK ((comparison_lap IS NULL) = (comparison_ref_lap IS NULL)),
	CHECK (expires_at > created_at)
);
CREATE INDEX session_shares_session_idx ON session_shares (session_id, expires_at)
	WHERE revoked_at IS NULL;
