import type { MatrixActor, MatrixRow } from "../test/access-matrix-types";

/**
 * Access matrix of the session read API (read-only rows). riderA's data is readable by riderA,
 * riderA's seller S1 and the admin; to everyone else signed in it does not exist (404, the
 * same answer as for an absent id, so existence does not leak).
 */

const RIDER_A_DATA: Record<MatrixActor, number> = {
	anonymous: 401,
	device: 401,
	riderA: 200,
	riderB: 404,
	sellerS1: 200,
	sellerS2: 404,
	admin: 200,
};

const ANY_SIGNED_IN: Record<MatrixActor, number> = {
	anonymous: 401,
	device: 401,
	riderA: 200,
	riderB: 200,
	sellerS1: 200,
	sellerS2: 200,
	admin: 200,
};

const ABSENT_SESSION = "00000000-0000-4000-8000-000000000000";
const NOBODY_FINDS_IT: Record<MatrixActor, number> = {
	anonymous: 401,
	device: 401,
	riderA: 404,
	riderB: 404,
	sellerS1: 404,
	sellerS2: 404,
	admin: 404,
};

export const sessionRoutesMatrix: MatrixRow[] = [
	{ method: "GET", url: () => "/api/sessions/tree", expected: ANY_SIGNED_IN },
	{
		method: "GET",
		url: (fx) => `/api/sessions/tree?riderId=${fx.riderA.id}`,
		expected: RIDER_A_DATA,
	},
	{ method: "GET", url: (fx) => `/api/sessions/${fx.sessionA}`, expected: RIDER_A_DATA },
	{
		method: "GET",
		url: (fx) => `/api/sessions/${fx.sessionA}/laps/1/path`,
		expected: RIDER_A_DATA,
	},
	{ method: "GET", url: (fx) => `/api/sessions/${fx.sessionA}/paths`, expected: RIDER_A_DATA },
	{ method: "GET", url: (fx) => `/api/sessions/${fx.sessionA}/channels`, expected: RIDER_A_DATA },
	{
		method: "GET",
		url: (fx) => `/api/sessions/${fx.sessionA}/channels?lap=1`,
		expected: RIDER_A_DATA,
	},
	{
		// Back to the logger's laps, which the session already shows: a new version, same laps.
		method: "POST",
		url: (fx) => `/api/sessions/${fx.sessionA}/timing`,
		body: () => ({ timing: "logger" }),
		expected: RIDER_A_DATA,
	},
	{
		// The track's line: the fixture's track has the one its logger's lap counter implies.
		method: "POST",
		url: (fx) => `/api/sessions/${fx.sessionA}/timing`,
		body: () => ({ timing: "track" }),
		expected: RIDER_A_DATA,
	},
	{
		method: "GET",
		url: (fx) => `/api/sessions/${fx.sessionA}/export?format=gpx`,
		expected: RIDER_A_DATA,
	},
	{
		method: "GET",
		url: (fx) => `/api/sessions/${fx.sessionA}/export?format=vbo&lap=1`,
		expected: RIDER_A_DATA,
	},
	{ method: "GET", url: () => `/api/sessions/${ABSENT_SESSION}`, expected: NOBODY_FINDS_IT },
	{
		method: "GET",
		url: () => `/api/sessions/${ABSENT_SESSION}/export?format=csv`,
		expected: NOBODY_FINDS_IT,
	},
	{
		method: "POST",
		url: () => `/api/sessions/${ABSENT_SESSION}/timing`,
		body: () => ({ timing: "logger" }),
		expected: NOBODY_FINDS_IT,
	},
	{
		method: "GET",
		url: () => `/api/sessions/${ABSENT_SESSION}/channels`,
		expected: NOBODY_FINDS_IT,
	},
];
