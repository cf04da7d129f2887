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

/** Resumable imports (tus). Nothing is created: every allowed call is refused after its checks. */
const TUS = { "tus-resumable": "1.0.0" };
/** A well-formed upload id that no upload has. */
const ABSENT_UPLOAD = "0123456789abcdef0123456789abcdef";
const metadata = (fields: Record<string, string>) =>
	Object.entries(fields)
		.map(([key, value]) => `${key} ${Buffer.from(value).toString("base64")}`)
		.join(",");

export const importUploadsMatrix: MatrixRow[] = [
	{
		// Signed in, then refused for its metadata (no name).
		method: "POST",
		url: () => "/api/sessions/import/uploads",
		headers: () => ({ ...TUS, "upload-length": "10", "upload-metadata": metadata({ x: "y" }) }),
		expected: ANY_SIGNED_IN,
	},
	{
		// For riderA: whoever may import for riderA gets past the rider check, then the size is
		// refused (413, before any quota is counted); to the others riderA does not exist.
		method: "POST",
		url: () => "/api/sessions/import/uploads",
		headers: (fx) => ({
			...TUS,
			"upload-length": String(1024 ** 4),
			"upload-metadata": metadata({ name: "grande.gpx", riderId: fx.riderA.id }),
		}),
		expected: { ...FOR_RIDER_A, riderA: 413, sellerS1: 413, admin: 413 },
	},
	{
		method: "PATCH",
		url: () => `/api/sessions/import/uploads/${ABSENT_UPLOAD}`,
		headers: () => ({
			...TUS,
			"upload-offset": "0",
			"content-type": "application/offset+octet-stream",
		}),
		expected: {
			...ANY_SIGNED_IN,
			riderA: 404,
			riderB: 404,
			sellerS1: 404,
			sellerS2: 404,
			admin: 404,
		},
	},
	{
		method: "DELETE",
		url: () => `/api/sessions/import/uploads/${ABSENT_UPLOAD}`,
		headers: () => TUS,
		expected: {
			...ANY_SIGNED_IN,
			riderA: 404,
			riderB: 404,
			sellerS1: 404,
			sellerS2: 404,
			admin: 404,
		},
	},
];
