import { describe, expect, it } from "vitest";
import { checkDirection } from "./direction";
import { projectPoints } from "./geo";
import { prepareReference, type ReferenceOptions } from "./reference-line";
import { lapThrough } from "./test-paths";

/** Points every `stepM` metres from (x0, y0) to (x1, y1), the end included. */
function leg(
	x0: number,
	y0: number,
	x1: number,
	y1: number,
	stepM = 1,
): { x: number[]; y: number[] } {
	const n = Math.max(1, Math.round(Math.hypot(x1 - x0, y1 - y0) / stepM));
	const x: number[] = [];
	const y: number[] = [];
	for (let i = 0; i <= n; i++) {
		x.push(x0 + ((x1 - x0) * i) / n);
		y.push(y0 + ((y1 - y0) * i) / n);
	}
	return { x, y };
}

function joined(...legs: { x: number[]; y: number[] }[]): { x: number[]; y: number[] } {
	return {
		x: legs.flatMap((l, k) => (k === 0 ? l.x : l.x.slice(1))),
		y: legs.flatMap((l, k) => (k === 0 ? l.y : l.y.slice(1))),
	};
}

function referenceThrough(path: { x: number[]; y: number[] }, options: ReferenceOptions = {}) {
	return prepareReference(lapThrough(path.x, path.y), { smoothMs: 0, ...options })!;
}

function directionOf(
	reference: ReturnType<typeof referenceThrough>,
	path: { x: number[]; y: number[] },
	maxLateralM = 15,
) {
	const lap = lapThrough(path.x, path.y);
	const p = projectPoints(reference.frame, lap.lat, lap.lon, lap.length);
	return checkDirection(reference, p.x, p.y, lap.length, maxLateralM);
}

describe("checkDirection", () => {
	it("reaches as far as the lateral limit plus half the stride of the line it probes", () => {
		// Grid every 0.5 m, probed every 6th point (3 m): a reach of 15 + 1.5 m.
		const reference = referenceThrough(leg(0, 0, 400, 0), { stepM: 0.5 });
		expect(reference.stepM).toBeCloseTo(0.5, 6);
		expect(directionOf(reference, leg(0, 16, 400, 16))).toBe("same");
		expect(directionOf(reference, leg(0, 18, 400, 18))).toBe("unrelated");
		expect(directionOf(reference, leg(400, 16, 0, 16))).toBe("reversed");
	});

	it("calls a lap that stands still unrelated, even on the line", () => {
		const reference = referenceThrough(leg(0, 0, 400, 0));
		expect(directionOf(reference, { x: [100], y: [0] })).toBe("unrelated");
		const still = { x: new Array(50).fill(100), y: new Array(50).fill(0) };
		expect(directionOf(reference, still)).toBe("unrelated");
	});

	it("counts a probe across the line as neither way round", () => {
		const reference = referenceThrough(leg(0, 0, 400, 0));
		// 100 m along the line, then 300 m weaving across it at 70 degrees (cos 0.34): the
		// weave neither agrees nor opposes, so the lap is the same way round.
		const weave = [leg(0, 0, 100, 0)];
		const dx = 5 * Math.cos((70 * Math.PI) / 180);
		const dy = 5 * Math.sin((70 * Math.PI) / 180);
		let x = 100;
		for (let k = 0; k < 60; k++) {
			const up = k % 2 === 0;
			weave.push(leg(x, up ? -dy / 2 : dy / 2, x + dx, up ? dy / 2 : -dy / 2));
			x += dx;
		}
		const path = {
			x: weave.flatMap((l) => l.x),
			y: weave.flatMap((l) => l.y),
		};
		expect(directionOf(reference, path)).toBe("same");
	});

	it("is the same way round when as many probes agree as oppose", () => {
		const reference = referenceThrough(leg(0, 0, 400, 0));
		const there = leg(0, 0, 200, 0);
		const back = leg(200, 0, 0, 0);
		expect(directionOf(reference, joined(there, back))).toBe("same");
		expect(directionOf(reference, joined(back, leg(0, 0, 100, 0)))).toBe("reversed");
	});

	it("follows the line where it passes the same place twice by the share of the way round", () => {
		// Out 300 m east, back 200 m west over the same ground, then 300 m north.
		const reference = referenceThrough(
			joined(leg(0, 0, 300, 0), leg(300, 0, 100, 0), leg(100, 0, 100, 300)),
		);
		// A lap driven only along the way back, westwards: late in the lap, so it meets the line's
		// way back, not its way out.
		expect(directionOf(reference, leg(300, 0, 100, 0))).toBe("same");
	});

	it("takes a clearly nearer pass of the line over the one the share of the way round suggests", () => {
		// Out 300 m east, back 200 m west 4 m beside the way out (beyond the 0.5 m tie), then 50 m
		// north. A lap of the way back and the tail is early in its lap on the way back, where the
		// share of the way round points at the way out: the nearer pass wins.
		const reference = referenceThrough(
			joined(leg(0, 0, 300, 0), leg(300, 4, 100, 4), leg(100, 4, 100, 54)),
		);
		expect(directionOf(reference, joined(leg(300, 4, 100, 4), leg(100, 4, 100, 54)))).toBe("same");
	});

	/** A path through the corners, a point every `stepM` metres, cut after `points` points. */
	function through(corners: [number, number][], stepM: number, points = Number.POSITIVE_INFINITY) {
		const path = joined(
			...corners.slice(1).map(([x, y], k) => leg(corners[k]![0], corners[k]![1], x, y, stepM)),
		);
		return { x: path.x.slice(0, points), y: path.y.slice(0, points) };
	}

	function referenceOf(corners: [number, number][], stepM: number) {
		return referenceThrough(through(corners, 1), { stepM });
	}

	it("measures the share of the way round along the lap's own path", () => {
		// The line doubles back over itself twice; which pass a probe meets depends on how far round
		// the lap it is, in metres driven (not in points, nor in sums of coordinates).
		const westThenBack = referenceOf(
			[
				[0, 0],
				[-50, 0],
				[-100, 0],
				[-50, 0],
			],
			0.5,
		);
		expect(
			directionOf(
				westThenBack,
				through(
					[
						[-50, 14],
						[-100, 14],
						[0, 0],
					],
					3,
				),
			),
		).toBe("reversed");
		const upAndDown = referenceOf(
			[
				[0, 0],
				[-100, -50],
				[-100, 150],
				[-100, -150],
			],
			1,
		);
		expect(
			directionOf(
				upAndDown,
				through(
					[
						[-100, -136],
						[-100, 164],
						[-86, -36],
					],
					7,
					48,
				),
			),
		).toBe("reversed");
		const diagonal = referenceOf(
			[
				[0, 0],
				[100, 100],
				[-150, -150],
				[0, 0],
			],
			0.5,
		);
		expect(
			directionOf(
				diagonal,
				through(
					[
						[100, 100],
						[-150, -150],
						[0, -50],
					],
					1,
				),
			),
		).toBe("same");
	});

	it("spreads its probes from the lap's first point to its last", () => {
		// Out and back over the same diagonal: the first and last probes decide the tie.
		const reference = referenceOf(
			[
				[0, 0],
				[0, 50],
				[-50, -50],
			],
			1,
		);
		expect(
			directionOf(
				reference,
				through(
					[
						[-50, -50],
						[0, 50],
						[-50, -50],
					],
					3,
				),
			),
		).toBe("same");
		// 64 probes, no more: a 65th at the lap's end would fall past it and count as not near.
		const far = referenceOf(
			[
				[0, 0],
				[-100, 0],
				[150, 150],
				[50, 0],
			],
			1,
		);
		expect(
			directionOf(
				far,
				through(
					[
						[64, 14],
						[150, 164],
						[-50, 100],
					],
					3,
				),
			),
		).toBe("reversed");
	});

	it("prefers the nearest pass, and between passes within half a metre the one due by the share", () => {
		const reference = referenceOf(
			[
				[0, 0],
				[-50, 0],
				[150, 0],
				[-150, -50],
			],
			0.5,
		);
		expect(
			directionOf(
				reference,
				through(
					[
						[150, 0],
						[-50, 0],
					],
					3,
				),
			),
		).toBe("reversed");
		expect(
			directionOf(
				reference,
				through(
					[
						[150, 0],
						[-50, 0],
					],
					3,
					38,
				),
			),
		).toBe("reversed");
	});

	it("compares directions by the cosine of the angle between them", () => {
		const reference = referenceOf(
			[
				[0, 0],
				[-100, 0],
				[50, -150],
				[50, 0],
				[100, 50],
			],
			0.5,
		);
		expect(
			directionOf(
				reference,
				through(
					[
						[0, 14],
						[-86, 14],
						[64, -136],
					],
					7,
				),
			),
		).toBe("reversed");
		const bent = referenceOf(
			[
				[0, 0],
				[100, -50],
				[0, -150],
			],
			1,
		);
		expect(
			directionOf(
				bent,
				through(
					[
						[114, -36],
						[14, -136],
					],
					1,
					19,
				),
			),
		).toBe("same");
	});

	it("lets the line's first point be the nearest", () => {
		const reference = referenceOf(
			[
				[0, 0],
				[-100, -100],
				[-50, 150],
			],
			1,
		);
		expect(
			directionOf(
				reference,
				through(
					[
						[4, 4],
						[-96, -96],
						[100, 150],
					],
					3,
				),
			),
		).toBe("same");
	});

	it("needs half of the moving probes near the line, exactly half being enough", () => {
		const reference = referenceOf(
			[
				[0, 0],
				[0, 100],
				[100, -100],
				[100, 50],
			],
			2,
		);
		expect(
			directionOf(
				reference,
				through(
					[
						[14, 114],
						[100, -86],
					],
					1,
					66,
				),
			),
		).toBe("same");
	});
});
