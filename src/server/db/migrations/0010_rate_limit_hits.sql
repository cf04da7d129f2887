-- Request counters of the rate limiter (sign-in), shared by every instance: one row per
-- route and client address, counting the hits of the window that ends at window_ends_at.
-- Rows of windows long over are deleted now and then by the instances themselves.
CREATE TABLE rate_limit_hits (
	key text PRIMARY KEY,
	hits integer NOT NULL,
	window_ends_at timestamptz NOT NULL
);
CREATE INDEX rate_limit_hits_window_idx ON rate_limit_hits (window_ends_at);
