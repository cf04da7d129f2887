import type { MatrixActor, MatrixRow } from "../../test/access-matrix-types";

/** The admin overview: admins only; a bad `since` is a 400 for them (and still 401/403 for others). */
const ADMIN_ONLY = (adminStatus: number): Record<MatrixActor, number> => ({
	anonymous: 401,
	device: 401,
	riderA: 403,
	riderB: 403,
	sellerS1: 403,
	sellerS2: 403,
	admin: adminStatus,
});

export const overviewRouteMatrix: MatrixRow[] = [
	{ method: "GET", url: () => "/api/admin/overview", expected: ADMIN_ONLY(200) },
	{
		method: "GET",
		url: () => "/api/admin/overview?since=2025-03-15T03%3A00%3A00.000Z",
		expected: ADMIN_ONLY(200),
	},
	{ method: "GET", url: () => "/api/admin/overview?since=ontem", expected: ADMIN_ONLY(400) },
];
