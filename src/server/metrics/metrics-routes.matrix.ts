import type { MatrixActor, MatrixRow } from "../test/access-matrix-types";

/**
 * /metrics opens to METRICS_TOKEN only: no one signed in, no logger, not even an admin (the
 * matrix app runs with METRICS_TOKEN set to this token).
 */
export const MATRIX_METRICS_TOKEN = "matrix-metrics-token-0123456789abcdef";

const nobody: Record<MatrixActor, number> = {
	anonymous: 401,
	riderA: 401,
	riderB: 401,
	sellerS1: 401,
	sellerS2: 401,
	admin: 401,
	device: 401,
};

const withToken: Record<MatrixActor, number> = {
	anonymous: 200,
	riderA: 200,
	riderB: 200,
	sellerS1: 200,
	sellerS2: 200,
	admin: 200,
	device: 200,
};

export const metricsRoutesMatrix: MatrixRow[] = [
	{ method: "GET", url: () => "/metrics", expected: nobody },
	{
		method: "GET",
		url: () => "/metrics",
		headers: () => ({ authorization: "Bearer not-the-metrics-token-0123456789abcdef" }),
		expected: nobody,
	},
	{
		method: "GET",
		url: () => "/metrics",
		headers: () => ({ authorization: `Bearer ${MATRIX_METRICS_TOKEN}` }),
		expected: withToken,
	},
];
