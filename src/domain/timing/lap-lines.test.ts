import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { TrackLines } from "../recording/types";
import { findGateCrossings } from "./crossings";
import { timeLapsFromLines } from "./lap-lines";
import { circleLaps, fixesFromLocal, localGate } from "./test-paths";

const R = 100;
/** Sector lines at the top (angle 90°) and the left (180°) of the circle. */
const top = localGate(0, R - 10, 0, R + 10);
const left = localGate(-R - 10, 0, -R + 10, 0);

function circleTrack(clockwise = false) {
	const circle = circleLaps({
		lapDurationsMs: [30_000, 28_500, 29_250],
		periodMs: 100,
		radiusM: R,
		startMs: 1_700_000_000_000,
		clockwise,
	});
	const lines: TrackLines = {
		startFinish: circle.gate,
		sectors: clockwise ? [left, top].reverse() : [top, left],
		directionDeg: circle.directionDeg,
	};
	return { circle, lines };
}

describe("timeLapsFromLines", () => {
	it("times a lap between consecutive start/finish crossings, numbered from 1", () => {
		const { circle, lines } = circleTrack();
		const result = timeLapsFromLines(circle.fixes, lines, { file: "x.nmea" });
		expect(result.timing).toEqual({ kind: "lines", lines });
		expect(result.laps.map((l) => l.number)).toEqual([1, 2, 3]);
		const crossings = circle.crossingsMs;
		result.laps.forEach((lap, k) => {
			expect(Number.isInteger(lap.timeMs) && Number.isInteger(lap.startMs)).toBe(true);
			expect(Math.abs(lap.startMs - crossings[k]!)).toBeLessThanOrEqual(1);
			expect(Math.abs(lap.timeMs - (crossings[k + 1]! - crossings[k]!))).toBeLessThanOrEqual(1);
		});
	});

	it("ends sectors on the sector lines crossed in order, the last on start/finish", () => {
		const { circle, lines } = circleTrack();
		const result = timeLapsFromLines(circle.fixes, lines);
		const options = { debounceMs: 1000, directionDeg: null, marginM: 0 };
		const topAt = findGateCrossings(circle.fixes, top, options).crossings.map((c) => c.timeMs);
		const leftAt = findGateCrossings(circle.fixes, left, options).crossings.map((c) => c.timeMs);
		const startAt = findGateCrossings(circle.fixes, circle.gate, {
			...options,
			debounceMs: 5000,
		}).crossings.map((c) => c.timeMs);
		result.laps.forEach((lap, k) => {
			const start = startAt[k]!;
			const t1 = topAt.find((t) => t > start)!;
			const t2 = leftAt.find((t) => t > t1)!;
			const b1 = Math.round(t1 - start);
			const b2 = Math.round(t2 - start);
			expect(lap.sectorsMs).toEqual([b1, b2 - b1, lap.timeMs - b2]);
			expect(lap.sectorsMs.reduce((a, b) => a! + b!, 0)).toBe(lap.timeMs);
			// A quarter, a quarter and a half of the circle.
			expect(lap.sectorsMs[0]! / lap.timeMs).toBeCloseTo(0.25, 1);
			expect(lap.sectorsMs[2]! / lap.timeMs).toBeCloseTo(0.5, 1);
		});
	});

	it("gives no sectors without sector lines, and null for a sector whose line is not crossed", () => {
		const { circle, lines } = circleTrack();
		expect(timeLapsFromLines(circle.fixes, { ...lines, sectors: [] }).laps[0]?.sectorsMs).toEqual(
			[],
		);
		const away = localGate(500, 500, 510, 500);
		const result = timeLapsFromLines(circle.fixes, { ...lines, sectors: [top, away, left] });
		for (const lap of result.laps) {
			expect(lap.sectorsMs[0]).not.toBeNull();
			expect(lap.sectorsMs[1]).toBeNull();
			expect(lap.sectorsMs[2]).toBeNull();
			expect(lap.sectorsMs[3]).not.toBeNull();
		}
		const missed = result.report.filter((r) => r.reason.includes("setor 2 não cruzada"));
		expect(missed.map((r) => r.reason)).toEqual([
			"volta 1: linha do setor 2 não cruzada",
			"volta 2: linha do setor 2 não cruzada",
			"volta 3: linha do setor 2 não cruzada",
		]);
	});

	it("takes sector lines in driving order: a line listed out of order is missed", () => {
		const { circle, lines } = circleTrack();
		const result = timeLapsFromLines(circle.fixes, { ...lines, sectors: [left, top] });
		// `left` is crossed first; `top` comes before it in the lap, so it is not found after it.
		for (const lap of result.laps) {
			expect(lap.sectorsMs[0]).not.toBeNull();
			expect(lap.sectorsMs[1]).toBeNull();
			expect(lap.sectorsMs[2]).toBeNull();
		}
	});

	it("gives channels spanning exactly each lap, from interpolated crossing points", () => {
		const { circle, lines } = circleTrack();
		const result = timeLapsFromLines(circle.fixes, lines);
		for (const lap of result.laps) {
			const c = lap.channels;
			expect(c.timeMs[0]).toBe(0);
			expect(c.timeMs[c.length - 1]).toBe(lap.timeMs);
			expect(c.distanceM[0]).toBe(0);
			// One circumference, give or take the chords.
			expect(c.distanceM[c.length - 1]).toBeCloseTo(2 * Math.PI * R, -1);
			// On the line: east of the centre by the radius.
			expect(c.leanEstimated).toBe(true);
			for (let i = 1; i < c.length; i++) expect(c.timeMs[i]).toBeGreaterThan(c.timeMs[i - 1]!);
		}
	});

	it("says the points before the first and after the last crossing are not laps", () => {
		const { circle, lines } = circleTrack();
		const result = timeLapsFromLines(circle.fixes, lines, { file: "x.nmea" });
		const untimed = result.report.filter((r) => r.reason.includes("fora das voltas"));
		expect(untimed).toEqual([
			{
				file: "x.nmea",
				line: 1,
				kind: "notice",
				reason:
					"30 pontos antes da primeira passagem pela linha de largada/chegada: fora das voltas (linhas 1-30)",
			},
			{
				file: "x.nmea",
				line: circle.fixes.length - 29,
				kind: "notice",
				reason: `30 pontos depois da última passagem pela linha de largada/chegada: volta não concluída, fora das voltas (linhas ${circle.fixes.length - 29}-${circle.fixes.length})`,
			},
		]);
	});

	it("times nothing, and says why, with no crossing or only one", () => {
		const { circle, lines } = circleTrack();
		const away = { ...lines, startFinish: localGate(500, 500, 510, 500) };
		const none = timeLapsFromLines(circle.fixes, away);
		expect(none.laps).toEqual([]);
		expect(none.timing).toEqual({ kind: "none" });
		expect(none.report.map((r) => r.reason)).toEqual([
			"a gravação não cruza a linha de largada/chegada: nenhuma volta cronometrada",
		]);
		const once = circleLaps({ lapDurationsMs: [30_000], periodMs: 100, leadMs: 1000, tailMs: 0 });
		const short = fixesFromLocal(
			Array.from({ length: 40 }, (_, i) => ({ t: i * 100, x: R, y: -2 + i * 0.1 })),
		);
		const one = timeLapsFromLines(short, { ...lines, startFinish: once.gate });
		expect(one.laps).toEqual([]);
		expect(one.report.map((r) => r.reason)).toEqual([
			"uma só passagem pela linha de largada/chegada: nenhuma volta completa",
		]);
		expect(one.report[0]?.line).toBe(21);
	});

	it("times nothing on an empty recording or with a line whose two points coincide", () => {
		const { circle, lines } = circleTrack();
		expect(timeLapsFromLines(fixesFromLocal([]), lines).timing).toEqual({ kind: "none" });
		const point = { ...lines, startFinish: { a: lines.startFinish.a, b: lines.startFinish.a } };
		const result = timeLapsFromLines(circle.fixes, point);
		expect(result.laps).toEqual([]);
		expect(result.report.map((r) => r.reason)).toEqual([
			"linha de largada/chegada: os dois pontos coincidem",
			"a gravação não cruza a linha de largada/chegada: nenhuma volta cronometrada",
		]);
	});

	it("keeps only crossings in the given direction of travel", () => {
		const { circle, lines } = circleTrack(true);
		const against = timeLapsFromLines(circle.fixes, { ...lines, directionDeg: 0 });
		expect(against.laps).toEqual([]);
		expect(against.report.filter((r) => r.reason.includes("sentido contrário")).length).toBe(4);
		expect(timeLapsFromLines(circle.fixes, { ...lines, directionDeg: 180 }).laps).toHaveLength(3);
		expect(timeLapsFromLines(circle.fixes, { ...lines, directionDeg: null }).laps).toHaveLength(3);
	});

	it("reports a crossing set aside by the debounce", () => {
		const { circle, lines } = circleTrack();
		const result = timeLapsFromLines(circle.fixes, lines, { startFinishDebounceMs: 29_000 });
		expect(result.laps.map((l) => l.timeMs).length).toBe(2);
		expect(result.report.some((r) => r.reason.includes("menos de 29,0 s após a anterior"))).toBe(
			true,
		);
	});
});

describe("timeLapsFromLines (properties)", () => {
	it("n crossings give n - 1 laps whose times sum to the first-to-last span", () => {
		// Each lap is its exact interval rounded to the millisecond: the sum is the span to
		// within half a millisecond a lap.
		fc.assert(
			fc.property(
				// Laps of at least 12 s: at 1 Hz a fix every 30° of the circle, a chord the line still meets.
				fc.array(fc.integer({ min: 12_000, max: 120_000 }), { minLength: 1, maxLength: 12 }),
				fc.constantFrom(40, 100, 200, 1000),
				fc.integer({ min: 0, max: 20 }),
				fc.integer({ min: 500, max: 5_000 }),
				fc.boolean(),
				(lapDurationsMs, periodMs, jitterMs, leadMs, clockwise) => {
					const circle = circleLaps({
						lapDurationsMs,
						periodMs,
						jitterMs,
						leadMs,
						clockwise,
						random: () => 0.37,
						gateWidthM: 40,
					});
					const lines = { startFinish: circle.gate, sectors: [], directionDeg: null };
					const result = timeLapsFromLines(circle.fixes, lines);
					const crossings = findGateCrossings(circle.fixes, circle.gate, {
						debounceMs: 5000,
						directionDeg: null,
						marginM: 0,
					}).crossings;
					expect(crossings).toHaveLength(circle.crossingsMs.length);
					expect(result.laps).toHaveLength(crossings.length - 1);
					const sum = result.laps.reduce((s, lap) => s + lap.timeMs, 0);
					const span = crossings.at(-1)!.timeMs - crossings[0]!.timeMs;
					expect(Math.abs(sum - span)).toBeLessThanOrEqual(0.5 * result.laps.length);
					expect(result.laps.at(-1)!.startMs + result.laps.at(-1)!.timeMs).toBeCloseTo(
						crossings.at(-1)!.timeMs,
						-0.5,
					);
					result.laps.forEach((lap, k) => {
						expect(lap.number).toBe(k + 1);
						expect(lap.channels.timeMs[0]).toBe(0);
						expect(lap.channels.timeMs[lap.channels.length - 1]).toBe(lap.timeMs);
					});
				},
			),
			{ numRuns: 50 },
		);
	});
});
