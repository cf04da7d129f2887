/**
 * A session's lap channels over HTTP: one binary body (application/octet-stream) holding each
 * lap's channel blob (`domain/channels/codec.ts`) as stored, with the lap's number and time.
 * Binary because a one-hour 25 Hz session is ~90,000 points: as JSON numbers it runs to tens
 * of megabytes, as blobs to about 1.5 MB before compression.
 *
 * Little-endian:
 *
 * | size   | content                                                                  |
 * |--------|--------------------------------------------------------------------------|
 * | 1      | container version (1)                                                    |
 * | 1      | timing shown: 0 logger, 1 lines, 2 markers, 3 none                       |
 * | 2      | reserved (0)                                                             |
 * | 4      | lap count                                                                |
 * | each lap: 4 lap number, 4 lap time ms, 4 blob length b, then b bytes of blob (0: no path) |
 *
 * Whether lean is measured or estimated is in each blob (its flags), so it travels with the data.
 */
import { z } from "zod";
import { decodeLapChannels } from "../../domain/channels/codec";
import type { LapChannels, LapTiming } from "../../domain/channels/types";
import { defineEndpoint } from "../endpoint";

export const CHANNELS_CONTENT_TYPE = "application/octet-stream";
export const CHANNELS_CONTAINER_VERSION = 1;
const HEADER_BYTES = 8;
const LAP_HEADER_BYTES = 12;

export const TIMING_KINDS: readonly LapTiming["kind"][] = ["logger", "lines", "markers", "none"];
export type TimingKind = LapTiming["kind"];

/** `GET /api/sessions/:sessionId/channels[?lap=N]`: the body is binary (see above). */
export const getSessionChannels = defineEndpoint({
	method: "GET",
	path: "/api/sessions/:sessionId/channels",
	params: z.object({ sessionId: z.string().uuid("Identificador inválido.") }),
	query: z.object({ lap: z.coerce.number().int().min(1).max(100_000).optional() }),
	response: z.instanceof(Uint8Array),
});

export interface ChannelsBodyLap {
	number: number;
	timeMs: number;
	/** The stored blob; null for a lap without a path. */
	blob: Uint8Array | null;
}

export function encodeChannelsBody(
	timing: TimingKind,
	laps: readonly ChannelsBodyLap[],
): Uint8Array {
	let size = HEADER_BYTES;
	for (const lap of laps) size += LAP_HEADER_BYTES + (lap.blob?.length ?? 0);
	const bytes = new Uint8Array(size);
	const view = new DataView(bytes.buffer);
	view.setUint8(0, CHANNELS_CONTAINER_VERSION);
	view.setUint8(1, TIMING_KINDS.indexOf(timing));
	view.setUint32(4, laps.length, true);
	let at = HEADER_BYTES;
	for (const lap of laps) {
		view.setUint32(at, lap.number, true);
		view.setUint32(at + 4, lap.timeMs, true);
		view.setUint32(at + 8, lap.blob?.length ?? 0, true);
		at += LAP_HEADER_BYTES;
		if (lap.blob) {
			bytes.set(lap.blob, at);
			at += lap.blob.length;
		}
	}
	return bytes;
}

export interface DecodedChannelsLap {
	number: number;
	timeMs: number;
	/** Null for a lap without a path. */
	channels: LapChannels | null;
}

export interface DecodedChannelsBody {
	timing: TimingKind;
	laps: DecodedChannelsLap[];
}

export class ChannelsBodyError extends Error {
	override name = "ChannelsBodyError";
}

/** Reads a body; a damaged one throws `ChannelsBodyError` or `LapChannelsDecodeError`. */
export function decodeChannelsBody(bytes: Uint8Array): DecodedChannelsBody {
	const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
	if (bytes.length < HEADER_BYTES) throw new ChannelsBodyError("canais: resposta incompleta");
	const version = view.getUint8(0);
	if (version !== CHANNELS_CONTAINER_VERSION) {
		throw new ChannelsBodyError(`canais: versão ${version} da resposta desconhecida`);
	}
	const timing = TIMING_KINDS[view.getUint8(1)];
	if (!timing) throw new ChannelsBodyError("canais: cronometragem desconhecida");
	const count = view.getUint32(4, true);
	const laps: DecodedChannelsLap[] = [];
	let at = HEADER_BYTES;
	for (let k = 0; k < count; k++) {
		if (at + LAP_HEADER_BYTES > bytes.length) {
			throw new ChannelsBodyError("canais: resposta incompleta");
		}
		const number = view.getUint32(at, true);
		const timeMs = view.getUint32(at + 4, true);
		const length = view.getUint32(at + 8, true);
		at += LAP_HEADER_BYTES;
		if (at + length > bytes.length) throw new ChannelsBodyError("canais: resposta incompleta");
		const channels = length > 0 ? decodeLapChannels(bytes.subarray(at, at + length)) : null;
		at += length;
		laps.push({ number, timeMs, channels });
	}
	if (at !== bytes.length) throw new ChannelsBodyError("canais: bytes a mais na resposta");
	return { timing, laps };
}
