import type { MatrixRow } from "../test/access-matrix-types";

/** Public: every page, the sign-in page included, asks whether to show the demo banner. */
export const instanceRouteMatrix: MatrixRow[] = [
	{
		method: "GET",
		url: () => "/api/instance",
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
