/**
 * A start/finish line from a file's own lap marks (RaceChrono `lap_number` changes, TrackAddict
 * `# Lap` lines): where the recording was at each mark is where its app saw the line, so the
 * line lies there, across the direction of travel, as `startFinishFromLapCounter` places a
 * logger's. An imported file without a known track thus gives a new track its line.
 */
import type { Fixes } from "../recording/types";
import type { GpsPoints } from "../six/types";
import { type DerivedStartFinish, startFinishFromLapCounter } from "./six-start-line";

export function startFinishFromMarks(
	fixes: Pick<Fixes, "length" | "timeMs" | "lat" | "lon" | "line">,
	lapMarksMs: readonly number[],
	options: { widthM?: number } = {},
): DerivedStartFinish | null {
	const n = fixes.length;
	if (n < 2 || lapMarksMs.length === 0) return null;
	const marks = [...lapMarksMs].sort((a, b) => a - b);
	// The lap counter a logger would have written: marks passed so far (the change falls on the
	// first fix after each mark).
	const lapCount = new Uint32Array(n);
	let passed = 0;
	for (let i = 0; i < n; i++) {
		while (passed < marks.length && marks[passed]! <= fixes.timeMs[i]!) passed++;
		lapCount[i] = passed;
	}
	const points: GpsPoints = {
		length: n,
		lat: fixes.lat,
		lon: fixes.lon,
		speedKmh: new Float32Array(n),
		satellites: new Uint16Array(n),
		timeOfDayMs: fixes.timeMs,
		lapCount,
		timingFlag: new Uint8Array(n).fill(1),
		roll: new Float32Array(n),
		filteredLean: new Float32Array(n),
		distanceM: new Float64Array(n),
		line: fixes.line,
		battery: [],
	};
	return startFinishFromLapCounter(points, options);
}
