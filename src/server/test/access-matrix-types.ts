/**
 * The access-control matrix: every route of the app, called as every kind of actor, with the
 * status each must get. Route modules export rows from `*.matrix.ts` files next to them;
 * `access-matrix.db.test.ts` runs them all and fails when a registered route has no row.
 *
 * Each (row, actor) call gets a fresh fixture, so a row that changes data cannot disturb another:
 * riderA (seller S1, logger hardwareA, Meus Dados filled) and riderB (seller S2, logger
 * hardwareB); sellers S1 and S2 (is_seller); an admin; stockS1 (seller S1, no owner); sessionA
 * recorded by hardwareA for riderA and processed, with an active read-only link (shareA), an
 * expired one and a revoked one. The "device" actor is hardwareA's key.
 */
export type MatrixActor =
	| "anonymous"
	| "riderA"
	| "riderB"
	| "sellerS1"
	| "sellerS2"
	| "admin"
	| "device";

export interface MatrixFixture {
	riderA: { id: string; email: string };
	riderB: { id: string; email: string };
	sellerS1: { id: string };
	sellerS2: { id: string };
	admin: { id: string };
	/** The logger of riderA; the "device" actor authenticates as this logger. */
	hardwareA: string;
	/** The logger of riderB. */
	hardwareB: string;
	/** A logger in S1's stock (seller S1, no owner). */
	stockS1: string;
	/** A processed session of riderA (recorded by hardwareA), with lap 1. */
	sessionA: string;
	/** An active read-only link to sessionA: its id and the token its URL carries. */
	shareA: { id: string; token: string };
	/** Tokens of links to sessionA that expired, and that riderA revoked. */
	expiredShareToken: string;
	revokedShareToken: string;
}

export interface MatrixRow {
	/** OPTIONS: for the routes that answer it themselves (the tus protocol's capability discovery). */
	method: "GET" | "POST" | "PUT" | "PATCH" | "DELETE" | "OPTIONS";
	url: (fx: MatrixFixture) => string;
	body?: (fx: MatrixFixture) => unknown;
	headers?: (fx: MatrixFixture) => Record<string, string>;
	expected: Record<MatrixActor, number>;
}
