import { z } from "zod";
import { defineEndpoint } from "../endpoint";

/** What a logger needs: the Wi-Fi it uploads over and what it shows. */
export const getDeviceConfig = defineEndpoint({
	method: "GET",
	path: "/api/device/v1/config",
	response: z.object({
		hardwareId: z.string(),
		wifiSsid: z.string(),
		wifiPassword: z.string(),
		pilotName: z.string(),
		bikeNumber: z.string(),
	}),
});

export const postDeviceHeartbeat = defineEndpoint({
	method: "POST",
	path: "/api/device/v1/heartbeat",
	body: z.object({ version: z.string().trim().min(1).max(64) }),
	response: z.object({ ok: z.literal(true), serverTime: z.string() }),
});

export const SixFileName = z.enum(["lap.six", "gps.six"]);

export const UploadResult = z.object({
	session: z.object({
		id: z.string(),
		status: z.enum(["received", "processed", "failed"]),
		version: z.number().int(),
		/** Why this file did not become a new version (shown to the rider too); null when it did. */
		error: z.string().nullable(),
	}),
	file: z.object({
		name: SixFileName,
		size: z.number().int(),
		sha256: z.string(),
		/** false when the same bytes were already stored (nothing changed). */
		changed: z.boolean(),
	}),
});

/** The body is the raw file; `Content-Digest: sha-256=:<base64>:` is required (RFC 9530). */
export const putDeviceSessionFile = defineEndpoint({
	method: "PUT",
	path: "/api/device/v1/sessions/:track/:date/:file",
	params: z.object({ track: z.string(), date: z.string(), file: z.string() }),
	response: UploadResult,
});
