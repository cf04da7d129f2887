import { describe, expect, it } from "vitest";
import type { TimedLap } from "../channels/types";
import { compareLaps } from "./compare-laps";
import { detectCorners } from "./corners";
import { compareSectors } from "./sectors";
import {
	type CircuitLine,
	circuitLine,
	distanceOnLine,
	type SyntheticLap,
	type SyntheticLapSpec,
	syntheticLap,
	timeAtDistance,
} from "./synthetic-lap";

const line = circuitLine("velocitta");

/** A timed lap as lap timing gives it: sectors from the circuit's sector lines, crossed exactly. */
function timedLap(
	l: CircuitLine,
	spec: SyntheticLapSpec,
	number = 1,
): TimedLap & { lap: SyntheticLap } {
	const lap = syntheticLap(l, spec);
	const ends = [...l.circuit.sectorEnds.map((f) => f * l.lengthM), l.lengthM];
	const sectorsMs: number[] = [];
	let previous = 0;
	for (const end of ends) {
		const t = timeAtDistance(lap, l.spacingM, end);
		sectorsMs.push(t - previous);
		previous = t;
	}
	return { number, startMs: 0, timeMs: lap.lapTimeMs, sectorsMs, channels: lap.channels, lap };
}

/** A lap that loses `lostMs` evenly between two places of the line, and is the reference elsewhere. */
function losing(fromM: number, toM: number, lostMs: number) {
	return (t: number, s: number) =>
		t + lostMs * Math.min(1, Math.max(0, (s - fromM) / (toM - fromM)));
}

describe("compareLaps", () => {
	const ref = timedLap(line, { hz: 25 });
	const corners = detectCorners(ref.channels);
	const fifth = corners[4]!;
	const at = (place: { lat: number; lon: number }) => distanceOnLine(line, place);
	const lap = timedLap(line, {
		hz: 10,
		warp: losing(at(fifth.entry), at(fifth.exit), 300),
	});
	const result = compareLaps(lap, ref);

	it("puts the corner where the time went first, with the time it cost", () => {
		expect(result.delta.status).toBe("ok");
		expect(result.corners.map((c) => c.number)).toEqual(corners.map((c) => c.number));
		const first = result.cornerDifferences![0]!;
		expect(first.corner.number).toBe(5);
		expect(Math.abs(first.diff.timeMs - 300)).toBeLessThan(15);
		for (const other of result.cornerDifferences!.slice(1)) {
			expect(Math.abs(other.diff.timeMs)).toBeLessThan(10);
		}
	});

	it("gives the sectors side by side, and the trace agrees with them at every sector line", () => {
		expect(result.sectors).toHaveLength(4);
		const sectorOfCorner = line.circuit.sectorEnds.findIndex(
			(f) => at(fifth.apex) < f * line.lengthM,
		);
		let cumulative = 0;
		result.sectors.forEach((sector, j) => {
			expect(sector.number).toBe(j + 1);
			expect(sector.diffMs).toBeCloseTo(lap.sectorsMs[j]! - ref.sectorsMs[j]!, 9);
			expect(Math.abs(sector.diffMs! - (j === sectorOfCorner ? 300 : 0))).toBeLessThan(2);
			cumulative += sector.diffMs!;
			expect(sector.cumulativeDiffMs).toBeCloseTo(cumulative, 9);
			expect(Math.abs(sector.deltaAtLineMs! - sector.cumulativeDiffMs!)).toBeLessThan(10);
			expect(
				Math.abs(sector.lineAtM! - line.circuit.sectorEnds.concat(1)[j]! * line.lengthM),
			).toBeLessThan(5);
		});
		const last = result.sectors[3]!;
		expect(last.deltaAtLineMs).toBe(lap.timeMs - ref.timeMs);
	});

	it("keeps the track's corner numbers when given them, found on another lap", () => {
		const track = detectCorners(timedLap(line, { hz: 1, warp: (t) => 1.03 * t }).channels);
		const again = compareLaps(lap, ref, { corners: track });
		expect(again.corners.map((c) => c.number)).toEqual(track.map((c) => c.number));
		expect(again.cornerDifferences![0]!.corner.number).toBe(5);
	});

	it("still gives the sectors when the laps cannot be compared by position", () => {
		const backwards = timedLap(circuitLine("velocitta", { reverse: true }), { hz: 10 });
		const refused = compareLaps(lap, backwards);
		expect(refused.delta.status).toBe("reversed");
		expect(refused.cornerDifferences).toBeNull();
		// No line to place corners on: none, rather than the reference's alone.
		expect(refused.corners).toEqual([]);
		expect(refused.sectors[0]!.diffMs).toBeCloseTo(lap.sectorsMs[0]! - backwards.sectorsMs[0]!, 9);
		expect(refused.sectors[0]!.lineAtM).toBeNull();
	});
});

describe("compareSectors", () => {
	it("leaves a sector without time, and every running sum after it, empty", () => {
		const sectors = compareSectors(
			{ timeMs: 100, sectorsMs: [30, null, 40] },
			{ timeMs: 90, sectorsMs: [25, 30, 35, 1] },
			null,
		);
		expect(sectors.map((s) => s.diffMs)).toEqual([5, null, 5, null]);
		expect(sectors.map((s) => s.cumulativeDiffMs)).toEqual([5, null, null, null]);
	});
});
