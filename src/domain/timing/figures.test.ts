import { describe, expect, it } from "vitest";
import type { LapChannels, TimedLap } from "../channels/types";
import { simulateSession } from "../simulator";
import { analyzeSession } from "../six/analyze";
import { parseGpsFile } from "../six/parse-gps";
import { parseLapFile } from "../six/parse-lap";
import { timedLapFigures, timedSessionFigures } from "./figures";
import { sixFixes, utcOffsetFromLaps } from "./six-fixes";
import { loggerLaps } from "./six-laps";

function channels(
	speed: number[],
	lean: number[],
	distance: number[],
	estimated = false,
): LapChannels {
	const n = speed.length;
	return {
		length: n,
		timeMs: Float64Array.from({ length: n }, (_, i) => i * 100),
		lat: new Float64Array(n),
		lon: new Float64Array(n),
		speedKmh: Float32Array.from(speed),
		leanDeg: Float32Array.from(lean),
		leanEstimated: estimated,
		distanceM: Float64Array.from(distance),
		extra: {},
	};
}

function lap(
	number: number,
	timeMs: number,
	sectorsMs: (number | null)[],
	c: LapChannels,
): TimedLap {
	return { number, startMs: number * 100_000, timeMs, sectorsMs, channels: c };
}

const N = Number.NaN;

describe("timedLapFigures", () => {
	it("takes speed, lean and distance from the lap's channels, skipping missing values", () => {
		const f = timedLapFigures(
			lap(
				1,
				61_000,
				[30_000, 31_000],
				channels([80, N, 158.9, 42.5], [N, 12.5, -47.25, 3], [0, 10, 20, 1203.5]),
			),
		);
		expect(f).toEqual({
			number: 1,
			timeMs: 61_000,
			sectorsMs: [30_000, 31_000],
			points: 4,
			distanceM: 1203.5,
			maxSpeedKmh: 158.9,
			minSpeedKmh: 42.5,
			maxLeanDeg: 12.5,
			minLeanDeg: -47.25,
			leanEstimated: false,
		});
	});

	it("gives null figures for a lap without points or values", () => {
		const f = timedLapFigures(lap(2, 60_000, [], channels([], [], [], true)));
		expect(f).toMatchObject({
			points: 0,
			distanceM: null,
			maxSpeedKmh: null,
			minSpeedKmh: null,
			maxLeanDeg: null,
			minLeanDeg: null,
			leanEstimated: true,
		});
		expect(timedLapFigures(lap(3, 1, [], channels([N], [N], [N]))).maxSpeedKmh).toBeNull();
	});
});

describe("timedSessionFigures", () => {
	const laps = [
		lap(2, 60_000, [29_000, 31_000], channels([100, 150], [40, -30], [0, 1000], true)),
		lap(1, 62_000, [30_500, 31_500], channels([90, 150], [45, -35], [0, 1010])),
		lap(3, 60_000, [30_000, 30_000], channels([95, 140], [45, -35], [0, 990])),
	];

	it("summarises like the logger's analysis: best, theoretical best, extremes, mean, spread", () => {
		const { summary, laps: figures, leanEstimated } = timedSessionFigures(laps, 1234);
		expect(figures.map((f) => f.number)).toEqual([1, 2, 3]);
		expect(summary).toEqual({
			bestLap: { number: 2, timeMs: 60_000 },
			theoreticalBestMs: 29_000 + 30_000,
			maxSpeed: { kmh: 150, lap: 1 },
			maxRoll: { deg: 45, lap: 1 },
			minRoll: { deg: -35, lap: 1 },
			meanLapMs: 182_000 / 3,
			stdDevLapMs: Math.sqrt(((182_000 / 3 - 60_000) ** 2 * 2 + (62_000 - 182_000 / 3) ** 2) / 3),
			lapCount: 3,
			gpsPointCount: 1234,
		});
		expect(leanEstimated).toBe(true);
	});

	it("has no theoretical best unless every lap has every sector", () => {
		const missing = [...laps, lap(4, 61_000, [30_000, null], channels([1], [1], [0]))];
		expect(timedSessionFigures(missing, 0).summary.theoreticalBestMs).toBeNull();
		const none = laps.map((l) => ({ ...l, sectorsMs: [] }));
		expect(timedSessionFigures(none, 0).summary.theoreticalBestMs).toBeNull();
	});

	it("is empty without laps", () => {
		const { summary, leanEstimated } = timedSessionFigures([], 10);
		expect(summary).toEqual({
			bestLap: null,
			theoreticalBestMs: null,
			maxSpeed: null,
			maxRoll: null,
			minRoll: null,
			meanLapMs: null,
			stdDevLapMs: null,
			lapCount: 0,
			gpsPointCount: 10,
		});
		expect(leanEstimated).toBe(false);
	});

	it("gives the logger's laps the same summary as analyzeSession", () => {
		const s = simulateSession({ seed: 21, circuit: "interlagos", laps: 4, hz: 10 });
		const lapFile = parseLapFile(s.lapSix);
		const gps = parseGpsFile(s.gpsSix);
		const date = { day: 2, month: 5, year: 2025 };
		const options = { date, utcOffsetMinutes: utcOffsetFromLaps(lapFile, gps.points) };
		const six = sixFixes(gps.points, options);
		const timed = loggerLaps(lapFile, gps.points, six, options);
		const figures = timedSessionFigures(timed.laps, gps.points.length);
		expect(figures.summary).toEqual(analyzeSession(lapFile, gps).summary);
		expect(figures.leanEstimated).toBe(false);
	});
});
