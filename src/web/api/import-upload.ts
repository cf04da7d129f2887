import type { z } from "zod";
import { importSession } from "../../shared/api/imports";
import { ApiErrorBody } from "../../shared/endpoint";
import { ApiError, buildQueryString, getCsrfToken, NETWORK_ERROR_MESSAGE } from "./client";

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

/**
 * Sends one file to `POST /api/sessions/import` as its raw bytes. XMLHttpRequest rather than
 * fetch: only it reports how much of the body has gone out, which the progress bar shows.
 */
export function uploadImport(
	file: Blob & { name: string },
	options: {
		riderId?: string;
		onProgress?: (progress: UploadProgress) => void;
		signal?: AbortSignal;
	} = {},
): Promise<ImportResult> {
	return new Promise((resolve, reject) => {
		const xhr = new XMLHttpRequest();
		const url =
			importSession.path + buildQueryString({ name: file.name, riderId: options.riderId });
		xhr.open("POST", url);
		xhr.withCredentials = true;
		xhr.setRequestHeader("content-type", "application/octet-stream");
		xhr.setRequestHeader("accept", "application/json");
		const csrf = getCsrfToken();
		if (csrf) xhr.setRequestHeader("x-csrf-token", csrf);
		xhr.upload.onprogress = (event) => {
			options.onProgress?.({
				sent: event.loaded,
				total: event.lengthComputable ? event.total : file.size,
			});
		};
		xhr.onload = () => {
			if (xhr.status >= 200 && xhr.status < 300) {
				try {
					resolve(JSON.parse(xhr.responseText) as ImportResult);
				} catch {
					reject(new ApiError(xhr.status, "bad_response", "Resposta inválida do servidor."));
				}
				return;
			}
			reject(errorOf(xhr.status, xhr.responseText));
		};
		xhr.onerror = () => reject(new ApiError(0, "network_error", NETWORK_ERROR_MESSAGE));
		xhr.onabort = () => reject(new DOMException("Envio cancelado.", "AbortError"));
		if (options.signal) {
			if (options.signal.aborted) {
				reject(new DOMException("Envio cancelado.", "AbortError"));
				return;
			}
			options.signal.addEventListener("abort", () => xhr.abort(), { once: true });
		}
		xhr.send(file);
	});
}
