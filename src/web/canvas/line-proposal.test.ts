import { describe, expect, it } from "vitest";
import { crossingCount, directionAcross, PROPOSED_LINE_M, proposeLine } from "./line-proposal";

/** Laps of a circle of ~100 m radius run clockwise (seen from above), starting due north. */
function circleLaps(laps: number, perLap = 72) {
	const centre = { lat: -23.7, lon: -46.7 };
	const rLat = 100 / 111_195;
	const rLon = rLat / Math.cos((centre.lat * Math.PI) / 180);
	return Array.from({ length: laps }, () => {
		const lat: number[] = [];
		const lon: number[] = [];
		for (let k = 0; k < perLap; k++) {
			const t = (k / perLap) * 2 * Math.PI;
			lat.push(centre.lat + rLat * Math.cos(t));
			lon.push(centre.lon + rLon * Math.sin(t));
		}
		return { lat, lon };
	});
}

describe("line proposal", () => {
	it("proposes a line where the laps start, crossed once per lap", () => {
		const paths = circleLaps(3);
		const line = proposeLine(paths)!;
		const mid = { lat: (line.a.lat + line.b.lat) / 2, lon: (line.a.lon + line.b.lon) / 2 };
		expect(mid.lat).toBeCloseTo(paths[0]!.lat[0]!, 7);
		expect(mid.lon).toBeCloseTo(paths[0]!.lon[0]!, 7);
		const widthM = Math.abs(line.a.lat - line.b.lat) * 111_195;
		expect(widthM).toBeCloseTo(PROPOSED_LINE_M, 0);
		// The recording starts on the line (leaving it is no crossing); laps 2 and 3 arrive at it,
		// and the third never closes: 2 crossings.
		expect(crossingCount(paths, line)).toBe(2);
		const shifted = circleLaps(3).map((p) => ({ lat: p.lat.slice(1), lon: p.lon.slice(1) }));
		expect(crossingCount(shifted, line)).toBe(2);
		shifted.push({ lat: [paths[0]!.lat[1]!], lon: [paths[0]!.lon[1]!] });
		expect(crossingCount(shifted, line)).toBe(3);
	});

	it("gives the direction of travel across the line: east at the top of a clockwise circle", () => {
		const paths = circleLaps(2);
		const line = proposeLine(paths)!;
		expect(directionAcross(paths, line)).toBeCloseTo(90, 0);
		const swapped = { a: line.b, b: line.a };
		expect(directionAcross(paths, swapped)).toBeCloseTo(90, 0);
	});

	it("has nothing to propose without a path", () => {
		expect(proposeLine([])).toBeNull();
		expect(proposeLine([{ lat: [1], lon: [1] }])).toBeNull();
	});
});
