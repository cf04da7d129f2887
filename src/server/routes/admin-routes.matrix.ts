import type { MatrixActor, MatrixRow } from "../test/access-matrix-types";

/**
 * Access matrix of the management API. Every mutating row is a no-op for the actor it allows
 * (re-assigning what is already assigned, re-setting a flag already set, or an existing id that
 * answers 409 / an absent one that answers 404), so the rows may run in any order.
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

const SELLERS_AND_ADMIN: Record<MatrixActor, number> = {
	anonymous: 401,
	device: 401,
	riderA: 403,
	riderB: 403,
	sellerS1: 200,
	sellerS2: 200,
	admin: 200,
};

const enc = encodeURIComponent;
const ABSENT_LOGGER = "matrix-absent-logger";
const ABSENT_USER = "00000000-0000-4000-8000-00000000dead";

export const adminRouteMatrix: MatrixRow[] = [
	// /adm, /seller-adm: users, sellers, roles
	{ method: "GET", url: () => "/api/admin/users", expected: ADMIN_ONLY() },
	{ method: "GET", url: () => "/api/admin/sellers", expected: ADMIN_ONLY() },
	{
		method: "POST",
		url: () => "/api/admin/users",
		body: (fx) => ({ email: fx.riderA.email }),
		expected: ADMIN_ONLY(409),
	},
	{
		method: "PATCH",
		url: (fx) => `/api/admin/users/${fx.sellerS1.id}/roles`,
		body: () => ({ isSeller: true }),
		expected: ADMIN_ONLY(),
	},
	{
		method: "POST",
		// An absent user: signing out a fixture's user would end an actor's own session.
		url: () => `/api/admin/users/${ABSENT_USER}/sign-out`,
		expected: ADMIN_ONLY(404),
	},
	{
		method: "PUT",
		url: (fx) => `/api/admin/users/${fx.riderA.id}/seller`,
		body: (fx) => ({ sellerId: fx.sellerS1.id }),
		expected: ADMIN_ONLY(),
	},
	// /hardware and /adm: loggers
	{ method: "GET", url: () => "/api/admin/hardware", expected: ADMIN_ONLY() },
	{
		method: "POST",
		url: () => "/api/admin/hardware",
		body: (fx) => ({ id: fx.hardwareA }),
		expected: ADMIN_ONLY(409),
	},
	{
		// Rotating a real logger's key would lock the device rows out: an absent id answers 404.
		method: "POST",
		url: () => `/api/admin/hardware/${ABSENT_LOGGER}/key`,
		expected: ADMIN_ONLY(404),
	},
	{
		method: "PATCH",
		url: (fx) => `/api/admin/hardware/${enc(fx.stockS1)}`,
		body: () => ({ name: "Estoque S1" }),
		expected: ADMIN_ONLY(),
	},
	{
		method: "PUT",
		url: (fx) => `/api/admin/hardware/${enc(fx.stockS1)}/seller`,
		body: (fx) => ({ sellerId: fx.sellerS1.id }),
		expected: ADMIN_ONLY(),
	},
	{
		method: "PUT",
		url: (fx) => `/api/admin/hardware/${enc(fx.hardwareA)}/owner`,
		body: (fx) => ({ riderId: fx.riderA.id }),
		expected: ADMIN_ONLY(),
	},
	{
		// Stock has no owner: returning it to stock changes nothing.
		method: "DELETE",
		url: (fx) => `/api/admin/hardware/${enc(fx.stockS1)}/owner`,
		expected: ADMIN_ONLY(),
	},
	// Audit log
	{ method: "GET", url: () => "/api/admin/audit?limit=10", expected: ADMIN_ONLY() },
	{ method: "GET", url: () => "/api/admin/audit?limit=500", expected: ADMIN_ONLY(400) },
	// /seller: each seller sees their own; an admin sees their own (none)
	{ method: "GET", url: () => "/api/seller/riders", expected: SELLERS_AND_ADMIN },
	{ method: "GET", url: () => "/api/seller/stock", expected: SELLERS_AND_ADMIN },
	{
		// riderA (S1's rider) already has hardwareA: allowed for S1 only, and a no-op.
		method: "PUT",
		url: (fx) => `/api/seller/hardware/${enc(fx.hardwareA)}/owner`,
		body: (fx) => ({ riderId: fx.riderA.id }),
		expected: { ...SELLERS_AND_ADMIN, sellerS2: 403, admin: 403 },
	},
	{
		// riderB has no seller: nobody may give them a logger from the seller screen.
		method: "PUT",
		url: (fx) => `/api/seller/hardware/${enc(fx.stockS1)}/owner`,
		body: (fx) => ({ riderId: fx.riderB.id }),
		expected: { ...SELLERS_AND_ADMIN, sellerS1: 403, sellerS2: 403, admin: 403 },
	},
	{
		// A new key for a logger of S1's stock: S1 only (the device actor's logger is not touched).
		method: "POST",
		url: (fx) => `/api/seller/hardware/${enc(fx.stockS1)}/key`,
		expected: { ...SELLERS_AND_ADMIN, sellerS2: 403, admin: 403 },
	},
	{
		// riderB is S2's rider: S2 may rotate the key of riderB's logger, S1 may not.
		method: "POST",
		url: (fx) => `/api/seller/hardware/${enc(fx.hardwareB)}/key`,
		expected: { ...SELLERS_AND_ADMIN, sellerS1: 403, admin: 403 },
	},
];
