import { describe, expect, it } from "vitest";
import { cornerRegions, type RegionOptions } from "./corner-regions";

const options: RegionOptions = {
	enterCurvature: 1 / 300,
	exitCurvature: 1 / 600,
	mergeGapM: 10,
	valleyFraction: 0.35,
	mergeApexM: 20,
	minTurnDeg: 25,
};

/** Curvature on a 1 m grid from pieces of [length in metres, curvature]. */
function profile(pieces: [number, number][]): Float64Array {
	const values: number[] = [];
	for (const [length, k] of pieces) for (let i = 0; i < length; i++) values.push(k);
	return Float64Array.from(values);
}

describe("cornerRegions", () => {
	it("holds a bend while it stays above the lower threshold, on one side", () => {
		// 17° at 100 m, eased to 500 m for 40 m, 17° again: one sweeper of 39°.
		const k = profile([
			[50, 0],
			[30, 1 / 100],
			[40, 1 / 500],
			[30, 1 / 100],
			[50, 0],
			[40, -1 / 50],
		]);
		expect(cornerRegions(k, 1, options)).toEqual([
			{ from: 50, to: 149, sign: 1 },
			{ from: 200, to: 239, sign: -1 },
		]);
		// Eased to 700 m, it is two bends (each too small to be a corner on its own).
		const apart = profile([
			[50, 0],
			[30, 1 / 100],
			[40, 1 / 700],
			[30, 1 / 100],
			[50, 0],
		]);
		expect(cornerRegions(apart, 1, options)).toHaveLength(2);
	});

	it("reads bends on one side a few metres apart as one stretch", () => {
		// Two bends of 15°, 6 m apart: together they turn enough to be a corner.
		const k = profile([
			[50, 0],
			[20, 1 / 76],
			[6, 0],
			[20, 1 / 76],
			[50, 0],
		]);
		expect(cornerRegions(k, 1, options)).toEqual([{ from: 50, to: 95, sign: 1 }]);
		expect(cornerRegions(k, 1, { ...options, mergeGapM: 0 })).toHaveLength(2);
	});

	it("cuts a stretch at a deep valley between distinct corners, and only there", () => {
		const deep = profile([
			[50, 0],
			[30, 1 / 20],
			[20, 1 / 250],
			[30, 1 / 20],
			[50, 0],
		]);
		const cut = cornerRegions(deep, 1, options);
		expect(cut).toHaveLength(2);
		expect(cut[0]!.from).toBe(50);
		expect(cut[1]!.to).toBe(129);
		expect(cut[1]!.from).toBe(cut[0]!.to + 1);
		const shallow = profile([
			[50, 0],
			[30, 1 / 20],
			[20, 1 / 40],
			[30, 1 / 20],
			[50, 0],
		]);
		expect(cornerRegions(shallow, 1, options)).toHaveLength(1);
		// Peaks within 20 m: a double apex, one corner.
		const close = profile([
			[50, 0],
			[5, 1 / 12],
			[4, 1 / 250],
			[5, 1 / 12],
			[50, 0],
		]);
		expect(cornerRegions(close, 1, options)).toHaveLength(1);
	});

	it("drops wiggles that turn less than 5 degrees", () => {
		const k = profile([
			[50, 0],
			[10, 1 / 250],
			[50, 0],
			[10, -1 / 250],
			[50, 0],
		]);
		expect(cornerRegions(k, 1, options)).toEqual([]);
	});
});

/** Each rule with the smallest curvature profile found where it decides the stretches. */
const decidingProfiles: [
	rule: string,
	pieces: [number, number][],
	stepM: number,
	changed: Partial<RegionOptions>,
	stretches: [from: number, to: number, sign: number][],
][] = [
	[
		"two apexes exactly the double-apex distance apart are two corners, each at its nearest peak",
		[
			[6, -1 / 50],
			[2, -1 / 700],
			[3, -1 / 30],
		],
		2,
		{ minTurnDeg: 10 },
		[
			[0, 6, -1],
			[7, 10, -1],
		],
	],
	[
		"apexes closer than the double-apex distance stay one corner",
		[
			[40, 1 / 200],
			[6, 1 / 50],
			[1, -1 / 600],
			[3, -1 / 500],
			[2, 1 / 76],
			[11, 1 / 30],
		],
		0.5,
		{ minTurnDeg: 5 },
		[[0, 62, 1]],
	],
	[
		"a stretch is not cut where the piece before the valley turns too little",
		[
			[3, -1 / 76],
			[5, -1 / 600],
			[20, -1 / 76],
		],
		2,
		{ mergeGapM: 20, minTurnDeg: 5 },
		[
			[0, 5, -1],
			[6, 27, -1],
		],
	],
	[
		"a stretch is not cut into a first piece that turns too little",
		[
			[2, -1 / 76],
			[20, -1 / 200],
			[10, -1 / 50],
		],
		2,
		{ valleyFraction: 0.5, mergeApexM: 0 },
		[[0, 31, -1]],
	],
	[
		"the first piece's turn runs up to and with the valley",
		[
			[3, -1 / 30],
			[1, -1 / 700],
			[10, -1 / 30],
		],
		1,
		{ valleyFraction: 0.5, mergeApexM: 5, minTurnDeg: 5 },
		[
			[0, 3, -1],
			[4, 13, -1],
		],
	],
	[
		"a stretch is not cut into a last piece that turns too little, turn measured in metres",
		[
			[30, 1 / 50],
			[20, 1 / 600],
			[3, 1 / 50],
		],
		0.5,
		{ mergeApexM: 5, minTurnDeg: 10 },
		[[0, 52, 1]],
	],
	[
		"the last piece's turn is what remains after the valley",
		[
			[40, -1 / 50],
			[2, -1 / 700],
			[11, -1 / 76],
		],
		2,
		{ valleyFraction: 0.5, mergeApexM: 5 },
		[[0, 52, -1]],
	],
	[
		"the last piece's turn starts after the valley",
		[
			[40, 1 / 30],
			[11, 1 / 100],
			[10, 1 / 30],
		],
		1,
		{ mergeGapM: 0, valleyFraction: 0.5 },
		[[0, 60, 1]],
	],
	[
		"a bend's turn counts its last point",
		[
			[2, -1 / 700],
			[3, 1 / 30],
		],
		1,
		{ mergeGapM: 20, valleyFraction: 0.5 },
		[[2, 4, 1]],
	],
	[
		"a bend's turn is curvature times metres",
		[
			[10, -1 / 76],
			[40, 1 / 500],
		],
		2,
		{},
		[[0, 9, -1]],
	],
	[
		"the first bend may start at the line's first point",
		[
			[6, -1 / 500],
			[6, -1 / 30],
		],
		1,
		{ mergeGapM: 20, valleyFraction: 0.5 },
		[[0, 11, -1]],
	],
	[
		"a bend starts only where the curvature reaches the upper threshold",
		[
			[5, 1 / 200],
			[30, -1 / 500],
		],
		2,
		{ mergeGapM: 0, valleyFraction: 0.5, minTurnDeg: 5 },
		[],
	],
	[
		"a curvature exactly at the upper threshold starts a bend",
		[
			[11, 0],
			[40, 1 / 300],
		],
		1,
		{ minTurnDeg: 10 },
		[[11, 50, 1]],
	],
	[
		"below the upper threshold a bend is not started",
		[
			[10, -1 / 700],
			[40, -1 / 200],
		],
		2,
		{ mergeGapM: 0 },
		[[10, 49, -1]],
	],
	[
		"a bend holds on its own side only",
		[
			[5, 1 / 50],
			[2, -1 / 500],
		],
		1,
		{ valleyFraction: 0.5, minTurnDeg: 10 },
		[[0, 4, 1]],
	],
	[
		"a curvature exactly at the lower threshold holds a bend",
		[
			[11, 1 / 30],
			[10, 1 / 600],
		],
		1,
		{ mergeGapM: 0 },
		[[0, 20, 1]],
	],
	[
		"a bend reaches back to where the curvature passed the lower threshold",
		[
			[1, -1 / 600],
			[10, -1 / 50],
		],
		0.5,
		{ valleyFraction: 0.5, minTurnDeg: 5 },
		[[0, 10, -1]],
	],
	[
		"a bend reaches back to the line's first point",
		[
			[3, 1 / 600],
			[30, 1 / 300],
		],
		1,
		{ mergeGapM: 0 },
		[[0, 32, 1]],
	],
	[
		"bends exactly the merging gap apart stay apart",
		[
			[50, 0],
			[20, 1 / 76],
			[9, 0],
			[20, 1 / 76],
			[50, 0],
		],
		1,
		{ mergeGapM: 10, minTurnDeg: 5 },
		[
			[50, 69, 1],
			[79, 98, 1],
		],
	],
	[
		"the merging gap is in metres",
		[
			[11, 1 / 30],
			[20, 0],
			[40, 1 / 76],
		],
		2,
		{ mergeGapM: 20, minTurnDeg: 10 },
		[
			[0, 10, 1],
			[31, 70, 1],
		],
	],
	[
		"a stretch's last point belongs to its valley search",
		[
			[11, 1 / 50],
			[1, -1 / 700],
			[10, 1 / 200],
		],
		2,
		{ minTurnDeg: 5 },
		[
			[0, 11, 1],
			[12, 21, 1],
		],
	],
	[
		"an equal later peak does not move the apex",
		[
			[40, 0],
			[6, -1 / 50],
			[2, -1 / 700],
			[3, -1 / 30],
		],
		2,
		{ minTurnDeg: 10 },
		[
			[40, 46, -1],
			[47, 50, -1],
		],
	],
	[
		"the turn after the valley counts to the stretch's last point",
		[
			[30, -1 / 76],
			[5, -1 / 300],
			[1, -1 / 30],
		],
		1,
		{ mergeGapM: 20, mergeApexM: 0 },
		[[0, 35, -1]],
	],
	[
		"a valley equal to the point before it is no valley bottom",
		[
			[3, 1 / 1000],
			[3, -1 / 76],
			[5, -1 / 600],
			[20, -1 / 76],
		],
		2,
		{ mergeGapM: 20, minTurnDeg: 5 },
		[
			[3, 8, -1],
			[9, 30, -1],
		],
	],
	[
		"a flat valley is cut at its first point",
		[
			[30, -1 / 30],
			[10, -1 / 600],
			[40, -1 / 30],
		],
		1,
		{},
		[
			[0, 30, -1],
			[31, 79, -1],
		],
	],
	[
		"a valley is deep against the lower of its two peaks",
		[
			[30, 1 / 100],
			[10, 1 / 30],
		],
		1,
		{ mergeApexM: 5, minTurnDeg: 10 },
		[[0, 39, 1]],
	],
	[
		"of equally deep valleys the first is cut",
		[
			[40, -1 / 50],
			[20, -1 / 500],
			[20, -1 / 30],
		],
		1,
		{},
		[
			[0, 40, -1],
			[41, 79, -1],
		],
	],
	[
		"a stretch piece with no curvature at all is not cut again",
		[
			[5, 0],
			[5, 1 / 50],
			[3, 0],
			[5, 1 / 50],
		],
		1,
		{ mergeApexM: 0, minTurnDeg: 0 },
		[
			[5, 10, 1],
			[11, 17, 1],
		],
	],
];

describe("cornerRegions, rule by rule", () => {
	it("does not cut on a falling slope where the valley's bottom leaves too little turn after it", () => {
		// Past the bottom (0.09) only 0.15 rad remain, under 10°; before it 0.24 rad would.
		const k = Float64Array.from([0.3, 0.1, 0.09, 0.15]);
		const loose = { ...options, valleyFraction: 0.8, mergeApexM: 0, minTurnDeg: 10 };
		expect(cornerRegions(k, 1, loose)).toEqual([{ from: 0, to: 3, sign: 1 }]);
	});

	it("cuts only at the bottom of a valley, never where the curvature is rising", () => {
		const k = Float64Array.from([0.05, 0.1, 0.002, 0.05, 0.1, 0.1, 0.05, 0.05, 0.004, 0.004]);
		const loose = { ...options, valleyFraction: 0.8, mergeApexM: 2, minTurnDeg: 10 };
		expect(cornerRegions(k, 1, loose)).toEqual([{ from: 0, to: 9, sign: 1 }]);
	});

	it.each(decidingProfiles)("%s", (_rule, pieces, stepM, changed, stretches) => {
		const found = cornerRegions(profile(pieces), stepM, { ...options, ...changed });
		expect(found.map((r) => [r.from, r.to, r.sign])).toEqual(stretches);
	});

	it("keeps a bend that turns exactly 5°", () => {
		const k = Float64Array.from([0, (5 * Math.PI) / 180, 0]);
		expect(cornerRegions(k, 1, options)).toEqual([{ from: 1, to: 1, sign: 1 }]);
	});

	it("cuts a stretch into two pieces that each turn exactly the least corner turn", () => {
		const least = (25 * Math.PI) / 180;
		const k = Float64Array.from([0, least, 0, least, 0]);
		expect(cornerRegions(k, 1, { ...options, mergeApexM: 0 })).toEqual([
			{ from: 1, to: 2, sign: 1 },
			{ from: 3, to: 3, sign: 1 },
		]);
	});
});
