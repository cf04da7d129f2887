/**
 * The importers on real recordings of other lap timers (`../shared/real/`, never copied into
 * the repository). Each figure in these tests was found independently of the importers, by
 * the shell one-liner written beside it (run from `../shared/real/`).
 */
import { readFileSync } from "node:fs";
import { expect, it } from "vitest";
import { importRecording } from "../../src/domain/import/import-recording";
import { importNmea } from "../../src/domain/import/nmea";
import { importRaceChrono } from "../../src/domain/import/racechrono";
import { crossingTimes, strictlyIncreasing } from "../../src/domain/import/test-support";
import { importTrackAddict } from "../../src/domain/import/trackaddict";
import { importVbo } from "../../src/domain/import/vbo";
import type { Fixes, Recording } from "../../src/domain/recording/types";
import { describeReal, readReal, realPath } from "./real-recordings";

const RACECHRONO = "racechrono-v3/session_20251231_111318_tianma_lap9_v3.csv";
const VBO = "vbo/vbox-modena.vbo";
const NMEA = "nmea/okc-2laps-rental.nmea";
const TRACKADDICT = "trackaddict/STC_log.csv";

function range(a: Float64Array): [number, number] {
	let min = Number.POSITIVE_INFINITY;
	let max = Number.NEGATIVE_INFINITY;
	for (const v of a) {
		min = Math.min(min, v);
		max = Math.max(max, v);
	}
	return [min, max];
}

function expectRanges(
	f: Fixes,
	lat: [number, number],
	lon: [number, number],
	digits: number,
): void {
	const [latMin, latMax] = range(f.lat);
	const [lonMin, lonMax] = range(f.lon);
	expect(latMin).toBeCloseTo(lat[0], digits);
	expect(latMax).toBeCloseTo(lat[1], digits);
	expect(lonMin).toBeCloseTo(lon[0], digits);
	expect(lonMax).toBeCloseTo(lon[1], digits);
}

function lapsOf(crossings: number[]): number[] {
	return crossings.slice(1).map((t, k) => Math.round(t - crossings[k]!) / 1000);
}

describeReal("RaceChrono CSV v3 export (Tianma, lap 9)", () => {
	const r = () => importRaceChrono(readReal(RACECHRONO), "tianma.csv");

	it("imports every distinct data row as a fix; the export's byte-identical repeats are noted", () => {
		// awk -F, 'NR>12 {if ($0!=p) c++; p=$0} END{print c}' $F  -> 3761 (of 3850 data rows)
		const rec = r();
		expect(rec.fixes.length).toBe(3761);
		expect(rec.report.filter((e) => e.kind === "rejected")).toEqual([]);
		expect(rec.report).toContainEqual(
			expect.objectContaining({
				kind: "notice",
				reason: expect.stringMatching(/^89 linhas idênticas/),
			}),
		);
		expect(rec.source).toEqual({ format: "racechrono", device: "RaceChrono Pro 9.1.3" });
		expect(rec.trackName).toBe("Tianma");
	});

	it("spans the file's timestamps and positions", () => {
		// awk -F, 'NR>12 {print $1}' $F | sed -n '1p;$p'  -> 1767150797.44, 1767150881.72
		// latitude (col 12) 31.0756772..31.0794042, longitude (col 13) 121.1133547..121.1175097
		const f = r().fixes;
		expect([f.timeMs[0], f.timeMs[f.length - 1]]).toEqual([1767150797440, 1767150881720]);
		expectRanges(f, [31.0756772, 31.0794042], [121.1133547, 121.1175097], 7);
		expect(strictlyIncreasing(f.timeMs)).toBe(true);
	});

	it("marks laps where lap_number changes: lap 9 is 76.329 s and 2006.3 m of distance_traveled", () => {
		// awk -F, 'NR>12 && $3!=p {print NR, $1, $5; p=$3}' $F
		//   -> 177 1767150801.425 17985.62671 ; 3564 1767150877.754 19991.94008
		const rec = r();
		expect(rec.lapMarksMs).toEqual([1767150801425, 1767150877754]);
		expect(rec.lapMarksMs[1]! - rec.lapMarksMs[0]!).toBe(76329);
		const at = (t: number) => rec.fixes.distanceM![rec.fixes.timeMs.indexOf(t)]!;
		expect(at(1767150877754) - at(1767150801425)).toBeCloseTo(2006.31337, 4);
	});

	it("carries speed (gps, m/s to km/h), measured lean and the extra channels", () => {
		// line 13: speed (gps, col 15) 33.453 m/s; lean_angle (calc) -18.56046; rpm 3544.02065
		const f = r().fixes;
		expect(f.speedKmh[0]).toBeCloseTo(33.453 * 3.6, 3);
		expect(f.leanDeg?.[0]).toBeCloseTo(-18.56046, 4);
		expect(f.extra.rpm?.[0]).toBeCloseTo(3544.02065, 2);
		expect(Object.keys(f.extra).sort()).toEqual(
			["altitudeM", "headingDeg", "latAccG", "lonAccG", "rpm", "satellites", "throttlePct"].sort(),
		);
	});
});

describeReal("VBO written by RaceChrono (Massa Finalese)", () => {
	const r = () => importVbo(readReal(VBO), "modena.vbo");

	it("imports every data row, in minutes with west-positive longitude", () => {
		// awk '/^\[data\]/{d=1;next} d && NF>5' $F | wc -l  -> 10390
		// lat/60 44.830386..44.832017, -long/60 11.222329..11.224363
		const rec = r();
		expect(rec.fixes.length).toBe(10390);
		expectRanges(rec.fixes, [44.830386, 44.832017], [11.222329, 11.224363], 6);
		expect(rec.source.device).toBe("RaceChrono 10.2.4");
		expect(rec.trackName).toBe("Massa Finalese");
	});

	it("spans 09:03:58.20 to 09:21:17.10 UTC of the File created day", () => {
		const f = r().fixes;
		expect(new Date(f.timeMs[0]!).toISOString()).toBe("2026-07-04T09:03:58.200Z");
		expect(new Date(f.timeMs[f.length - 1]!).toISOString()).toBe("2026-07-04T09:21:17.100Z");
	});

	it("reads [laptiming] longitude first, along the travel: the perpendicular gate gives the 20 laps", () => {
		const rec = r();
		expect(rec.report).toContainEqual(
			expect.objectContaining({
				reason: expect.stringMatching(/longitude primeiro.*seguem a direção do movimento/),
			}),
		);
		const laps = lapsOf(crossingTimes(rec.fixes, rec.lines!.startFinish));
		expect(laps).toHaveLength(20);
		expect(Math.min(...laps)).toBe(44.615);
		expect(Math.max(...laps)).toBe(45.539);
		expect(rec.lines!.sectors).toHaveLength(2);
		// Read as a crossing segment, the same two points give no lap at all.
		const [p1, p2] = [
			{ lat: 2689.89954 / 60, lon: 673.42956 / 60 },
			{ lat: 2689.908983 / 60, lon: 673.406497 / 60 },
		];
		expect(crossingTimes(rec.fixes, { a: p1, b: p2 })).toHaveLength(0);
	});

	it("reads lean_angle-calc as lean", () => {
		// first data row: lean_angle-calc (col 18) +001.619
		expect(r().fixes.leanDeg?.[0]).toBeCloseTo(1.619, 3);
	});
});

describeReal("NMEA RMC log (Orlando Kart Center)", () => {
	const r = () => importNmea(readReal(NMEA), "okc.nmea");
	const normalLine = () => {
		const tracks = JSON.parse(readFileSync(realPath("tracks/doves-tracks.json"), "utf8"));
		const c = tracks["Orlando Kart Center"].courses.find(
			(x: { name: string }) => x.name === "Normal",
		);
		return {
			a: { lat: c.start_a_lat, lon: c.start_a_lng },
			b: { lat: c.start_b_lat, lon: c.start_b_lng },
		};
	};

	it("imports every RMC sentence as a fix, checksums all good, the one GGA joined to its RMC", () => {
		// grep -c RMC $F -> 2790 ; grep -c GGA $F -> 1 (same time as the first RMC)
		const rec = r();
		expect(rec.fixes.length).toBe(2790);
		expect(rec.report).toEqual([]);
		expect(rec.fixes.extra.altitudeM?.[0]).toBeCloseTo(33.8, 5);
		expect(rec.fixes.extra.satellites?.[0]).toBe(8);
		expect(Number.isNaN(rec.fixes.extra.altitudeM?.[1])).toBe(true);
	});

	it("spans 17:34:30.010 to 17:38:17.990 on 29/04/2023 over the file's positions", () => {
		// awk -F, '/RMC/ {print $2, $10}' $F | sed -n '1p;$p'
		const f = r().fixes;
		expect(new Date(f.timeMs[0]!).toISOString()).toBe("2023-04-29T17:34:30.010Z");
		expect(new Date(f.timeMs[f.length - 1]!).toISOString()).toBe("2023-04-29T17:38:17.990Z");
		expectRanges(f, [28.411035, 28.413225], [-81.379946, -81.378785], 6);
	});

	it("crosses the Orlando Normal line for 3 complete laps of 69.961, 68.742 and 70.148 s", () => {
		expect(lapsOf(crossingTimes(r().fixes, normalLine()))).toEqual([69.961, 68.742, 70.148]);
	});
});

describeReal("TrackAddict CSV (STC)", () => {
	const r = () => importTrackAddict(readReal(TRACKADDICT), "stc.csv");

	it("keeps the 1164 rows with a GPS update as fixes and counts the 24034 others", () => {
		// awk -F, 'NR>6 && !/^#/ {n++; if ($6==1) c++} END{print n, c}' $F -> 25198 1164
		const rec = r();
		expect(rec.fixes.length).toBe(1164);
		expect(rec.report).toContainEqual(
			expect.objectContaining({
				kind: "notice",
				reason: expect.stringMatching(/^24034 linhas sem GPS_Update/),
			}),
		);
		expect(rec.report.filter((e) => e.kind === "rejected")).toEqual([]);
		expect(rec.source.device).toBe("TrackAddict 4.3.5 (Android 9)");
	});

	it("spans UTC 1559734111.000 to 1559735356.263 over the updated positions", () => {
		const f = r().fixes;
		expect([f.timeMs[0], f.timeMs[f.length - 1]]).toEqual([1559734111000, 1559735356263]);
		expectRanges(f, [51.9955257, 52.0005463], [13.6828482, 13.6891385], 7);
	});

	it("marks the app's laps: 155.138, 444.553, 107.089, 116.145 and 357.906 s", () => {
		// grep '^# Lap' $F
		const marks = r().lapMarksMs;
		expect(marks.slice(1).map((m, k) => (m - marks[k]!) / 1000)).toEqual([
			155.138, 444.553, 107.089, 116.145, 357.906,
		]);
		// Each lap's end lies within a second of the rows around its comment:
		// grep -n -B1 -A1 '^# Lap' $F -> UTC 1559734266.271/.286, 1559734710.223/.242, …
		const around = [1559734266.28, 1559734710.23, 1559734818.27, 1559734934.23, 1559735292.28];
		for (const [k, m] of marks.slice(1).entries()) {
			expect(Math.abs(m / 1000 - around[k]!)).toBeLessThan(1);
		}
	});
});

describeReal("format detection on the real recordings", () => {
	it("recognises each by its content", () => {
		const formats = [RACECHRONO, VBO, NMEA, TRACKADDICT].map(
			(p) => importRecording(readReal(p), "x").source.format,
		);
		expect(formats).toEqual(["racechrono", "vbo", "nmea", "trackaddict"]);
	});

	it("keeps times strictly increasing in every import", () => {
		const all: Recording[] = [
			r1(),
			importVbo(readReal(VBO), "v"),
			importNmea(readReal(NMEA), "n"),
			importTrackAddict(readReal(TRACKADDICT), "t"),
		];
		for (const rec of all) expect(strictlyIncreasing(rec.fixes.timeMs)).toBe(true);
	});
});

function r1(): Recording {
	return importRaceChrono(readReal(RACECHRONO), "r");
}
