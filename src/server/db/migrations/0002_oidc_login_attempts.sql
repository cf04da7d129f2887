-- Sign-in attempts in flight (OpenID Connect authorization requests), kept until the callback
-- or for 10 minutes. Keyed by a hash of `state`; bound to the browser that started the attempt
-- by a hash of its login cookie; deleted when used, so a callback cannot be replayed.
CREATE TABLE oidc_login_attempts (
	state_hash text PRIMARY KEY,
	browser_hash text NOT NULL,
	-- state, nonce and PKCE verifier, sealed with AES-256-GCM (purpose "oidc-attempt").
	sealed text NOT NULL,
	popup boolean NOT NULL,
	created_at timestamptz NOT NULL DEFAULT now(),
	expires_at timestamptz NOT NULL
);
CREATE INDEX oidc_login_attempts_expires_idx ON oidc_login_attempts (expires_at);
