/**
 * The loggers' API (device API), version 1. For firmware writers:
 *
 * Authentication: every request carries `Authorization: Bearer <device key>`. The key
 * (`lsx_` + 43 base64url characters) is shown once when the logger is registered; a missing,
 * malformed, unknown or rotated key gets 401 `{ "error": "invalid_device_key" }`. Errors are always
 * JSON `{ "error": <stable code>, "message": <pt-BR text> }`.
 *
 * GET /api/device/v1/config
 *   200 `{ hardwareId, wifiSsid, wifiPassword, pilotName, bikeNumber }`.
 *   404 `no_rider`: the logger is not assigned to a rider yet; 404 `wifi_not_configured`: the rider
 *   has not filled the Wi-Fi in "Meus Dados". Keep the previous configuration and ask again later.
 *
 * POST /api/device/v1/heartbeat   body `{ "version": "<firmware version>" }` (JSON)
 *   200 `{ ok: true, serverTime }`: records "last seen" and the firmware version.
 *
 * PUT /api/device/v1/sessions/{track}/{ddmmyyyy}/{lap.six|gps.six}   (small files)
 *   Body: the raw file (any Content-Type, e.g. application/octet-stream). Header
 *   `Content-Digest: sha-256=:<base64 of the SHA-256 of the body>:` (RFC 9530) is required.
 *   `track` is percent-encoded in the URL (1..64 characters and at most 200 bytes in UTF-8, no `/`
 *   or `\`, not `.` or `..`);
 *   `ddmmyyyy` must be a real date. The logger is always the one of the key.
 *   200 `{ session: { id, status, version }, file: { name, size, sha256, changed } }`.
 *   400 `content_digest_missing` | `content_digest_invalid` | `digest_mismatch` (the bytes arrived
 *   damaged: nothing was stored, send again) | `invalid_session_path` (the message says which rule).
 *   409 `session_of_previous_owner`: the session was recorded for the logger's previous owner;
 *   a logger that changed hands never rewrites it (nothing stored): delete it from the card.
 *   413 `payload_too_large`: over the server's limit (UPLOAD_MAX_BYTES, 64 MB by default).
 *   429 `too_many_uploads` | `rate_limited` | `daily_quota_exceeded`, 503 `server_busy`, 507
 *   `insufficient_storage` (the server's disk is full): nothing was stored; wait `Retry-After`
 *   seconds and send again. Every refusal that needs no body comes before the body is read.
 *   Retries: the PUT is idempotent. On a timeout, a 5xx or a lost connection send the same file
 *   again: the same bytes answer 200 with `changed: false` and never create a second version.
 *
 * tus 1.0.0 at /api/device/v1/uploads/   (large files, resumable; https://tus.io/protocols)
 *   POST with `Upload-Length` and `Upload-Metadata` `track`, `date` (ddmmyyyy), `filename`
 *   (`lap.six` | `gps.six`) and `sha256` (hex or base64 of the whole file), then PATCH chunks
 *   (`Content-Type: application/offset+octet-stream`). After a cut, HEAD the upload URL to read
 *   `Upload-Offset` and PATCH from there. Extensions: creation, creation-with-upload, termination,
 *   expiration (unfinished uploads are deleted after 24 h).
 *   Creation: 400 `invalid_upload_metadata` | `upload_length_required`; 413 over the limit.
 *   `Location` is relative to the server (`/api/device/v1/uploads/<id>`).
 *   Completion (the last PATCH): 200 with the same JSON as the PUT (201 with it when the whole
 *   file went with the creation request), or 400 `digest_mismatch`, in which case the upload is
 *   deleted: start a new one. A finished upload is deleted too, so a retry after a lost answer
 *   (HEAD gives 404) uploads again and gets `changed: false`. An upload belongs to the logger that
 *   created it; any other key gets 404. Every tus request, OPTIONS included, needs the key.
 */
import { join } from "node:path";
import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import { getDeviceConfig, postDeviceHeartbeat } from "../../shared/api/device";
import { createSecretBox } from "../crypto/secret-box";
import { registerEndpoint } from "../http/route";
import { createDeviceRepository } from "../repositories/device-repository";
import { createUploadUsageRepository } from "../repositories/upload-usage-repository";
import { createDeviceAuthenticator } from "./device-auth";
import { createDeviceService } from "./device-service";
import type { DeviceIngest } from "./ingest-port";
import { databaseRateCounter } from "./rate-counter";
import { sessionFileRoute } from "./session-file-route";
import { createTusStaging } from "./tus-datastore";
import { createTusUploads } from "./tus-uploads";
import { createUploadLimits } from "./upload-limits";
import { UploadStaging } from "./upload-staging";

async function device(app: FastifyInstance) {
	const { config, db } = app.deps;
	const repository = createDeviceRepository(db);
	app.authenticators.device = createDeviceAuthenticator(repository);

	const service = createDeviceService({
		repository,
		wifiBox: createSecretBox(config.secretKey, "wifi-password"),
	});
	// The app's one ingest service: its per-session locks must see every upload of the process.
	const ingest: DeviceIngest = app.ingest;

	registerEndpoint(app, getDeviceConfig, "device", async ({ actor }) =>
		service.getConfig(actor.hardwareId),
	);

	registerEndpoint(app, postDeviceHeartbeat, "device", async ({ actor, body }) => {
		const { hardwareId } = actor;
		await limits.checkRate("heartbeat", hardwareId);
		const at = await service.recordHeartbeat(hardwareId, body.version);
		return { ok: true as const, serverTime: at.toISOString() };
	});

	// Request rates count in the database: a logger gets the same limits from every instance.
	const limits = createUploadLimits(
		config.uploadLimits,
		createUploadUsageRepository(db),
		undefined,
		databaseRateCounter(db),
	);
	const staging = new UploadStaging(join(config.dataDir, "upload-staging"));
	await staging.prepare();
	await app.register(sessionFileRoute, {
		ingest,
		uploadMaxBytes: config.uploadMaxBytes,
		limits,
		staging,
	});

	const tus = createTusUploads({
		ingest,
		staging: createTusStaging(config, app.deps.storage, staging),
		maxBytes: config.uploadMaxBytes,
		limits,
		log: app.log,
	});
	await app.register(tus.routes);

	const cleanUp = () => {
		tus
			.cleanUpExpired()
			.catch((error: unknown) => app.log.warn({ err: error }, "tus clean-up failed"));
		limits
			.forgetPastDays()
			.catch((error: unknown) => app.log.warn({ err: error }, "upload usage clean-up failed"));
	};
	const timer = setInterval(cleanUp, tus.cleanupIntervalMs);
	timer.unref();
	app.addHook("onReady", async () => cleanUp());
	app.addHook("onClose", async () => clearInterval(timer));
}

export const devicePlugin = fp(device, { name: "device", dependencies: ["access-control"] });
