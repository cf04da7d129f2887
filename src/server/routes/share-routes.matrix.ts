import type { MatrixActor, MatrixRow } from "../test/access-matrix-types";

/**
 * Access matrix of read-only links. riderA owns sessionA: only riderA creates links to it
 * (201); riderA's seller S1 and the admin may read the session, so they see and revoke its
 * links but may not create one (403); to riderB and seller S2 the session and its links do not
 * exist (404). A link opens for anyone holding its token, signed in or not, a logger included;
 * an expired, revoked or made-up token answers 404 to everyone.
 */

const status = (
	signedIn: Record<"riderA" | "riderB" | "sellerS1" | "sellerS2" | "admin", number>,
): Record<MatrixActor, number> => ({ anonymous: 401, device: 401, ...signedIn });

const everyone = (code: number): Record<MatrixActor, number> => ({
	anonymous: code,
	device: code,
	riderA: code,
	riderB: code,
	sellerS1: code,
	sellerS2: code,
	admin: code,
});

const ABSENT = "00000000-0000-4000-8000-000000000000";
const MADE_UP_TOKEN = "A".repeat(43);

export const shareRoutesMatrix: MatrixRow[] = [
	{
		method: "POST",
		url: (fx) => `/api/sessions/${fx.sessionA}/shares`,
		body: () => ({ expiresInDays: 7 }),
		expected: status({ riderA: 201, riderB: 404, sellerS1: 403, sellerS2: 404, admin: 403 }),
	},
	{
		method: "POST",
		url: () => `/api/sessions/${ABSENT}/shares`,
		body: () => ({}),
		expected: status({ riderA: 404, riderB: 404, sellerS1: 404, sellerS2: 404, admin: 404 }),
	},
	{
		method: "GET",
		url: (fx) => `/api/sessions/${fx.sessionA}/shares`,
		expected: status({ riderA: 200, riderB: 404, sellerS1: 200, sellerS2: 404, admin: 200 }),
	},
	{
		method: "DELETE",
		url: (fx) => `/api/shares/${fx.shareA.id}`,
		expected: status({ riderA: 200, riderB: 404, sellerS1: 200, sellerS2: 404, admin: 200 }),
	},
	{
		method: "DELETE",
		url: () => `/api/shares/${ABSENT}`,
		expected: status({ riderA: 404, riderB: 404, sellerS1: 404, sellerS2: 404, admin: 404 }),
	},
	{ method: "GET", url: (fx) => `/api/shared/${fx.shareA.token}`, expected: everyone(200) },
	{
		method: "GET",
		url: (fx) => `/api/shared/${fx.shareA.token}/laps/1/path`,
		expected: everyone(200),
	},
	{ method: "GET", url: (fx) => `/api/shared/${fx.shareA.token}/paths`, expected: everyone(200) },
	{
		method: "GET",
		url: (fx) => `/api/shared/${fx.shareA.token}/export?format=kml`,
		expected: everyone(200),
	},
	{
		method: "GET",
		url: (fx) => `/api/shared/${fx.shareA.token}/export?format=csv&lap=1`,
		expected: everyone(200),
	},
	{ method: "GET", url: (fx) => `/api/shared/${fx.expiredShareToken}`, expected: everyone(404) },
	{
		method: "GET",
		url: (fx) => `/api/shared/${fx.expiredShareToken}/export?format=gpx`,
		expected: everyone(404),
	},
	{
		method: "GET",
		url: (fx) => `/api/shared/${fx.revokedShareToken}/export?format=gpx`,
		expected: everyone(404),
	},
	{ method: "GET", url: (fx) => `/api/shared/${fx.revokedShareToken}`, expected: everyone(404) },
	{
		method: "GET",
		url: (fx) => `/api/shared/${fx.revokedShareToken}/paths`,
		expected: everyone(404),
	},
	{
		method: "GET",
		url: (fx) => `/api/shared/${fx.expiredShareToken}/laps/1/path`,
		expected: everyone(404),
	},
	{ method: "GET", url: () => `/api/shared/${MADE_UP_TOKEN}`, expected: everyone(404) },
];
