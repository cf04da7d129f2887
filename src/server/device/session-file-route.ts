import type { FastifyInstance } from "fastify";
import { putDeviceSessionFile, UploadResult } from "../../shared/api/device";
import { badRequest } from "../errors";
import { readContentDigestSha256, sha256Hex } from "./content-digest";
import { requireDeviceActor } from "./device-actor";
import type { DeviceIngest } from "./ingest-port";
import { rawBodyParser } from "./raw-body";

export interface SessionFileRouteOptions {
	ingest: DeviceIngest;
	uploadMaxBytes: number;
}

/**
 * `PUT /api/device/v1/sessions/{track}/{ddmmyyyy}/{lap.six|gps.six}`. Registered in its own
 * context, so its raw-body parsers apply to this route only. The logger is the one of the device
 * key: the URL names no logger, so no key can write into another logger's files.
 */
export async function sessionFileRoute(app: FastifyInstance, options: SessionFileRouteOptions) {
	const { ingest, uploadMaxBytes } = options;
	const parseRaw = rawBodyParser(uploadMaxBytes);
	app.removeAllContentTypeParsers();
	app.addContentTypeParser(["application/octet-stream", "text/plain"], parseRaw);
	app.addContentTypeParser("*", parseRaw);

	app.route({
		method: "PUT",
		url: putDeviceSessionFile.path,
		config: { policy: "device" },
		bodyLimit: uploadMaxBytes,
		schema: {
			params: putDeviceSessionFile.params,
			response: { 200: UploadResult },
		},
		handler: async (request) => {
			const { hardwareId } = requireDeviceActor(request);
			const { track, date, file } = request.params as { track: string; date: string; file: string };
			const path = ingest.validateSessionPath(track, date, file);
			if (!path.ok) throw badRequest(path.reason, "invalid_session_path");
			if (file !== "lap.six" && file !== "gps.six") {
				throw badRequest(
					'O nome do arquivo deve ser "lap.six" ou "gps.six".',
					"invalid_session_path",
				);
			}
			const digest = readContentDigestSha256(request.headers["content-digest"]);
			if (!digest.ok) throw badRequest(digest.reason, digest.code);
			const bytes = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
			const actual = sha256Hex(bytes);
			if (actual !== digest.sha256Hex) {
				throw badRequest(
					`O conteúdo recebido não confere com o Content-Digest (SHA-256 esperado ${digest.sha256Hex}, recebido ${actual}). Nada foi gravado: envie o arquivo de novo.`,
					"digest_mismatch",
				);
			}
			return ingest.acceptFile({ hardwareId, track, date, fileName: file, bytes, sha256: actual });
		},
	});
}
