/**
 * Helpers of the importers' tests: text as bytes, a readable summary of a recording for
 * snapshots, and an independent count of line crossings (to check timing lines read from a
 * file, without the lap-timing module).
 */
import type { GateLine, Recording } from "../recording/types";
import type { CsvNumberReader } from "./csv-numbers";
import { LocalProjection } from "./geo";

export function bytesOf(text: string): Uint8Array {
	return new TextEncoder().encode(text);
}

/** Latin-1 bytes of `text` (each character one byte). */
export function latin1Bytes(text: string): Uint8Array {
	const out = new Uint8Array(text.length);
	for (let i = 0; i < text.length; i++) out[i] = text.charCodeAt(i) & 0xff;
	return out;
}

/** One line as a `CsvNumberReader` read it: its LF, field count, slots and quoted cells. */
export interface ReadLine {
	end: number;
	count: number;
	values: number[];
	states: number[];
	quoted: string[];
}

/** Every line of `bytes` from `pos` as `reader` reads it (`slots`: how many slots it has). */
export function readEveryLine(
	reader: CsvNumberReader,
	bytes: Uint8Array,
	pos: number,
	slots: number,
): ReadLine[] {
	const out: ReadLine[] = [];
	while (pos < bytes.length) {
		const end = reader.read(bytes, pos);
		out.push({
			end,
			count: reader.fieldCount,
			values: [...reader.values],
			states: [...reader.states],
			quoted: Array.from({ length: slots }, (_, slot) => reader.quoted(slot)),
		});
		pos = end + 1;
	}
	return out;
}

/** Positions (as a file writes them) at the edges of the globe an importer must keep. */
export const EDGE_POSITIONS: readonly [string, string][] = [
	["90", "-46.7"],
	["-90", "-46.7"],
	["-23.7", "180"],
	["-23.7", "-180"],
	["0", "-46.7"],
	["-23.7", "0"],
];

const iso = (ms: number | undefined) => (ms === undefined ? null : new Date(ms).toISOString());

/** What a recording holds, in a form a snapshot shows well. */
export function summarise(
	r: Pick<Recording, "dateKnown" | "trackName" | "fixes" | "lapMarksMs" | "lines" | "report"> & {
		source: { format: string; device: string | null };
	},
) {
	const f = r.fixes;
	const range = (a: Float64Array) =>
		f.length === 0 ? null : [Math.min(...a).toFixed(6), Math.max(...a).toFixed(6)];
	return {
		source: r.source,
		dateKnown: r.dateKnown,
		trackName: r.trackName,
		fixes: f.length,
		first: r.dateKnown ? iso(f.timeMs[0]) : f.timeMs[0],
		last: r.dateKnown ? iso(f.timeMs[f.length - 1]) : f.timeMs[f.length - 1],
		lat: range(f.lat),
		lon: range(f.lon),
		channels: [
			...(f.leanDeg ? ["leanDeg"] : []),
			...(f.distanceM ? ["distanceM"] : []),
			...Object.keys(f.extra),
		],
		lapMarksMs: r.lapMarksMs.length,
		lines: r.lines ? 1 + r.lines.sectors.length : 0,
		report: r.report.map((e) => `${e.line} ${e.kind}: ${e.reason}`),
	};
}

/**
 * Instants a path crosses a segment (either way), interpolated linearly in time between the
 * fixes on either side, at least `debounceMs` apart.
 */
export function crossingTimes(
	fixes: Recording["fixes"],
	gate: GateLine,
	debounceMs = 5000,
): number[] {
	const p = new LocalProjection(gate.a.lat, gate.a.lon);
	const ax = p.x(gate.a.lon);
	const ay = p.y(gate.a.lat);
	const sx = p.x(gate.b.lon) - ax;
	const sy = p.y(gate.b.lat) - ay;
	const out: number[] = [];
	for (let i = 1; i < fixes.length; i++) {
		const px = p.x(fixes.lon[i - 1]!);
		const py = p.y(fixes.lat[i - 1]!);
		const rx = p.x(fixes.lon[i]!) - px;
		const ry = p.y(fixes.lat[i]!) - py;
		const den = rx * sy - ry * sx;
		if (den === 0) continue;
		const t = ((ax - px) * sy - (ay - py) * sx) / den;
		const u = ((ax - px) * ry - (ay - py) * rx) / den;
		if (t < 0 || t > 1 || u < 0 || u > 1) continue;
		const at = fixes.timeMs[i - 1]! + t * (fixes.timeMs[i]! - fixes.timeMs[i - 1]!);
		if (out.length === 0 || at - out[out.length - 1]! > debounceMs) out.push(at);
	}
	return out;
}

/** Whether times are strictly increasing. */
export function strictlyIncreasing(times: Float64Array): boolean {
	for (let i = 1; i < times.length; i++) if (!(times[i]! > times[i - 1]!)) return false;
	return true;
}
