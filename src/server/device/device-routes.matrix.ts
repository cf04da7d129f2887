import type { MatrixActor, MatrixRow } from "../test/access-matrix-types";

/**
 * Access matrix of the loggers' API: only a device key gets past the policy; a signed-in
 * person, whatever their role, is not a logger (401). The device rows leave no trace: the
 * uploads are refused after authentication (bad digest, bad metadata, unknown upload), so the
 * rows may run in any order. OPTIONS is tus's capability discovery: it needs the key too.
 * HEAD of an upload is covered by `tus-uploads.test.ts`.
 */
const DEVICE_ONLY = (deviceStatus: number): Record<MatrixActor, number> => ({
	anonymous: 401,
	riderA: 401,
	riderB: 401,
	sellerS1: 401,
	sellerS2: 401,
	admin: 401,
	device: deviceStatus,
});

const TUS = { "tus-resumable": "1.0.0" };
/** A well-formed upload id that no upload has. */
const ABSENT_UPLOAD = "0123456789abcdef0123456789abcdef";

export const deviceRouteMatrix: MatrixRow[] = [
	// riderA (owner of hardwareA) has filled the Wi-Fi in the fixture; without it this is 404.
	{ method: "GET", url: () => "/api/device/v1/config", expected: DEVICE_ONLY(200) },
	{
		method: "POST",
		url: () => "/api/device/v1/heartbeat",
		body: () => ({ version: "matrix-1.0" }),
		expected: DEVICE_ONLY(200),
	},
	{
		// Authenticated, then refused for its digest: nothing stored.
		method: "PUT",
		url: () => "/api/device/v1/sessions/Matrix/01012024/lap.six",
		headers: () => ({
			"content-type": "text/plain",
			"content-digest": `sha-256=:${Buffer.alloc(32).toString("base64")}:`,
		}),
		body: () => "matrix",
		expected: DEVICE_ONLY(400),
	},
	{
		// Authenticated, then refused at creation for its metadata: no upload is created.
		method: "POST",
		url: () => "/api/device/v1/uploads",
		headers: () => ({
			...TUS,
			"upload-length": "10",
			"upload-metadata": `track ${Buffer.from("..").toString("base64")}`,
		}),
		expected: DEVICE_ONLY(400),
	},
	{
		// The same creation endpoint with a trailing slash, as some tus clients send it.
		method: "POST",
		url: () => "/api/device/v1/uploads/",
		headers: () => ({
			...TUS,
			"upload-length": "10",
			"upload-metadata": `track ${Buffer.from("..").toString("base64")}`,
		}),
		expected: DEVICE_ONLY(400),
	},
	{
		method: "OPTIONS",
		url: () => "/api/device/v1/uploads",
		headers: () => TUS,
		expected: DEVICE_ONLY(204),
	},
	{
		method: "OPTIONS",
		url: () => "/api/device/v1/uploads/",
		headers: () => TUS,
		expected: DEVICE_ONLY(204),
	},
	{
		method: "OPTIONS",
		url: () => `/api/device/v1/uploads/${ABSENT_UPLOAD}`,
		headers: () => TUS,
		expected: DEVICE_ONLY(204),
	},
	{
		method: "PATCH",
		url: () => `/api/device/v1/uploads/${ABSENT_UPLOAD}`,
		headers: () => ({
			...TUS,
			"upload-offset": "0",
			"content-type": "application/offset+octet-stream",
		}),
		expected: DEVICE_ONLY(404),
	},
	{
		method: "DELETE",
		url: () => `/api/device/v1/uploads/${ABSENT_UPLOAD}`,
		headers: () => TUS,
		expected: DEVICE_ONLY(404),
	},
];
