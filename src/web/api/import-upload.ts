import { DetailedError, Upload } from "tus-js-client";
import type { z } from "zod";
import { IMPORT_UPLOADS_PATH, type importSession } from "../../shared/api/imports";
import { ApiErrorBody } from "../../shared/endpoint";
import { ApiError, getCsrfToken, NETWORK_ERROR_MESSAGE } from "./client";

export type ImportResult = z.infer<typeof importSession.response>;

export interface UploadProgress {
	sent: number;
	total: number;
}

function capitalised(text: string): string {
	return text.charAt(0).toUpperCase() + text.slice(1);
}

/** What the server's error codes mean to someone importing a file. */
export function importErrorText(status: number, code: string, message: string): string {
	if (code === "payload_too_large" || status === 413) {
		return `Arquivo grande demais. ${message}`;
	}
	if (code === "import_unreadable") {
		return /formato não reconhecido/i.test(message)
			? capitalised(message)
			: `Formato não reconhecido: ${message}`;
	}
	if (code === "import_empty") return message;
	if (code === "insufficient_storage" || status === 507) {
		return "O servidor está sem espaço para guardar o arquivo. Nada foi gravado: tente mais tarde.";
	}
	if (code === "rate_limited" || status === 429) return message;
	return message;
}

function errorOf(status: number, text: string): ApiError {
	let body: unknown = null;
	try {
		body = JSON.parse(text);
	} catch {
		// A proxy's page or nothing: the status says enough.
	}
	const parsed = ApiErrorBody.safeParse(body);
	if (parsed.success) {
		const { error, message, details } = parsed.data;
		return new ApiError(status, error, importErrorText(status, error, message), details);
	}
	if (status === 413) return new ApiError(413, "payload_too_large", "Arquivo grande demais.");
	return new ApiError(status, "http_error", `Falha no envio (HTTP ${status}).`);
}

/** How a file is cut into requests: a dropped connection costs at most one chunk. */
const CHUNK_BYTES = 5 * 1024 * 1024;
/** Retries by itself after a cut (ms); then the person is offered "Tentar de novo". */
const RETRY_DELAYS_MS = [0, 1000, 3000, 5000];

/** Hex SHA-256 of the file, checked by the server at the end; null where the browser has none. */
async function fileSha256(file: Blob): Promise<string | null> {
	// crypto.subtle exists on https and localhost only: a LAN address over http goes without.
	if (typeof crypto === "undefined" || !crypto.subtle) return null;
	try {
		const digest = await crypto.subtle.digest("SHA-256", await file.arrayBuffer());
		return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, "0")).join("");
	} catch {
		return null;
	}
}

function failureOf(error: Error | DetailedError): ApiError {
	const response = error instanceof DetailedError ? error.originalResponse : null;
	if (!response) {
		return new ApiError(
			0,
			"network_error",
			`${NETWORK_ERROR_MESSAGE} Ao tentar de novo, o envio continua de onde parou.`,
		);
	}
	return errorOf(response.getStatus(), response.getBody() ?? "");
}

/**
 * Imports one file through the resumable endpoint (tus), in chunks, reporting progress. A cut
 * is retried by itself a few times; after that the promise fails, and calling this again with
 * the same file (and rider) goes on from the last byte the server kept: the upload's address
 * is kept in the browser (localStorage) until the import succeeds.
 */
export function uploadImport(
	file: File,
	options: {
		riderId?: string;
		onProgress?: (progress: UploadProgress) => void;
		signal?: AbortSignal;
	} = {},
): Promise<ImportResult> {
	return new Promise((resolve, reject) => {
		if (options.signal?.aborted) {
			reject(new DOMException("Envio cancelado.", "AbortError"));
			return;
		}
		void fileSha256(file).then(async (sha256) => {
			const csrf = getCsrfToken();
			const upload = new Upload(file, {
				endpoint: IMPORT_UPLOADS_PATH,
				chunkSize: CHUNK_BYTES,
				retryDelays: RETRY_DELAYS_MS,
				metadata: {
					name: file.name,
					...(options.riderId ? { riderId: options.riderId } : {}),
					...(sha256 ? { sha256 } : {}),
				},
				headers: csrf ? { "x-csrf-token": csrf } : {},
				// One address per file and rider: the same file imported for two riders is two uploads.
				fingerprint: async () =>
					[
						"lapsix-import",
						options.riderId ?? "self",
						file.name,
						file.size,
						file.lastModified,
					].join("|"),
				storeFingerprintForResuming: true,
				removeFingerprintOnSuccess: true,
				onProgress: (sent, total) => options.onProgress?.({ sent, total }),
				onSuccess: ({ lastResponse }) => {
					try {
						resolve(JSON.parse(lastResponse.getBody()) as ImportResult);
					} catch {
						reject(new ApiError(502, "bad_response", "Resposta inválida do servidor."));
					}
				},
				onError: (error) => reject(failureOf(error)),
			});
			options.signal?.addEventListener(
				"abort",
				() => {
					void upload.abort();
					reject(new DOMException("Envio cancelado.", "AbortError"));
				},
				{ once: true },
			);
			const previous = await upload.findPreviousUploads().catch(() => []);
			if (previous[0]) upload.resumeFromPreviousUpload(previous[0]);
			upload.start();
		});
	});
}
