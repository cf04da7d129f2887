/**
 * Lap comparison on real recordings of other lap timers (`../shared/real/`): a rental kart's
 * NMEA log at Orlando (16.7 Hz, irregular, one GPS jump) and a RaceChrono VBO of twenty kart
 * laps at Modena (10 Hz, its receiver drifting metres over the session). Nobody here wrote
 * them; what holds on them is what must hold on riders' files.
 */
import { readFileSync } from "node:fs";
import { expect, it } from "vitest";
import type { TimedLap } from "../../src/domain/channels/types";
import { compareLaps } from "../../src/domain/compare/compare-laps";
import { detectCorners } from "../../src/domain/compare/corners";
import { prepareReference } from "../../src/domain/compare/reference-line";
import type { DeltaTrace } from "../../src/domain/compare/types";
import { type Gate, lapsBetween, readNmeaRmc, readVbo, vboStartGate } from "./laps-for-comparison";
import { describeReal, realPath } from "./real-recordings";

function best(laps: TimedLap[]): TimedLap {
	return laps.reduce((a, b) => (b.timeMs < a.timeMs ? b : a));
}

/** Largest change of the trace from one point to the next, away from reported GPS jumps. */
function steepest(trace: DeltaTrace, awayFromJumpsM = 15): number {
	const jumps = [...trace.gpsJumpsM.lap, ...trace.gpsJumpsM.reference];
	let worst = 0;
	for (let i = 2; i < trace.points.length - 1; i++) {
		const s = trace.points.refDistanceM[i]!;
		if (jumps.some((j) => Math.abs(j - s) < awayFromJumpsM)) continue;
		worst = Math.max(worst, Math.abs(trace.points.deltaMs[i]! - trace.points.deltaMs[i - 1]!));
	}
	return worst;
}

/** Read on first use: the blocks are collected (and skipped) even where the files are absent. */
function once<T>(make: () => T): () => T {
	let value: T | undefined;
	return () => {
		value ??= make();
		return value;
	};
}

describeReal("comparison of real laps: Orlando Kart Center, NMEA", () => {
	const okcLaps = once(() => {
		const tracks = JSON.parse(readFileSync(realPath("tracks/doves-tracks.json"), "utf8"));
		const course = tracks["Orlando Kart Center"].courses.find(
			(c: { name: string }) => c.name === "Normal",
		);
		const gate = (p: string): Gate => ({
			a: { lat: course[`${p}_a_lat`], lon: course[`${p}_a_lng`] },
			b: { lat: course[`${p}_b_lat`], lon: course[`${p}_b_lng`] },
		});
		const fixes = readNmeaRmc(readFileSync(realPath("nmea/okc-2laps-rental.nmea"), "utf8"));
		return lapsBetween(fixes, gate("start"), [gate("sector_2"), gate("sector_3")]);
	});

	it("reads the three laps an independent reading finds (69.961, 68.742, 70.148 s)", () => {
		expect(okcLaps().map((l) => Math.round(l.timeMs))).toEqual([69_961, 68_742, 70_148]);
	});

	it("ends every trace at the lap-time difference, arriving there without a step", () => {
		for (const lap of okcLaps()) {
			for (const ref of okcLaps()) {
				const trace = compareLaps(lap, ref).delta as DeltaTrace;
				expect(trace.status).toBe("ok");
				expect(trace.points.deltaMs[trace.points.length - 1]).toBe(lap.timeMs - ref.timeMs);
				expect(Math.abs(trace.startStepMs)).toBeLessThan(20);
				expect(Math.abs(trace.finishStepMs)).toBeLessThan(20);
				// A point every 60 ms; the rental kart's receiver wanders by a metre or so.
				expect(steepest(trace)).toBeLessThan(80);
			}
		}
	});

	it("reports the best lap's GPS jump, where its trace cannot be trusted", () => {
		const trace = compareLaps(okcLaps()[0]!, best(okcLaps())).delta as DeltaTrace;
		expect(trace.gpsJumpsM.reference).toHaveLength(1);
		expect(trace.gpsJumpsM.reference[0]!).toBeGreaterThan(280);
		expect(trace.gpsJumpsM.reference[0]!).toBeLessThan(300);
		expect(trace.gpsJumpsM.lap).toEqual([]);
	});

	it("agrees with the sector lines: the trace at each line is the sector times' running difference", () => {
		const result = compareLaps(okcLaps()[0]!, okcLaps()[2]!);
		expect(result.sectors).toHaveLength(3);
		for (const sector of result.sectors) {
			expect(Math.abs(sector.deltaAtLineMs! - sector.cumulativeDiffMs!)).toBeLessThan(10);
		}
	});

	it("finds the same corners, by number, on every lap", () => {
		const reference = best(okcLaps());
		const corners = detectCorners(reference.channels);
		expect(corners.length).toBeGreaterThanOrEqual(10);
		for (const lap of okcLaps()) {
			const result = compareLaps(lap, reference, { corners });
			expect(result.corners.map((c) => c.number)).toEqual(corners.map((c) => c.number));
			for (const d of result.cornerDifferences!) {
				expect(d.lap.minSpeedKmh).toBeLessThanOrEqual(d.lap.entrySpeedKmh);
				expect(d.lap.minSpeedKmh).toBeLessThanOrEqual(d.lap.exitSpeedKmh);
			}
		}
	});
});

describeReal("comparison of real laps: Modena, RaceChrono VBO", () => {
	const modena = once(() => {
		const text = readFileSync(realPath("vbo/vbox-modena.vbo"), "latin1");
		// The first crossing comes from the pit lane; the twenty laps after it are flying laps.
		const laps = lapsBetween(readVbo(text), vboStartGate(text)).filter((l) => l.timeMs < 46_000);
		const reference = best(laps);
		const line = prepareReference(reference.channels)!;
		return { laps, reference, line, corners: detectCorners(line) };
	});

	it("compares all twenty laps with the best: smooth traces, small steps at the line", () => {
		const { laps, reference, line, corners } = modena();
		expect(laps).toHaveLength(20);
		for (const lap of laps) {
			const trace = compareLaps(lap, reference, { referenceLine: line, corners })
				.delta as DeltaTrace;
			expect(trace.status).toBe("ok");
			expect(trace.finishDeltaMs).toBe(lap.timeMs - reference.timeMs);
			expect(Math.abs(trace.startStepMs)).toBeLessThan(100);
			expect(Math.abs(trace.finishStepMs)).toBeLessThan(100);
			expect(steepest(trace)).toBeLessThan(30);
			expect(trace.gpsJumpsM.lap).toEqual([]);
		}
	});

	it("follows the receiver's drift: the offset of each lap from the best shrinks as they near it", () => {
		const { laps, reference, line } = modena();
		const offsets = laps.map((lap) => {
			const trace = compareLaps(lap, reference, { referenceLine: line }).delta as DeltaTrace;
			return Math.hypot(trace.offsetM.eastM, trace.offsetM.northM);
		});
		// Up to about 4 m early in the session, under 1 m for the laps next to the best.
		expect(Math.max(...offsets)).toBeGreaterThan(2.5);
		expect(Math.max(...offsets)).toBeLessThan(6);
		const at = laps.indexOf(reference);
		for (const k of [at - 1, at + 1]) if (laps[k]) expect(offsets[k]!).toBeLessThan(1);
	});

	it("numbers the corners alike on every lap, and finds about as many on each", () => {
		const { laps, reference, line, corners } = modena();
		expect(corners.length).toBeGreaterThanOrEqual(6);
		for (const lap of laps) {
			const result = compareLaps(lap, reference, { referenceLine: line, corners });
			expect(result.corners.map((c) => c.number)).toEqual(corners.map((c) => c.number));
			expect(Math.abs(detectCorners(lap.channels).length - corners.length)).toBeLessThanOrEqual(1);
		}
	});
});
