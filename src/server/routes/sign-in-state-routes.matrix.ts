import type { MatrixRow } from "../test/access-matrix-types";

/** Public: everyone gets 200 (with `user` null when not signed in, a logger included). */
export const signInStateRouteMatrix: MatrixRow[] = [
	{
		method: "GET",
		url: () => "/api/me/state",
		expected: {
			anonymous: 200,
			device: 200,
			riderA: 200,
			riderB: 200,
			sellerS1: 200,
			sellerS2: 200,
			admin: 200,
		},
	},
];
