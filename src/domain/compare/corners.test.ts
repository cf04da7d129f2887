import { describe, expect, it } from "vitest";
import { type Corner, detectCorners, relocateCorners } from "./corners";
import { toLat, toLon } from "./geo";
import { prepareReference } from "./reference-line";
import {
	type CircuitLine,
	circuitLine,
	distanceOnLine,
	type SyntheticLapSpec,
	syntheticLap,
} from "./synthetic-lap";
import { pathOfPieces } from "./test-paths";

/**
 * The truth: the corners of the circuit's exact racing line, from the simulator's own
 * curvature (no GPS, no sampling, no smoothing): bends beyond a 300 m radius on one side,
 * held down to 600 m, turning 25° or more, their apex weighted by the squared curvature.
 */
function exactCorners(line: CircuitLine): [number, "left" | "right"][] {
	const k = line.curvature;
	const out: [number, "left" | "right"][] = [];
	let i = 0;
	while (i < line.n) {
		if (Math.abs(k[i]!) < 1 / 300) {
			i++;
			continue;
		}
		const sign = Math.sign(k[i]!);
		let end = i;
		while (end + 1 < line.n && Math.sign(k[end + 1]!) === sign && Math.abs(k[end + 1]!) >= 1 / 600)
			end++;
		let weight = 0;
		let moment = 0;
		let turn = 0;
		for (let j = i; j <= end; j++) {
			weight += k[j]! ** 2;
			moment += k[j]! ** 2 * j * line.spacingM;
			turn += k[j]! * line.spacingM;
		}
		if ((Math.abs(turn) * 180) / Math.PI >= 25)
			out.push([moment / weight, sign > 0 ? "left" : "right"]);
		i = end + 1;
	}
	return out;
}

const lines: CircuitLine[] = [
	circuitLine("interlagos"),
	circuitLine("velocitta"),
	circuitLine("granja-viana", { profile: "kart" }),
];

function expectKnownCorners(line: CircuitLine, corners: Corner[], toleranceM: number) {
	const known = exactCorners(line);
	expect(known.length).toBeGreaterThanOrEqual(8);
	expect(corners.map((c) => c.direction)).toEqual(known.map(([, side]) => side));
	corners.forEach((corner, i) => {
		expect(corner.number).toBe(i + 1);
		expect(Math.abs(distanceOnLine(line, corner.apex) - known[i]![0])).toBeLessThan(toleranceM);
		expect(corner.entryM).toBeLessThan(corner.apexM);
		expect(corner.apexM).toBeLessThan(corner.exitM);
		expect(corner.turnDeg).toBeGreaterThanOrEqual(25);
	});
}

describe("detectCorners", () => {
	it("finds each circuit's corners, in driving order, on their side", () => {
		for (const line of lines) {
			expectKnownCorners(line, detectCorners(syntheticLap(line, { hz: 25 }).channels), 8);
		}
	});

	it("finds the same corners on laps at other rates, speeds and with GPS noise", () => {
		const variants: SyntheticLapSpec[] = [
			{ hz: 1 },
			{ hz: 10, warp: (t) => 1.04 * t },
			{ hz: 10, noise: { seed: 3, sigmaM: 0.5 } },
			{ hz: 25, noise: { seed: 7, sigmaM: 1 } },
		];
		for (const line of lines) {
			for (const spec of variants) {
				expectKnownCorners(line, detectCorners(syntheticLap(line, spec).channels), 20);
			}
		}
	});

	it("takes no corner next to the line, where the crossing fix is read one-sided", () => {
		for (const line of lines) {
			const lap = syntheticLap(line, { hz: 25, noise: { seed: 5, sigmaM: 1 } });
			const corners = detectCorners(lap.channels);
			expect(corners[0]!.entryM).toBeGreaterThan(50);
		}
	});

	it("makes one corner of a bend that tightens, eases and tightens again (a double apex)", () => {
		// 45° at 20 m radius, 20 m at 50 m, 45° at 20 m: the curvature eases to 40 % of its peaks.
		const quarter = (20 * Math.PI) / 4;
		const double = detectCorners(
			pathOfPieces([
				[200, 0],
				[quarter, 1 / 20],
				[20, 1 / 50],
				[quarter, 1 / 20],
				[200, 0],
			]),
		);
		expect(double).toHaveLength(1);
		expect(double[0]!.turnDeg).toBeGreaterThan(100);
		expect(double[0]!.direction).toBe("left");
		// Eased to nearly straight (300 m) between them: two corners, numbered in order.
		const two = detectCorners(
			pathOfPieces([
				[200, 0],
				[quarter, 1 / 20],
				[20, 1 / 300],
				[quarter, 1 / 20],
				[200, 0],
			]),
		);
		expect(two.map((c) => [c.number, c.direction])).toEqual([
			[1, "left"],
			[2, "left"],
		]);
		// Peaks closer than 20 m stay one corner whatever lies between them.
		const tight = detectCorners(
			pathOfPieces([
				[200, 0],
				[8, 1 / 12],
				[6, 0],
				[8, 1 / 12],
				[200, 0],
			]),
		);
		expect(tight).toHaveLength(1);
	});

	it("finds nothing on a straight, nor on a lap too short to be a reference", () => {
		const straight = syntheticLap(lines[0]!, { hz: 25 }).channels;
		const firstStretch = { ...straight, length: 200 };
		expect(detectCorners(firstStretch)).toEqual([]);
		expect(detectCorners({ ...straight, length: 1 })).toEqual([]);
	});
});

describe("relocateCorners", () => {
	it("keeps the track's numbers on another lap: corner 3 is the same bend on every lap", () => {
		for (const line of lines) {
			const found = detectCorners(syntheticLap(line, { hz: 25 }).channels);
			const others: SyntheticLapSpec[] = [
				{ hz: 1, warp: (t) => 1.02 * t },
				{ hz: 10, noise: { seed: 9, sigmaM: 1 }, gpsOffsetM: { eastM: 3, northM: -2 } },
			];
			for (const spec of others) {
				const other = prepareReference(syntheticLap(line, spec).channels)!;
				const moved = relocateCorners(found, other);
				expect(moved.map((c) => c.number)).toEqual(found.map((c) => c.number));
				moved.forEach((c, i) => {
					expect(c.entryM).toBeLessThanOrEqual(c.apexM);
					expect(c.apexM).toBeLessThanOrEqual(c.exitM);
					// The place at that distance on the other lap's line is the same bend's apex.
					const k = Math.round(c.apexM / other.stepM);
					const there = {
						lat: toLat(other.frame, other.y[k]!),
						lon: toLon(other.frame, other.x[k]!),
					};
					const offsetM = Math.hypot(spec.gpsOffsetM?.eastM ?? 0, spec.gpsOffsetM?.northM ?? 0);
					expect(
						Math.abs(distanceOnLine(line, there) - distanceOnLine(line, found[i]!.apex)),
					).toBeLessThan(3 + offsetM);
				});
			}
		}
	});

	it("finds nothing on another track", () => {
		const found = detectCorners(syntheticLap(lines[0]!, { hz: 25 }).channels);
		const elsewhere = prepareReference(syntheticLap(lines[1]!, { hz: 25 }).channels)!;
		expect(relocateCorners(found, elsewhere)).toEqual([]);
	});
});
