import { describe, expect, it } from "vitest";
import type { Fixes } from "../recording/types";
import { findGateCrossings } from "./crossings";
import { timeLapsFromLines } from "./lap-lines";
import { startFinishFromMarks } from "./marks-start-line";

/** Laps of a circle (radius 200 m) at 10 Hz, 60 s a lap, starting at its southernmost point. */
function circleLaps(laps: number): { fixes: Fixes; marks: number[] } {
	const perLap = 600;
	const n = laps * perLap + 1;
	const fixes: Fixes = {
		length: n,
		timeMs: new Float64Array(n),
		lat: new Float64Array(n),
		lon: new Float64Array(n),
		speedKmh: new Float32Array(n).fill(75),
		extra: {},
		line: new Uint32Array(n),
	};
	const metresPerDegree = 111_195;
	for (let i = 0; i < n; i++) {
		const angle = (2 * Math.PI * i) / perLap - Math.PI / 2;
		fixes.timeMs[i] = 1_700_000_000_000 + i * 100;
		fixes.lat[i] = -23 + (200 * Math.sin(angle)) / metresPerDegree;
		fixes.lon[i] =
			-46 + (200 * Math.cos(angle)) / (metresPerDegree * Math.cos((23 * Math.PI) / 180));
		fixes.line[i] = i + 2;
	}
	// The app marked each lap 30 ms after the fix at the bottom of the circle.
	const marks = Array.from({ length: laps + 1 }, (_, k) => fixes.timeMs[k * perLap]! + 30).slice(
		0,
		laps,
	);
	return { fixes, marks };
}

describe("startFinishFromMarks", () => {
	it("places a line where the marks are, across the path, that times the same laps", () => {
		const { fixes, marks } = circleLaps(4);
		const derived = startFinishFromMarks(fixes, marks);
		expect(derived).not.toBeNull();
		// The circle's bottom: 200 m south of its centre.
		expect(derived!.centre.lat).toBeCloseTo(-23 - 200 / 111_195, 4);
		expect(derived!.centre.lon).toBeCloseTo(-46, 4);
		const crossings = findGateCrossings(fixes, derived!.lines.startFinish, {
			debounceMs: 5000,
			directionDeg: derived!.lines.directionDeg,
			marginM: 0,
		});
		expect(crossings.crossings.length).toBe(4);
		const timed = timeLapsFromLines(fixes, derived!.lines);
		expect(timed.laps.map((l) => Math.round(l.timeMs / 100) * 100)).toEqual([
			60_000, 60_000, 60_000,
		]);
	});

	it("gives nothing without marks or points", () => {
		const { fixes } = circleLaps(2);
		expect(startFinishFromMarks(fixes, [])).toBeNull();
		expect(startFinishFromMarks({ ...fixes, length: 1 }, [fixes.timeMs[0]!])).toBeNull();
	});

	it("ignores marks outside the recording", () => {
		const { fixes } = circleLaps(2);
		expect(startFinishFromMarks(fixes, [fixes.timeMs[0]! - 10_000])).toBeNull();
	});
});
