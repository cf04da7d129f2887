import type { MatrixActor, MatrixRow } from "../test/access-matrix-types";

/**
 * Access matrix of importing a recording. The body is not a recording: every actor allowed
 * gets 400 (the file refused, nothing stored), so the rows change nothing. Importing for
 * riderA is for riderA, riderA's seller and admins; to the others riderA does not exist.
 */
const notARecording = {
	headers: () => ({ "content-type": "application/octet-stream" }),
	body: () => "não é uma gravação\n",
};

const ANY_SIGNED_IN: Record<MatrixActor, number> = {
	anonymous: 401,
	device: 401,
	riderA: 400,
	riderB: 400,
	sellerS1: 400,
	sellerS2: 400,
	admin: 400,
};

const FOR_RIDER_A: Record<MatrixActor, number> = {
	anonymous: 401,
	device: 401,
	riderA: 400,
	riderB: 404,
	sellerS1: 400,
	sellerS2: 404,
	admin: 400,
};

export const importRoutesMatrix: MatrixRow[] = [
	{
		method: "POST",
		url: () => "/api/sessions/import?name=notas.txt",
		...notARecording,
		expected: ANY_SIGNED_IN,
	},
	{
		method: "POST",
		url: (fx) => `/api/sessions/import?name=notas.txt&riderId=${fx.riderA.id}`,
		...notARecording,
		expected: FOR_RIDER_A,
	},
];
