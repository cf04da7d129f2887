/**
 * Binary form of one lap's channels (`LapChannels`): one blob per lap, stored as one row and
 * sent to the web as is (decoded there with DataView and typed arrays only).
 *
 * Version 2, little-endian. Varints are LEB128 (`bytes.ts`); "zigzag" maps signed to unsigned.
 *
 * | offset | size      | content                                                                |
 * |--------|-----------|------------------------------------------------------------------------|
 * | 0      | 1         | version (2)                                                            |
 * | 1      | 1         | flags: bit 0 time, bit 1 speed, bit 2 lean, bit 3 lean estimated,      |
 * |        |           | bit 4 distance (a column whose flag is 0 is absent: all NaN)           |
 * | 2      | 2         | extra channels present, uint16: bit k = `EXTRA_CHANNEL_NAMES[k]`       |
 * | 4      | 4         | point count n (uint32)                                                 |
 * | 8      | 1-8 + …   | time ms: the first as a zigzag varint, then n-1 varint increments      |
 * |        | 4 + …     | latitude, 1e-7°: the first as int32, then n-1 zigzag varint increments |
 * |        | 4 + …     | longitude, the same                                                    |
 * |        | 2n        | speed, uint16 in 0.01 km/h (0 to 655.34; 65535 = none)                 |
 * |        | 2n        | lean, int16 in 0.01° (±327.67; -32768 = none)                          |
 * |        | 4n        | distance from the lap's start, metres, float32                         |
 * |        | 4n each   | each extra channel present, float32, in `EXTRA_CHANNEL_NAMES` order    |
 *
 * Precision: time exact to 1 ms (whole ms; times must not decrease), positions to 1e-7°
 * (about 1 cm), speed 0.01 km/h, lean 0.01°, distance and extras as float32. A 25 Hz point
 * takes about 13 bytes with speed, lean and distance (1 for time, 2 + 2 for the position).
 *
 * The decoder also reads version 1, the path blobs of `six/path-codec.ts` (no time column:
 * time is NaN; the logger's odometer becomes distance from the lap's first point).
 */

import { EXTRA_CHANNEL_NAMES, type ExtraChannelName } from "../recording/types";
import { decodeLapPath, LapPathDecodeError } from "../six/path-codec";
import { ByteReader, ByteWriter, LapChannelsDecodeError, unzigzag, zigzag } from "./bytes";
import type { LapChannels } from "./types";

export { LapChannelsDecodeError } from "./bytes";

export const LAP_CHANNELS_VERSION = 2;
const HEADER_BYTES = 8;
const FLAG_TIME = 1;
const FLAG_SPEED = 2;
const FLAG_LEAN = 4;
const FLAG_LEAN_ESTIMATED = 8;
const FLAG_DISTANCE = 16;
const KNOWN_FLAGS = 31;
const DEGREE_SCALE = 1e7;
const SPEED_SCALE = 100;
const SPEED_NONE = 0xffff;
const SPEED_MAX = 65_534;
const LEAN_SCALE = 100;
const LEAN_NONE = -32_768;
const LEAN_MAX = 32_767;
const KNOWN_EXTRAS = (1 << EXTRA_CHANNEL_NAMES.length) - 1;

function anyNumber(column: ArrayLike<number>, length: number): boolean {
	for (let i = 0; i < length; i++) if (!Number.isNaN(column[i]!)) return true;
	return false;
}

/** Whether the time column is there (every time a number, never decreasing) or absent (all NaN). */
function timeColumn(timeMs: Float64Array, n: number): boolean {
	if (n === 0 || Number.isNaN(timeMs[0]!)) {
		for (let i = 0; i < n; i++) {
			if (!Number.isNaN(timeMs[i]!)) throw new RangeError("canais: coluna de tempo incompleta");
		}
		return false;
	}
	let previous = Number.NEGATIVE_INFINITY;
	for (let i = 0; i < n; i++) {
		const t = Math.round(timeMs[i]!);
		if (!Number.isSafeInteger(t) || t < previous) {
			throw new RangeError(`canais: tempo inválido ou decrescente no ponto ${i}`);
		}
		previous = t;
	}
	return true;
}

function degrees(value: number, limit: number, name: string, i: number): number {
	if (!(Math.abs(value) <= limit)) throw new RangeError(`canais: ${name} inválida no ponto ${i}`);
	return Math.round(value * DEGREE_SCALE);
}

/**
 * Encodes a lap's channels. A RangeError (a broken invariant, never bad input from outside)
 * for a time column partly missing or decreasing, or a position out of range.
 */
export function encodeLapChannels(channels: LapChannels): Uint8Array {
	const n = channels.length;
	const withTime = timeColumn(channels.timeMs, n);
	const withSpeed = anyNumber(channels.speedKmh, n);
	const withLean = anyNumber(channels.leanDeg, n);
	const withDistance = anyNumber(channels.distanceM, n);
	const extras = EXTRA_CHANNEL_NAMES.filter((name) => channels.extra[name] !== undefined);
	let extraMask = 0;
	for (const name of extras) extraMask |= 1 << EXTRA_CHANNEL_NAMES.indexOf(name);

	const out = new ByteWriter(HEADER_BYTES + n * (9 + 4 * extras.length) + 16);
	out.u8(LAP_CHANNELS_VERSION);
	out.u8(
		(withTime ? FLAG_TIME : 0) |
			(withSpeed ? FLAG_SPEED : 0) |
			(withLean ? FLAG_LEAN : 0) |
			(channels.leanEstimated ? FLAG_LEAN_ESTIMATED : 0) |
			(withDistance ? FLAG_DISTANCE : 0),
	);
	out.u16(extraMask);
	out.u32(n);
	if (withTime) {
		let previous = Math.round(channels.timeMs[0]!);
		out.varint(zigzag(previous));
		for (let i = 1; i < n; i++) {
			const t = Math.round(channels.timeMs[i]!);
			out.varint(t - previous);
			previous = t;
		}
	}
	for (const [column, limit, name] of [
		[channels.lat, 90, "latitude"],
		[channels.lon, 180, "longitude"],
	] as const) {
		if (n === 0) break;
		let previous = degrees(column[0]!, limit, name, 0);
		out.i32(previous);
		for (let i = 1; i < n; i++) {
			const value = degrees(column[i]!, limit, name, i);
			out.varint(zigzag(value - previous));
			previous = value;
		}
	}
	if (withSpeed) {
		for (let i = 0; i < n; i++) {
			const v = channels.speedKmh[i]!;
			out.u16(
				Number.isNaN(v)
					? SPEED_NONE
					: Math.min(SPEED_MAX, Math.max(0, Math.round(v * SPEED_SCALE))),
			);
		}
	}
	if (withLean) {
		for (let i = 0; i < n; i++) {
			const v = channels.leanDeg[i]!;
			out.i16(
				Number.isNaN(v)
					? LEAN_NONE
					: Math.min(LEAN_MAX, Math.max(-LEAN_MAX, Math.round(v * LEAN_SCALE))),
			);
		}
	}
	if (withDistance) for (let i = 0; i < n; i++) out.f32(channels.distanceM[i]!);
	for (const name of extras) {
		const column = channels.extra[name]!;
		for (let i = 0; i < n; i++) out.f32(column[i]!);
	}
	return out.finish();
}

/** The version byte of a blob (1 or 2 for the versions this code reads), or null if empty. */
export function lapChannelsVersion(bytes: Uint8Array): number | null {
	return bytes.length > 0 ? bytes[0]! : null;
}

function emptyChannels(n: number, leanEstimated: boolean): LapChannels {
	return {
		length: n,
		timeMs: new Float64Array(n).fill(Number.NaN),
		lat: new Float64Array(n),
		lon: new Float64Array(n),
		speedKmh: new Float32Array(n).fill(Number.NaN),
		leanDeg: new Float32Array(n).fill(Number.NaN),
		leanEstimated,
		distanceM: new Float64Array(n).fill(Number.NaN),
		extra: {},
	};
}

function decodeVersion1(bytes: Uint8Array): LapChannels {
	let path: ReturnType<typeof decodeLapPath>;
	try {
		path = decodeLapPath(bytes);
	} catch (error) {
		if (error instanceof LapPathDecodeError) {
			throw new LapChannelsDecodeError(
				bytes.length < HEADER_BYTES ? "truncated" : "size",
				error.message,
			);
		}
		throw error;
	}
	const n = path.lat.length;
	const out = emptyChannels(n, false);
	out.lat = path.lat;
	out.lon = path.lon;
	out.speedKmh = path.speedKmh;
	out.leanDeg = path.rollDeg;
	let first = Number.NaN;
	for (let i = 0; i < n && Number.isNaN(first); i++) first = path.distanceM[i]!;
	for (let i = 0; i < n; i++) out.distanceM[i] = path.distanceM[i]! - first;
	return out;
}

/** Reads a blob of version 2 (or 1); a damaged one throws `LapChannelsDecodeError`, only. */
export function decodeLapChannels(bytes: Uint8Array): LapChannels {
	if (bytes.length === 0) throw new LapChannelsDecodeError("truncated", "canais: blob vazio");
	const version = bytes[0]!;
	if (version === 1) return decodeVersion1(bytes);
	if (version !== LAP_CHANNELS_VERSION) {
		throw new LapChannelsDecodeError("version", `canais: versão ${version} desconhecida`);
	}
	const input = new ByteReader(bytes);
	if (input.remaining < HEADER_BYTES) {
		throw new LapChannelsDecodeError("truncated", "canais: cabeçalho incompleto");
	}
	input.u8();
	const flags = input.u8();
	const extraMask = input.u16();
	const n = input.u32();
	if ((flags & ~KNOWN_FLAGS) !== 0 || (extraMask & ~KNOWN_EXTRAS) !== 0) {
		throw new LapChannelsDecodeError("corrupt", "canais: indicadores desconhecidos");
	}
	const extras: ExtraChannelName[] = EXTRA_CHANNEL_NAMES.filter((_, k) => extraMask & (1 << k));
	const withTime = (flags & FLAG_TIME) !== 0;
	const withSpeed = (flags & FLAG_SPEED) !== 0;
	const withLean = (flags & FLAG_LEAN) !== 0;
	const withDistance = (flags & FLAG_DISTANCE) !== 0;
	// The fewest bytes n points can take: refuse a count the blob cannot hold before allocating.
	const perPoint =
		(withTime ? 1 : 0) +
		2 +
		(withSpeed ? 2 : 0) +
		(withLean ? 2 : 0) +
		(withDistance ? 4 : 0) +
		4 * extras.length;
	if (n > 0 && n * perPoint + 6 > input.remaining) {
		throw new LapChannelsDecodeError("size", "canais: tamanho não corresponde ao número de pontos");
	}
	const out = emptyChannels(n, (flags & FLAG_LEAN_ESTIMATED) !== 0);
	if (withTime && n > 0) {
		let t = unzigzag(input.varint());
		out.timeMs[0] = t;
		for (let i = 1; i < n; i++) {
			t += input.varint();
			out.timeMs[i] = t;
		}
	}
	for (const column of [out.lat, out.lon]) {
		if (n === 0) break;
		let value = input.i32();
		column[0] = value / DEGREE_SCALE;
		for (let i = 1; i < n; i++) {
			value += unzigzag(input.varint());
			column[i] = value / DEGREE_SCALE;
		}
	}
	if (Math.abs(out.lat[0] ?? 0) > 90 || Math.abs(out.lon[0] ?? 0) > 180) {
		throw new LapChannelsDecodeError("corrupt", "canais: posição fora do intervalo");
	}
	if (withSpeed) {
		for (let i = 0; i < n; i++) {
			const raw = input.u16();
			out.speedKmh[i] = raw === SPEED_NONE ? Number.NaN : raw / SPEED_SCALE;
		}
	}
	if (withLean) {
		for (let i = 0; i < n; i++) {
			const raw = input.i16();
			out.leanDeg[i] = raw === LEAN_NONE ? Number.NaN : raw / LEAN_SCALE;
		}
	}
	if (withDistance) for (let i = 0; i < n; i++) out.distanceM[i] = input.f32();
	for (const name of extras) {
		const column = new Float32Array(n);
		for (let i = 0; i < n; i++) column[i] = input.f32();
		out.extra[name] = column;
	}
	if (input.remaining !== 0) {
		throw new LapChannelsDecodeError("size", "canais: bytes a mais depois dos pontos");
	}
	return out;
}
