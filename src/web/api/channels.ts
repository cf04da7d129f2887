import { LapChannelsDecodeError } from "../../domain/channels/codec";
import {
	ChannelsBodyError,
	type DecodedChannelsBody,
	decodeChannelsBody,
	getSessionChannels,
} from "../../shared/api/channels";
import { buildPath } from "../../shared/endpoint";
import { ApiError, buildQueryString, NETWORK_ERROR_MESSAGE, toApiError } from "./client";

export type { DecodedChannelsBody, DecodedChannelsLap } from "../../shared/api/channels";

/** Reads the channels endpoint's answer: the decoded laps, or the server's error as an ApiError. */
export async function readChannelsResponse(response: Response): Promise<DecodedChannelsBody> {
	if (!response.ok) throw await toApiError(response);
	const bytes = new Uint8Array(await response.arrayBuffer());
	try {
		return decodeChannelsBody(bytes);
	} catch (error) {
		if (error instanceof ChannelsBodyError || error instanceof LapChannelsDecodeError) {
			throw new ApiError(response.status, "bad_response", "Resposta inválida do servidor.");
		}
		throw error;
	}
}

/**
 * A session's lap channels (`GET /api/sessions/:id/channels`), every lap or one. Each lap's
 * channels say whether its lean is measured or estimated (`leanEstimated`).
 */
export async function fetchSessionChannels(
	sessionId: string,
	options: { lap?: number; signal?: AbortSignal } = {},
): Promise<DecodedChannelsBody> {
	const url =
		buildPath(getSessionChannels.path, { sessionId }) + buildQueryString({ lap: options.lap });
	let response: Response;
	try {
		response = await fetch(url, {
			credentials: "same-origin",
			headers: { accept: "application/octet-stream" },
			signal: options.signal,
		});
	} catch (error) {
		if (error instanceof DOMException && error.name === "AbortError") throw error;
		throw new ApiError(0, "network_error", NETWORK_ERROR_MESSAGE);
	}
	return readChannelsResponse(response);
}
