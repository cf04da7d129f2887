import type { MatrixActor, MatrixRow } from "../test/access-matrix-types";

/**
 * Access matrix of the comparison's reference choices and the track page: riderA's data is
 * readable by riderA, riderA's seller S1 and the admin; to everyone else signed in it does not
 * exist (404). Every signed-in user has their own (possibly empty) track page.
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

const RIDER_A_LAP_ABSENT: Record<MatrixActor, number> = {
	...RIDER_A_DATA,
	riderA: 404,
	sellerS1: 404,
	admin: 404,
};

const ABSENT_SESSION = "00000000-0000-4000-8000-000000000000";

export const lapHistoryRoutesMatrix: MatrixRow[] = [
	{
		method: "GET",
		url: (fx) => `/api/sessions/${fx.sessionA}/laps/1/references`,
		expected: RIDER_A_DATA,
	},
	{
		method: "GET",
		url: (fx) => `/api/sessions/${fx.sessionA}/laps/999/references`,
		expected: RIDER_A_LAP_ABSENT,
	},
	{
		method: "GET",
		url: () => `/api/sessions/${ABSENT_SESSION}/laps/1/references`,
		expected: {
			anonymous: 401,
			device: 401,
			riderA: 404,
			riderB: 404,
			sellerS1: 404,
			sellerS2: 404,
			admin: 404,
		},
	},
	{ method: "GET", url: () => "/api/tracks/history?track=interlagos", expected: ANY_SIGNED_IN },
	{
		method: "GET",
		url: (fx) => `/api/tracks/history?track=interlagos&riderId=${fx.riderA.id}`,
		expected: RIDER_A_DATA,
	},
	{
		method: "GET",
		url: (fx) => `/api/tracks/history?track=interlagos&riderId=${fx.riderB.id}`,
		expected: {
			anonymous: 401,
			device: 401,
			riderA: 404,
			riderB: 200,
			sellerS1: 404,
			sellerS2: 200,
			admin: 200,
		},
	},
];
