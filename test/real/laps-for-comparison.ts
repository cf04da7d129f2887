/**
 * Just enough reading of two real recordings to compare their laps: the fixes of an NMEA RMC
 * log and of a VBO file, and laps cut where the path crosses a line (each crossing interpolated
 * in time between the fixes on either side, as lap timing does). The importers and lap timing
 * of the application do this in full; this is the comparison's test fixture, kept small.
 */
import type { LapChannels, TimedLap } from "../../src/domain/channels/types";

export interface RawFixes {
	timeMs: number[];
	lat: number[];
	lon: number[];
	speedKmh: number[];
	leanDeg: number[];
}

function emptyFixes(): RawFixes {
	return { timeMs: [], lat: [], lon: [], speedKmh: [], leanDeg: [] };
}

function clockMs(hhmmss: string): number {
	return (
		(Number(hhmmss.slice(0, 2)) * 3600 +
			Number(hhmmss.slice(2, 4)) * 60 +
			Number(hhmmss.slice(4))) *
		1000
	);
}

/** `$GPRMC` sentences with status A: time, position, speed (knots to km/h). */
export function readNmeaRmc(text: string): RawFixes {
	const out = emptyFixes();
	for (const line of text.split(/\r?\n/)) {
		const f = line.split("*")[0]!.split(",");
		if (!f[0]?.endsWith("RMC") || f[2] !== "A") continue;
		const lat = Number(f[3]!.slice(0, 2)) + Number(f[3]!.slice(2)) / 60;
		const lon = Number(f[5]!.slice(0, 3)) + Number(f[5]!.slice(3)) / 60;
		out.timeMs.push(clockMs(f[1]!));
		out.lat.push(f[4] === "S" ? -lat : lat);
		out.lon.push(f[6] === "W" ? -lon : lon);
		out.speedKmh.push(Number(f[7]) * 1.852);
		out.leanDeg.push(Number.NaN);
	}
	return out;
}

/**
 * A VBO's `[data]` rows by the `[column names]` (sats time lat long velocity …): minutes of
 * latitude, minutes of longitude west-positive, km/h, and RaceChrono's `lean_angle-calc`.
 */
export function readVbo(text: string): RawFixes {
	const lines = text.split(/\r?\n/);
	const names = lines[lines.indexOf("[column names]") + 1]!.trim().split(/\s+/);
	const column = (name: string) => names.indexOf(name);
	const [time, lat, lon, speed, lean] = ["time", "lat", "long", "velocity", "lean_angle-calc"].map(
		column,
	);
	const out = emptyFixes();
	for (let i = lines.indexOf("[data]") + 1; i < lines.length; i++) {
		const f = lines[i]!.trim().split(/\s+/);
		if (f.length < names.length) continue;
		out.timeMs.push(clockMs(f[time!]!));
		out.lat.push(Number(f[lat!]) / 60);
		out.lon.push(-Number(f[lon!]) / 60);
		out.speedKmh.push(Number(f[speed!]));
		out.leanDeg.push(lean! >= 0 ? Number(f[lean!]) : Number.NaN);
	}
	return out;
}

export interface Gate {
	a: { lat: number; lon: number };
	b: { lat: number; lon: number };
}

/** Fraction along fix i → i+1 where it crosses the gate (a segment), or null. */
function crossing(f: RawFixes, i: number, gate: Gate): number | null {
	const mLon = Math.cos((gate.a.lat * Math.PI) / 180);
	const px = (f.lon[i]! - gate.a.lon) * mLon;
	const py = f.lat[i]! - gate.a.lat;
	const qx = (f.lon[i + 1]! - gate.a.lon) * mLon;
	const qy = f.lat[i + 1]! - gate.a.lat;
	const gx = (gate.b.lon - gate.a.lon) * mLon;
	const gy = gate.b.lat - gate.a.lat;
	const side = (x: number, y: number) => gx * y - gy * x;
	const s1 = side(px, py);
	const s2 = side(qx, qy);
	if (s1 === s2 || Math.sign(s1) === Math.sign(s2)) return null;
	const t = s1 / (s1 - s2);
	// The crossing point must lie on the gate segment itself.
	const cx = px + t * (qx - px);
	const cy = py + t * (qy - py);
	const along = (cx * gx + cy * gy) / (gx * gx + gy * gy);
	return along >= 0 && along <= 1 ? t : null;
}

/** Every crossing of the gate in the direction of the first one: (fix index, fraction). */
export function crossings(f: RawFixes, gate: Gate): { i: number; t: number; timeMs: number }[] {
	const out: { i: number; t: number; timeMs: number; sign: number }[] = [];
	const mLon = Math.cos((gate.a.lat * Math.PI) / 180);
	for (let i = 0; i + 1 < f.timeMs.length; i++) {
		const t = crossing(f, i, gate);
		if (t === null) continue;
		const gx = (gate.b.lon - gate.a.lon) * mLon;
		const gy = gate.b.lat - gate.a.lat;
		const dx = (f.lon[i + 1]! - f.lon[i]!) * mLon;
		const dy = f.lat[i + 1]! - f.lat[i]!;
		const sign = Math.sign(gx * dy - gy * dx);
		out.push({ i, t, timeMs: f.timeMs[i]! + t * (f.timeMs[i + 1]! - f.timeMs[i]!), sign });
	}
	const first = out[0]?.sign ?? 0;
	return out.filter((c) => c.sign === first);
}

/** The laps between consecutive crossings of the start gate, with sectors from the sector gates. */
export function lapsBetween(f: RawFixes, start: Gate, sectors: Gate[] = []): TimedLap[] {
	const marks = crossings(f, start);
	const sectorMarks = sectors.map((g) => crossings(f, g));
	const laps: TimedLap[] = [];
	for (let k = 0; k + 1 < marks.length; k++) {
		const from = marks[k]!;
		const to = marks[k + 1]!;
		const at = (key: keyof RawFixes, i: number, t: number) =>
			f[key][i]! + t * (f[key][i + 1]! - f[key][i]!);
		const rows: [number, number][] = [[from.i, from.t]];
		for (let i = from.i + 1; i <= to.i; i++) rows.push([i, 0]);
		rows.push([to.i, to.t]);
		const n = rows.length;
		const channels: LapChannels = {
			length: n,
			timeMs: new Float64Array(n),
			lat: new Float64Array(n),
			lon: new Float64Array(n),
			speedKmh: new Float32Array(n),
			leanDeg: new Float32Array(n),
			leanEstimated: true,
			distanceM: new Float64Array(n),
			extra: {},
		};
		rows.forEach(([i, t], j) => {
			channels.timeMs[j] = at("timeMs", i, t) - from.timeMs;
			channels.lat[j] = at("lat", i, t);
			channels.lon[j] = at("lon", i, t);
			channels.speedKmh[j] = at("speedKmh", i, t);
			channels.leanDeg[j] = at("leanDeg", i, t);
		});
		let previous = from.timeMs;
		const sectorsMs: (number | null)[] = [];
		for (const marksOfLine of sectorMarks) {
			const hit = marksOfLine.find((m) => m.timeMs > from.timeMs && m.timeMs < to.timeMs);
			sectorsMs.push(hit ? hit.timeMs - previous : null);
			if (hit) previous = hit.timeMs;
		}
		if (sectors.length > 0) sectorsMs.push(to.timeMs - previous);
		laps.push({
			number: k + 1,
			startMs: from.timeMs,
			timeMs: to.timeMs - from.timeMs,
			sectorsMs,
			channels,
		});
	}
	return laps;
}

/**
 * The VBO's `[laptiming]` Start pair (longitude first, minutes, west positive) read as the
 * README of the recordings says it works: a gate square to the pair's direction through its
 * first point, `halfWidthM` to each side.
 */
export function vboStartGate(text: string, halfWidthM = 30): Gate {
	const line = text.split(/\r?\n/).find((l) => l.startsWith("Start"))!;
	const [lon1, lat1, lon2, lat2] = line.trim().split(/\s+/).slice(1, 5).map(Number) as [
		number,
		number,
		number,
		number,
	];
	const a = { lat: lat1 / 60, lon: -lon1 / 60 };
	const b = { lat: lat2 / 60, lon: -lon2 / 60 };
	const mLon = Math.cos((a.lat * Math.PI) / 180);
	const dx = (b.lon - a.lon) * mLon;
	const dy = b.lat - a.lat;
	const length = Math.hypot(dx, dy);
	const half = halfWidthM / 111_195;
	const nx = (-dy / length) * half;
	const ny = (dx / length) * half;
	return {
		a: { lat: a.lat - ny, lon: a.lon - nx / mLon },
		b: { lat: a.lat + ny, lon: a.lon + nx / mLon },
	};
}
