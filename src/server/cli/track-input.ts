/**
 * Timing lines given on the command line: a lapsix track file (`--track FILE`) or one
 * start/finish line (`--start-line "lat,lon lat,lon"`).
 *
 * Track file: JSON, at most 1 MiB:
 * `{ "name": "…", "startFinish": [[lat, lon], [lat, lon]], "sectors": [[[lat, lon], [lat, lon]], …] }`
 * with `sectors` optional (sector lines in driving order), and optional `lengthM` (metres) and
 * `directionDeg` (compass bearing of travel across the start/finish line; decided from the
 * recording when absent). Points are WGS84 decimal degrees, latitude first.
 */
import type { GateLine, LatLon, TrackDefinition } from "../../domain/recording/types";
import { CliInputError } from "./options";

export const MAX_TRACK_FILE_BYTES = 1024 * 1024;
const MAX_SECTORS = 64;

function point(value: unknown, where: string): LatLon {
	if (
		!Array.isArray(value) ||
		value.length !== 2 ||
		typeof value[0] !== "number" ||
		typeof value[1] !== "number" ||
		!(Math.abs(value[0]) <= 90) ||
		!(Math.abs(value[1]) <= 180)
	) {
		throw new Error(
			`${where}: esperado [latitude, longitude] em graus (latitude de -90 a 90, longitude de -180 a 180)`,
		);
	}
	return { lat: value[0], lon: value[1] };
}

function line(value: unknown, where: string): GateLine {
	if (!Array.isArray(value) || value.length !== 2) {
		throw new Error(`${where}: esperado [[lat, lon], [lat, lon]], os dois pontos da linha`);
	}
	const a = point(value[0], `${where}[0]`);
	const b = point(value[1], `${where}[1]`);
	if (a.lat === b.lat && a.lon === b.lon) throw new Error(`${where}: os dois pontos coincidem`);
	return { a, b };
}

/** The track a parsed track file describes; throws an Error naming the bad field. */
export function trackFromJson(json: unknown): TrackDefinition {
	if (typeof json !== "object" || json === null || Array.isArray(json)) {
		throw new Error("esperado um objeto JSON com name e startFinish");
	}
	const o = json as Record<string, unknown>;
	if (typeof o.name !== "string" || o.name.trim() === "" || o.name.length > 200) {
		throw new Error("name: esperado o nome da pista (texto de 1 a 200 caracteres)");
	}
	const startFinish = line(o.startFinish, "startFinish");
	let sectors: GateLine[] = [];
	if (o.sectors !== undefined) {
		if (!Array.isArray(o.sectors) || o.sectors.length > MAX_SECTORS) {
			throw new Error(`sectors: esperada uma lista de até ${MAX_SECTORS} linhas`);
		}
		sectors = o.sectors.map((s, k) => line(s, `sectors[${k}]`));
	}
	let lengthM: number | null = null;
	if (o.lengthM !== undefined) {
		if (typeof o.lengthM !== "number" || !(o.lengthM > 0 && o.lengthM < 1e6)) {
			throw new Error("lengthM: esperado o comprimento da volta em metros");
		}
		lengthM = o.lengthM;
	}
	let directionDeg: number | null = null;
	if (o.directionDeg !== undefined) {
		if (typeof o.directionDeg !== "number" || !(o.directionDeg >= 0 && o.directionDeg < 360)) {
			throw new Error("directionDeg: esperado um rumo em graus, de 0 a 360");
		}
		directionDeg = o.directionDeg;
	}
	return { name: o.name.trim(), startFinish, sectors, directionDeg, lengthM };
}

/** A track file's bytes as a track; a CliInputError (exit 1) says what is wrong, in one line. */
export function parseTrackFile(bytes: Uint8Array, shownName: string): TrackDefinition {
	if (bytes.length > MAX_TRACK_FILE_BYTES) {
		throw new CliInputError(`pista ${shownName}: arquivo grande demais (limite de 1 MiB)`, 1);
	}
	let json: unknown;
	try {
		json = JSON.parse(new TextDecoder().decode(bytes));
	} catch (error) {
		throw new CliInputError(
			`pista ${shownName}: JSON inválido (${(error as Error).message.split("\n")[0]})`,
			1,
		);
	}
	try {
		return trackFromJson(json);
	} catch (error) {
		throw new CliInputError(`pista ${shownName}: ${(error as Error).message}`, 1);
	}
}

/** `"lat,lon lat,lon"` (decimal degrees) as a line; a CliInputError (exit 2) otherwise. */
export function parseStartLine(text: string): GateLine {
	const usage = `--start-line "${text}": esperado "lat,lon lat,lon" (graus decimais, ponto como separador decimal)`;
	const parts = text.trim().split(/\s+/);
	if (parts.length !== 2) throw new CliInputError(usage, 2);
	const points = parts.map((part) => {
		const numbers = part.split(",");
		if (numbers.length !== 2 || numbers.some((n) => !/^[+-]?(\d+\.?\d*|\.\d+)$/.test(n))) {
			throw new CliInputError(usage, 2);
		}
		return [Number(numbers[0]), Number(numbers[1])];
	});
	try {
		return line(points, "--start-line");
	} catch (error) {
		throw new CliInputError((error as Error).message, 2);
	}
}
