import { describe, expect, it } from "vitest";
import type { GateLine, TrackDefinition } from "../recording/types";
import { recogniseTrack, trackMatches } from "./recognise";
import { circleLaps, fixesFromLocal, type LocalSample, localGate } from "./test-paths";

function track(name: string, gate: GateLine, lengthM: number | null = null): TrackDefinition {
	return { name, startFinish: gate, sectors: [], directionDeg: null, lengthM };
}

/** A straight path from (x0, y0) to (x1, y1), a fix every metre, a second apart. */
function straight(x0: number, y0: number, x1: number, y1: number) {
	const steps = Math.round(Math.hypot(x1 - x0, y1 - y0));
	return fixesFromLocal(
		Array.from({ length: steps + 1 }, (_, i) => ({
			t: i * 1000,
			x: x0 + ((x1 - x0) * i) / steps,
			y: y0 + ((y1 - y0) * i) / steps,
		})),
	);
}

describe("trackMatches: a path that barely crosses a line", () => {
	it("finds a line the path crosses a few metres from either end of its bounds", () => {
		// Lines across each way of travel, the path reaching 3 m beyond them.
		const across = track("Leste-oeste", localGate(-10, 0, 10, 0));
		expect(recogniseTrack(straight(0.5, -3, 0.5, 3), [across])?.track.name).toBe("Leste-oeste");
		expect(recogniseTrack(straight(0.5, 3, 0.5, -3), [across])?.track.name).toBe("Leste-oeste");
		const upright = track("Norte-sul", localGate(0, -10, 0, 10));
		expect(recogniseTrack(straight(-3, 0.5, 3, 0.5), [upright])?.track.name).toBe("Norte-sul");
		expect(recogniseTrack(straight(3, 0.5, -3, 0.5), [upright])?.track.name).toBe("Norte-sul");
	});

	it("finds a line the path crosses and leaves far behind", () => {
		// Crossing and going on 200 m: the path's bounds reach far past the line on one side.
		const across = track("Leste-oeste", localGate(-10, 0, 10, 0));
		expect(recogniseTrack(straight(0.5, 200, 0.5, -200), [across])).not.toBeNull();
		expect(recogniseTrack(straight(0.5, -200, 0.5, 200), [across])).not.toBeNull();
		const upright = track("Norte-sul", localGate(0, -10, 0, 10));
		expect(recogniseTrack(straight(200, 0.5, -200, 0.5), [upright])).not.toBeNull();
		expect(recogniseTrack(straight(-200, 0.5, 200, 0.5), [upright])).not.toBeNull();
	});

	it("finds a line whose ends lie far outside the path's bounds", () => {
		const wide = track("Larga", localGate(-200, 0, 200, 0));
		expect(recogniseTrack(straight(0.5, -3, 0.5, 3), [wide])?.track.name).toBe("Larga");
		const tall = track("Alta", localGate(0, 200, 0, -200));
		expect(recogniseTrack(straight(-3, 0.5, 3, 0.5), [tall])?.track.name).toBe("Alta");
	});

	it("does not find a line the path passes beside, within 50 m", () => {
		const beside = track("Ao lado", localGate(20, 0, 40, 0));
		expect(trackMatches(straight(0, -3, 0, 3), [beside])).toEqual([]);
	});

	it("needs a fix within the distance asked of the line, not only a crossing", () => {
		// Fixes 20 m either side of the line.
		const sparse = fixesFromLocal([
			{ t: 0, x: 0.5, y: -20 },
			{ t: 1000, x: 0.5, y: 20 },
		]);
		const across = track("Leste-oeste", localGate(-10, 0, 10, 0));
		expect(trackMatches(sparse, [across], 19)).toEqual([]);
		expect(trackMatches(sparse, [across], 21)).toHaveLength(1);
		expect(trackMatches(sparse, [across])[0]?.closestM).toBeCloseTo(20, 6);
	});

	it("needs two fixes", () => {
		const across = track("Leste-oeste", localGate(-10, 0, 10, 0));
		expect(trackMatches(fixesFromLocal([{ t: 0, x: 0, y: 0 }]), [across])).toEqual([]);
	});
});

describe("trackMatches: ranking", () => {
	it("puts, at equal crossings and no length, the line the path came closest to first", () => {
		const path = straight(0, -20, 0, 100);
		// A fix lies on the line at y = 40; the line at y = 70.5 lies half a metre from the fixes.
		const onFix = track("No ponto", localGate(-10, 40, 10, 40));
		const between = track("Entre pontos", localGate(-10, 70.5, 10, 70.5));
		const ranked = trackMatches(path, [between, onFix]);
		expect(ranked.map((m) => m.track.name)).toEqual(["No ponto", "Entre pontos"]);
		expect(ranked[0]!.closestM).toBeCloseTo(0, 6);
		expect(ranked[1]!.closestM).toBeCloseTo(0.5, 6);
		expect(ranked.map((m) => m.meanLapM)).toEqual([null, null]);
		expect(ranked.map((m) => m.lengthError)).toEqual([null, null]);
	});

	it("measures the mean lap along the path between the interpolated crossings", () => {
		// Twice round a 100 m square (corners as fixes), eastwards along its south side, a fix
		// every 10 m on the first lap and 3 m further on along the second: the line at x = 45 is
		// crossed half way between fixes on the first lap and a fifth of the way on the second.
		const samples: LocalSample[] = [];
		const at = (x: number, y: number) => samples.push({ t: samples.length * 1000, x, y });
		const lap = (south: number[]) => {
			for (const x of south) at(x, 0);
			for (let d = 0; d < 100; d += 10) at(100, d);
			for (let d = 0; d < 100; d += 10) at(100 - d, 100);
			for (let d = 0; d < 100; d += 10) at(0, 100 - d);
		};
		const tens = Array.from({ length: 10 }, (_, k) => 10 * k);
		lap(tens);
		lap([0, ...tens.map((x) => x + 3)]);
		const path = fixesFromLocal(samples);
		const line = localGate(45, -10, 45, 10);
		const [match] = trackMatches(path, [track("Quadrado", line, 400)]);
		expect(match!.crossings).toBe(2);
		expect(match!.meanLapM).toBeCloseTo(400, 1);
		expect(match!.lengthError).toBeCloseTo(0, 3);
		const [unknown] = trackMatches(path, [track("Sem comprimento", line, 0)]);
		expect(unknown!.meanLapM).toBeCloseTo(400, 1);
		expect(unknown!.lengthError).toBeNull();
	});

	it("puts a layout of unknown length after one whose length the laps match", () => {
		const circle = circleLaps({ lapDurationsMs: [30_000, 30_000], periodMs: 100 });
		const circumference = 2 * Math.PI * circle.radiusM;
		const unknown = track("Sem comprimento", circle.gate, null);
		const known = track("Conhecida", circle.gate, circumference);
		for (const order of [
			[unknown, known],
			[known, unknown],
		]) {
			expect(trackMatches(circle.fixes, order).map((m) => m.track.name)).toEqual([
				"Conhecida",
				"Sem comprimento",
			]);
		}
	});

	it("measures the closest approach in metres east-west too", () => {
		// A north-south line crossed at its middle, the fixes 20 m either side.
		const line = track("Norte-sul", localGate(0, 0, 0, 20));
		const crossing = fixesFromLocal([
			{ t: 0, x: 20, y: 10 },
			{ t: 1000, x: -20, y: 10 },
		]);
		expect(trackMatches(crossing, [line])[0]?.closestM).toBeCloseTo(20, 3);
	});

	it("gives no mean lap, so no length error, on one crossing", () => {
		const path = straight(0, -20, 0, 20);
		const [m] = trackMatches(path, [track("Uma", localGate(-10, 0, 10, 0), 1234)]);
		expect(m!.crossings).toBe(1);
		expect(m!.meanLapM).toBeNull();
		expect(m!.lengthError).toBeNull();
	});
});
