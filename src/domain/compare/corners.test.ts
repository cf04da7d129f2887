import { describe, expect, it } from "vitest";
import { type Corner, detectCorners, relocateCorners } from "./corners";
import { toLat, toLon } from "./geo";
import { prepareReference, type ReferenceLine } from "./reference-line";
import {
	type CircuitLine,
	circuitLine,
	distanceOnLine,
	type SyntheticLapSpec,
	syntheticLap,
} from "./synthetic-lap";
import { lapThrough, pathOfPieces } from "./test-paths";

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

interface ExpectedCorner {
	number: number;
	direction: "left" | "right";
	turnDeg: number;
	minRadiusM: number;
	entryM: number;
	apexM: number;
	exitM: number;
	/** The apex's latitude and longitude, times 1e5. */
	apexE5: [number, number];
}

/**
 * Each rule with a path of constant-curvature pieces where it decides the corners, and the same
 * path behind `leadM` more metres of straight (so every place lies that far off it) to relocate
 * them on (a grid of `otherStepM`, 1 m unless given): [rule, pieces, speed m/s, leadM, corners,
 * relocated [number, entry, apex, exit], otherStepM].
 */
const decidingPaths: [
	string,
	[number, number][],
	number,
	number,
	ExpectedCorner[],
	[number, number, number, number][],
	otherStepM?: number,
][] = [
	[
		"searches from near the place found before, not from the other line's start",
		[
			[5, 0],
			[100, 1 / 20],
			[100, 1 / 80],
			[40, 0],
		],
		30,
		30,
		[
			{
				number: 1,
				direction: "left",
				turnDeg: 330.703,
				minRadiusM: 19.9,
				entryM: 12.972,
				apexM: 57.549,
				exitM: 114.752,
				apexE5: [-2359965.642, -4669987.83],
			},
		],
		[],
		2.5,
	],
	[
		"searches back 10 m in metres on a coarser grid",
		[
			[5, 0],
			[20, -1 / 40],
			[60, -1 / 80],
			[20, 0],
		],
		50,
		0,
		[
			{
				number: 1,
				direction: "right",
				turnDeg: 56.742,
				minRadiusM: 51.325,
				entryM: 12.987,
				apexM: 38.42,
				exitM: 83.917,
				apexE5: [-2360011.724, -4669964.983],
			},
		],
		[[1, 12.369, 37.106, 84.107]],
		2.5,
	],
	[
		"searches another line only as far ahead as the corners lay apart, so a corner moved off it is left out",
		[
			[40, 0],
			[60, 1 / 20],
			[5, 0],
			[10, 1 / 20],
			[5, 0],
		],
		15,
		30,
		[
			{
				number: 1,
				direction: "left",
				turnDeg: 182.202,
				minRadiusM: 19.983,
				entryM: 35.983,
				apexM: 70.645,
				exitM: 105.949,
				apexE5: [-2359981.053, -4669941.698],
			},
		],
		[],
	],
	[
		"searches from 10 m behind the place found before",
		[
			[40, 0],
			[60, -1 / 40],
			[30, 1 / 40],
			[5, 0],
		],
		15,
		10,
		[
			{
				number: 1,
				direction: "right",
				turnDeg: 79.497,
				minRadiusM: 39.992,
				entryM: 35.995,
				apexM: 66.944,
				exitM: 95.987,
				apexE5: [-2360008.769, -4669935.595],
			},
			{
				number: 2,
				direction: "left",
				turnDeg: 26.372,
				minRadiusM: 40,
				entryM: 100.986,
				apexM: 112.637,
				exitM: 120.983,
				apexE5: [-2360045.973, -4669918.523],
			},
		],
		[
			[1, 35.995, 67.991, 103.987],
			[2, 109.986, 119.985, 125.984],
		],
	],
	[
		"searches no further ahead than that reach",
		[
			[5, 0],
			[60, 1 / 20],
			[30, -1 / 150],
			[40, 0],
		],
		30,
		30,
		[
			{
				number: 1,
				direction: "left",
				turnDeg: 139.793,
				minRadiusM: 19.9,
				entryM: 12.971,
				apexM: 35.66,
				exitM: 64.857,
				apexE5: [-2359980.979, -4669976.135],
			},
		],
		[],
	],
	[
		"measures the reach ahead in metres",
		[
			[40, 0],
			[60, -1 / 20],
			[20, -1 / 300],
			[30, 1 / 40],
			[60, -1 / 40],
			[20, 0],
		],
		50,
		30,
		[
			{
				number: 1,
				direction: "right",
				turnDeg: 167.198,
				minRadiusM: 19.927,
				entryM: 31.863,
				apexM: 68.046,
				exitM: 102.558,
				apexE5: [-2360016.343, -4669941.983],
			},
			{
				number: 2,
				direction: "right",
				turnDeg: 67.912,
				minRadiusM: 40.333,
				entryM: 153.338,
				apexM: 181.951,
				exitM: 215.072,
				apexE5: [-2360060.586, -4670034.288],
			},
		],
		[[2, 195.256, 238.092, 258.016]],
	],
	[
		"searches up to and with the last point of the reach",
		[
			[40, 0],
			[5, 1 / 20],
			[60, 1 / 20],
			[60, 1 / 300],
			[5, 0],
			[20, 1 / 300],
			[10, -1 / 20],
			[20, 0],
		],
		15,
		30,
		[
			{
				number: 1,
				direction: "left",
				turnDeg: 199.367,
				minRadiusM: 19.983,
				entryM: 35.99,
				apexM: 71.193,
				exitM: 106.97,
				apexE5: [-2359981.04, -4669941.699],
			},
			{
				number: 2,
				direction: "right",
				turnDeg: 26.244,
				minRadiusM: 32.792,
				entryM: 184.947,
				apexM: 193.797,
				exitM: 202.942,
				apexE5: [-2359983.784, -4670049.275],
			},
		],
		[[2, 230.942, 248.938, 248.938]],
	],
	[
		"leaves out a corner whose exit is not found",
		[
			[20, 0],
			[60, 1 / 40],
			[20, -1 / 300],
			[20, 0],
		],
		30,
		30,
		[
			{
				number: 1,
				direction: "left",
				turnDeg: 81.877,
				minRadiusM: 39.949,
				entryM: 14.991,
				apexM: 47.926,
				exitM: 79.951,
				apexE5: [-2359990.601, -4669954.51],
			},
		],
		[],
	],
	[
		"takes no corner within twice the curvature's half-width (in metres) of the line's ends",
		[
			[5, 0],
			[10, -1 / 20],
			[60, -1 / 40],
			[5, 0],
		],
		15,
		0,
		[
			{
				number: 1,
				direction: "right",
				turnDeg: 80.705,
				minRadiusM: 27.374,
				entryM: 12.997,
				apexM: 36.962,
				exitM: 65.983,
				apexE5: [-2360017.068, -4669970.261],
			},
		],
		[[1, 12.997, 36.99, 65.983]],
	],
	[
		"takes the tightest radius over the whole stretch, its last point too",
		[
			[20, 0],
			[5, 1 / 20],
			[5, 1 / 40],
			[30, 0],
			[20, 1 / 40],
			[5, 1 / 40],
			[5, 0],
		],
		50,
		10,
		[
			{
				number: 1,
				direction: "left",
				turnDeg: 40.868,
				minRadiusM: 54.417,
				entryM: 12.981,
				apexM: 52.533,
				exitM: 75.889,
				apexE5: [-2359989.995, -4669948.985],
			},
		],
		[[1, 12.983, 53.929, 77.898]],
	],
	[
		"puts the entry where the curvature first reaches 30% of its peak",
		[
			[5, 0],
			[30, -1 / 600],
			[30, 1 / 40],
			[5, 0],
		],
		15,
		10,
		[
			{
				number: 1,
				direction: "left",
				turnDeg: 31.521,
				minRadiusM: 40,
				entryM: 31.997,
				apexM: 46.219,
				exitM: 55.995,
				apexE5: [-2359999.461, -4669954.015],
			},
		],
		[[1, 31.997, 45.996, 55.996]],
	],
	[
		"puts the entry where the curvature reaches 30% of its peak, not at the stretch's start",
		[
			[40, 0],
			[30, 1 / 150],
			[60, 1 / 20],
			[5, 0],
		],
		30,
		30,
		[
			{
				number: 1,
				direction: "left",
				turnDeg: 160.644,
				minRadiusM: 19.9,
				entryM: 61.863,
				apexM: 95.507,
				exitM: 120.732,
				apexE5: [-2359979.679, -4669916.406],
			},
		],
		[],
	],
	[
		"weighs the apex over the turn up to and with the exit",
		[
			[20, 0],
			[60, 1 / 20],
			[10, 1 / 80],
			[40, 0],
		],
		15,
		10,
		[
			{
				number: 1,
				direction: "left",
				turnDeg: 177.81,
				minRadiusM: 19.983,
				entryM: 15.994,
				apexM: 49.325,
				exitM: 83.967,
				apexE5: [-2359982.833, -4669961.318],
			},
		],
		[[1, 15.994, 57.979, 103.962]],
	],
	[
		"places the apex at its distance along the line",
		[
			[40, 0],
			[60, -1 / 40],
			[5, 1 / 80],
			[40, 0],
		],
		30,
		0,
		[
			{
				number: 1,
				direction: "right",
				turnDeg: 82.082,
				minRadiusM: 39.949,
				entryM: 34.982,
				apexM: 67.534,
				exitM: 99.949,
				apexE5: [-2360009.396, -4669934.885],
			},
		],
		[[1, 34.982, 67.965, 99.949]],
	],
	[
		"gives the turn in degrees",
		[
			[5, 0],
			[60, -1 / 40],
			[20, -1 / 600],
			[20, 0],
		],
		30,
		30,
		[
			{
				number: 1,
				direction: "right",
				turnDeg: 73.78,
				minRadiusM: 39.95,
				entryM: 12.991,
				apexM: 36.675,
				exitM: 68.951,
				apexE5: [-2360011.948, -4669966.462],
			},
		],
		[],
	],
	[
		"gives the tightest radius in metres",
		[
			[40, 0],
			[30, -1 / 300],
			[60, 1 / 80],
			[40, 0],
		],
		50,
		0,
		[
			{
				number: 1,
				direction: "left",
				turnDeg: 38.865,
				minRadiusM: 80.682,
				entryM: 66.982,
				apexM: 100.133,
				exitM: 134.963,
				apexE5: [-2359998.563, -4669901.294],
			},
		],
		[[1, 66.982, 99.973, 134.963]],
	],
];

describe("detectCorners and relocateCorners, rule by rule", () => {
	it.each(decidingPaths)("%s", (_rule, pieces, speedMs, leadM, corners, relocated, otherStepM) => {
		const line = prepareReference(pathOfPieces(pieces, speedMs))!;
		const other = prepareReference(pathOfPieces([[leadM, 0], ...pieces], speedMs), {
			stepM: otherStepM ?? 1,
		})!;
		const found = detectCorners(line);
		expect(found.map((c) => [c.number, c.direction])).toEqual(
			corners.map((c) => [c.number, c.direction]),
		);
		found.forEach((c, i) => {
			const want = corners[i]!;
			expect(c.turnDeg).toBeCloseTo(want.turnDeg, 2);
			expect(c.minRadiusM).toBeCloseTo(want.minRadiusM, 2);
			expect(c.entryM).toBeCloseTo(want.entryM, 2);
			expect(c.apexM).toBeCloseTo(want.apexM, 2);
			expect(c.exitM).toBeCloseTo(want.exitM, 2);
			expect(c.apex.lat * 1e5).toBeCloseTo(want.apexE5[0], 2);
			expect(c.apex.lon * 1e5).toBeCloseTo(want.apexE5[1], 2);
		});
		const moved = relocateCorners(found, other);
		expect(moved.map((c) => c.number)).toEqual(relocated.map((r) => r[0]));
		moved.forEach((c, i) => {
			const [, entryM, apexM, exitM] = relocated[i]!;
			expect(c.entryM).toBeCloseTo(entryM, 2);
			expect(c.apexM).toBeCloseTo(apexM, 2);
			expect(c.exitM).toBeCloseTo(exitM, 2);
		});
	});
});

describe("relocateCorners, a corner that is not there", () => {
	/**
	 * Two 90° bends 150 m apart (the first's entry near 56 m, its apex near 78 m); `pushM` moves
	 * the path sideways, smoothly over ±40 m around `aroundM`.
	 */
	function twoBends(pushM: number, aroundM = 78): ReferenceLine {
		const pieces: [number, number][] = [
			[60, 0],
			[40, 1 / 25],
			[150, 0],
			[40, -1 / 25],
			[60, 0],
		];
		const x: number[] = [];
		const y: number[] = [];
		let px = 0;
		let py = 0;
		let heading = 0;
		let d = 0;
		for (const [lengthM, curvature] of pieces) {
			for (let i = 0; i < lengthM; i++) {
				heading += curvature;
				px += Math.cos(heading);
				py += Math.sin(heading);
				d++;
				const off =
					Math.abs(d - aroundM) < 40 ? 0.5 + 0.5 * Math.cos((Math.PI * (d - aroundM)) / 40) : 0;
				x.push(px);
				y.push(py + pushM * off);
			}
		}
		return prepareReference(lapThrough(x, y, 15))!;
	}

	it("still finds the next corner after one whose places are off the other line", () => {
		const corners = detectCorners(twoBends(0));
		expect(corners.map((c) => c.number)).toEqual([1, 2]);
		// Its apex off the other line, then its entry too: corner 2 is searched from where it was.
		for (const aroundM of [78, 56]) {
			const moved = relocateCorners(corners, twoBends(-40, aroundM));
			expect(moved.map((c) => c.number)).toEqual([2]);
		}
	});
});

describe("relocateCorners, a line that starts late", () => {
	it("finds a corner whose entry lies just before the other line's start, at that start", () => {
		const x: number[] = [];
		const y: number[] = [];
		let px = 0;
		let py = 0;
		let heading = 0;
		for (const [lengthM, curvature] of [
			[40, 0],
			[40, 1 / 25],
			[60, 0],
		] as const) {
			for (let i = 0; i < lengthM; i++) {
				heading += curvature;
				px += Math.cos(heading);
				py += Math.sin(heading);
				x.push(px);
				y.push(py);
			}
		}
		const corners = detectCorners(prepareReference(lapThrough(x, y, 15))!);
		expect(corners).toHaveLength(1);
		expect(corners[0]!.entryM).toBeCloseTo(36, 0);
		// The other lap starts 4 m past the corner's entry: its nearest place is that first point.
		const late = prepareReference(lapThrough(x.slice(40), y.slice(40), 15))!;
		const moved = relocateCorners(corners, late);
		expect(moved.map((c) => c.number)).toEqual([1]);
		expect(moved[0]!.entryM).toBe(0);
	});
});
