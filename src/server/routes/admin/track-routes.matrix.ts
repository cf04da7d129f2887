import type { MatrixActor, MatrixRow } from "../../test/access-matrix-types";

/**
 * Access matrix of the track API (admins only). The rows change nothing for the actor they
 * allow: the fixture's session made a track "interlagos" (a name taken: 409), and an absent
 * track answers 404.
 */
const ADMIN_ONLY = (adminStatus = 200): Record<MatrixActor, number> => ({
	anonymous: 401,
	device: 401,
	riderA: 403,
	riderB: 403,
	sellerS1: 403,
	sellerS2: 403,
	admin: adminStatus,
});

const ABSENT_TRACK = "00000000-0000-4000-8000-00000000000a";

export const trackRoutesMatrix: MatrixRow[] = [
	{ method: "GET", url: () => "/api/admin/tracks", expected: ADMIN_ONLY() },
	{
		method: "POST",
		url: () => "/api/admin/tracks",
		body: () => ({ name: "interlagos" }),
		expected: ADMIN_ONLY(409),
	},
	{
		method: "PATCH",
		url: () => `/api/admin/tracks/${ABSENT_TRACK}`,
		body: () => ({ lengthM: 4309 }),
		expected: ADMIN_ONLY(404),
	},
];
