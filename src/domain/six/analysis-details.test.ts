import { describe, expect, it } from "vitest";
import { analyzeSixFiles, shortestFloat32 } from "./analyze";
import { emptyGpsPoints } from "./gps-columns";
import { parseGpsFile } from "./parse-gps";
import { decodeLapPath, encodeLapPath, LapPathDecodeError } from "./path-codec";
import { formatDecimal, formatGpsLine, formatLapLine, gpsPointAt } from "./serialize";
import { splitLaps } from "./split-laps";
import type { GpsPoint, LapRecord } from "./types";

/** One gps.six line (10-field variant) per `lap:flag` pair. */
function gpsText(spec: string): string {
	return spec
		.trim()
		.split(/\s+/)
		.map((pair, i) => {
			const [lap, flag] = pair.split(":");
			return `-23.5,-46.${String(i + 1).padStart(4, "0")}|${50 + i}|9|1200${String(i % 60).padStart(2, "0")}|${lap}|${flag}|12.6V|${i}|0|${i * 10}`;
		})
		.join("\n");
}

const lapLine = (number: number, timeMs: number) => {
	const lap: LapRecord = {
		number,
		timeMs,
		battery: "12.6V",
		entrySec: 36_000,
		sectors: [null, null, null, null],
		sprintCount: 1,
		distanceM: 4000,
		line: 1,
	};
	return formatLapLine(lap);
};

describe("analysis details", () => {
	it("reports a saved path that lap.six lacks, in gps.six, only when lap.six has laps", () => {
		const gps = gpsText("1:1 1:1 2:1 2:1 3:1");
		const withLaps = analyzeSixFiles(`${lapLine(1, 90_000)}\n`, gps);
		expect(withLaps.report).toContainEqual({
			file: "gps.six",
			line: 3,
			kind: "notice",
			reason: "volta 2: trajeto salvo sem linha correspondente em lap.six",
		});
		const gpsOnly = analyzeSixFiles(null, gps);
		expect(gpsOnly.report.some((i) => i.reason.includes("sem linha correspondente"))).toBe(false);
	});

	it("adds nothing to the report of lap.six alone", () => {
		expect(analyzeSixFiles(`${lapLine(1, 90_000)}\n${lapLine(2, 91_000)}\n`, null).report).toEqual(
			[],
		);
	});

	it("writes a float32 with the fewest digits that read back, up to nine", () => {
		expect(shortestFloat32(Math.fround(158.9))).toBe(158.9);
		// This float32 needs all 9 significant digits to read back as itself.
		const nine = Math.fround(10.0065365);
		expect(shortestFloat32(nine)).toBe(Number(nine.toPrecision(9)));
		expect(Math.fround(Number(nine.toPrecision(8)))).not.toBe(nine);
	});

	it("gives NaN and the infinities back as they are", () => {
		expect(shortestFloat32(Number.NaN)).toBeNaN();
		expect(shortestFloat32(Number.POSITIVE_INFINITY)).toBe(Number.POSITIVE_INFINITY);
		expect(shortestFloat32(Number.NEGATIVE_INFINITY)).toBe(Number.NEGATIVE_INFINITY);
	});
});

describe("splitLaps report order", () => {
	it("lists by line a replaced run noted after a later interruption", () => {
		// Lap 1 runs on lines 1-2, timing drops on line 4, lap 1 comes again on lines 5-6.
		const points = parseGpsFile(gpsText("1:1 1:1 2:1 2:0 1:1 1:1 3:1")).points;
		const { report } = splitLaps(points, new Set([1, 2, 3]));
		expect(report.map((i) => i.line)).toEqual([...report.map((i) => i.line)].sort((a, b) => a - b));
		expect(report.map((i) => i.line)).toEqual([1, 4]);
	});
});

describe("path codec errors", () => {
	it("names the unknown version", () => {
		const points = parseGpsFile(gpsText("1:1 1:1 2:1")).points;
		const bytes = encodeLapPath(points, { lapNumber: 1, start: 0, end: 2 });
		bytes[0] = 9;
		let error: unknown;
		try {
			decodeLapPath(bytes);
		} catch (caught) {
			error = caught;
		}
		expect(error).toBeInstanceOf(LapPathDecodeError);
		expect((error as Error).name).toBe("LapPathDecodeError");
		expect((error as Error).message).toBe("trajeto: versão 9 desconhecida");
	});
});

describe("serialize", () => {
	it.each([
		[1e-7, "0.0000001"],
		[-2.5e-8, "-0.000000025"],
		[1.25e-7, "0.000000125"],
		[1e21, "1000000000000000000000"],
		[-1.5e22, "-15000000000000000000000"],
		[12.5, "12.5"],
	])("writes %d as %s", (value, text) => {
		expect(formatDecimal(value)).toBe(text);
		expect(Number(text)).toBe(value);
	});

	it("writes an absent sector as five commas", () => {
		expect(lapLine(3, 90_000).split("|").slice(3, 7)).toEqual([",,,,,", ",,,,,", ",,,,,", ",,,,,"]);
	});

	it("writes the older 7-field variant unless roll, lean and distance are all known", () => {
		const base: GpsPoint = {
			lat: -23.5,
			lon: -46.6,
			speedKmh: 10,
			satellites: 9,
			timeOfDayMs: 0,
			lapCount: 1,
			timingFlag: 1,
			battery: "12.6V",
			roll: 1,
			filteredLean: 2,
			distanceM: 3,
		};
		expect(formatGpsLine(base).split("|")).toHaveLength(10);
		for (const missing of ["roll", "filteredLean", "distanceM"] as const) {
			expect(formatGpsLine({ ...base, [missing]: Number.NaN }).split("|")).toHaveLength(7);
		}
	});

	it("gives an empty battery for a point beyond the battery column", () => {
		const points = emptyGpsPoints();
		expect(gpsPointAt(points, 0).battery).toBe("");
	});
});
