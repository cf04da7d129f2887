import type { GpsPoints, LapPathRange } from "./types";

/**
 * Compact binary form of one lap's path, for storage (one row per lap) and transfer.
 *
 * Version 1, little-endian:
 *
 * | offset | size      | content                                                       |
 * |--------|-----------|---------------------------------------------------------------|
 * | 0      | 1         | version (1)                                                   |
 * | 1      | 1         | flags: bit 0 = roll column present, bit 1 = distance present  |
 * | 2      | 2         | reserved (0)                                                  |
 * | 4      | 4         | point count n (uint32)                                        |
 * | 8      | 4n        | latitude, int32 in 1e-7 degrees (~1 cm)                       |
 * |        | 4n        | longitude, int32 in 1e-7 degrees                              |
 * |        | 4n        | speed km/h, float32                                           |
 * |        | 4n        | roll degrees, float32 (only when flag bit 0; NaN = absent)    |
 * |        | 4n        | distance metres, float32 (only when flag bit 1; NaN = absent) |
 *
 * A column with no value at all (older device variant) is left out, and decodes as NaN.
 * Float32 holds whole metres exactly up to 16 777 216 m.
 */
export const LAP_PATH_VERSION = 1;
const HEADER_BYTES = 8;
const FLAG_ROLL = 1;
const FLAG_DISTANCE = 2;
const DEGREE_SCALE = 1e7;

export interface DecodedLapPath {
	lat: Float64Array;
	lon: Float64Array;
	speedKmh: Float32Array;
	rollDeg: Float32Array;
	distanceM: Float64Array;
}

export class LapPathDecodeError extends Error {
	override name = "LapPathDecodeError";
}

function hasAnyNumber(column: Float32Array | Float64Array, start: number, end: number): boolean {
	for (let i = start; i < end; i++) if (!Number.isNaN(column[i]!)) return true;
	return false;
}

export function encodeLapPath(points: GpsPoints, range: LapPathRange): Uint8Array {
	const start = Math.max(0, range.start);
	const end = Math.min(points.length, Math.max(start, range.end));
	const n = end - start;
	const withRoll = hasAnyNumber(points.roll, start, end);
	const withDistance = hasAnyNumber(points.distanceM, start, end);
	const columns = 3 + (withRoll ? 1 : 0) + (withDistance ? 1 : 0);
	const bytes = new Uint8Array(HEADER_BYTES + columns * 4 * n);
	const view = new DataView(bytes.buffer);
	view.setUint8(0, LAP_PATH_VERSION);
	view.setUint8(1, (withRoll ? FLAG_ROLL : 0) | (withDistance ? FLAG_DISTANCE : 0));
	view.setUint32(4, n, true);
	let at = HEADER_BYTES;
	const int32Column = (column: Float64Array) => {
		for (let i = start; i < end; i++, at += 4) {
			view.setInt32(at, Math.round(column[i]! * DEGREE_SCALE), true);
		}
	};
	const float32Column = (column: Float32Array | Float64Array) => {
		for (let i = start; i < end; i++, at += 4) view.setFloat32(at, column[i]!, true);
	};
	int32Column(points.lat);
	int32Column(points.lon);
	float32Column(points.speedKmh);
	if (withRoll) float32Column(points.roll);
	if (withDistance) float32Column(points.distanceM);
	return bytes;
}

/** Reads a path written by `encodeLapPath`; throws `LapPathDecodeError` on a damaged blob. */
export function decodeLapPath(bytes: Uint8Array): DecodedLapPath {
	if (bytes.length < HEADER_BYTES) throw new LapPathDecodeError("trajeto: cabeçalho incompleto");
	const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
	const version = view.getUint8(0);
	if (version !== LAP_PATH_VERSION) {
		throw new LapPathDecodeError(`trajeto: versão ${version} desconhecida`);
	}
	const flags = view.getUint8(1);
	const n = view.getUint32(4, true);
	const withRoll = (flags & FLAG_ROLL) !== 0;
	const withDistance = (flags & FLAG_DISTANCE) !== 0;
	const columns = 3 + (withRoll ? 1 : 0) + (withDistance ? 1 : 0);
	if (bytes.length !== HEADER_BYTES + columns * 4 * n) {
		throw new LapPathDecodeError("trajeto: tamanho não corresponde ao número de pontos");
	}
	const path: DecodedLapPath = {
		lat: new Float64Array(n),
		lon: new Float64Array(n),
		speedKmh: new Float32Array(n),
		rollDeg: new Float32Array(n).fill(Number.NaN),
		distanceM: new Float64Array(n).fill(Number.NaN),
	};
	let at = HEADER_BYTES;
	for (const column of [path.lat, path.lon]) {
		// Division by the exact 1e7 gives the double nearest the 7-decimal text.
		for (let i = 0; i < n; i++, at += 4) column[i] = view.getInt32(at, true) / DEGREE_SCALE;
	}
	const float32Columns: (Float32Array | Float64Array)[] = [path.speedKmh];
	if (withRoll) float32Columns.push(path.rollDeg);
	if (withDistance) float32Columns.push(path.distanceM);
	for (const column of float32Columns) {
		for (let i = 0; i < n; i++, at += 4) column[i] = view.getFloat32(at, true);
	}
	return path;
}
