import { describe, expect, it } from "vitest";
import { FixesBuilder } from "./fixes-builder";
import { dropImplausibleFixes } from "./plausibility";
import { ImportReport } from "./report";

/** Fixes 0.1 s apart at the given (lat, lon, km/h); lines 1, 2, … */
function build(points: [number, number, number][]) {
	const fixes = new FixesBuilder();
	points.forEach(([lat, lon, speed], k) => {
		const i = fixes.next();
		fixes.timeMs[i] = k * 100;
		fixes.lat[i] = lat;
		fixes.lon[i] = lon;
		fixes.speedKmh[i] = speed;
		fixes.line[i] = k + 1;
		fixes.commit();
	});
	const report = new ImportReport("f");
	dropImplausibleFixes(fixes, report);
	return { lines: [...fixes.line.slice(0, fixes.length)], report: report.finish() };
}

const step = 0.00002; // about 2 m of latitude: 20 m/s at 10 Hz

describe("dropImplausibleFixes", () => {
	it("drops a fix faster than 540 km/h (150 m/s) and reports it", () => {
		const r = build([
			[-23, -46, 72],
			[-23 + step, -46, 600],
			[-23 + 2 * step, -46, 72],
		]);
		expect(r.lines).toEqual([1, 3]);
		expect(r.report).toEqual([
			expect.objectContaining({
				line: 2,
				kind: "rejected",
				reason: expect.stringMatching(/600 km\/h acima de 540/),
			}),
		]);
	});

	it("drops a position spike the next fix comes back from", () => {
		const r = build([
			[-23, -46, 72],
			[-23 + step, -46, 72],
			[-22.99, -46, 72], // 1 km away in 0.1 s
			[-23 + 3 * step, -46, 72],
		]);
		expect(r.lines).toEqual([1, 2, 4]);
		expect(r.report[0]).toMatchObject({
			line: 3,
			kind: "rejected",
			reason: expect.stringMatching(/salto de posição/),
		});
	});

	it("keeps a jump the recording goes on from (the receiver re-acquired elsewhere) and notes it", () => {
		const r = build([
			[-23, -46, 72],
			[-23 + step, -46, 72],
			[-22.99, -46, 72],
			[-22.99 + step, -46, 72],
			[-22.99 + 2 * step, -46, 72],
		]);
		expect(r.lines).toEqual([1, 2, 3, 4, 5]);
		expect(r.report[0]).toMatchObject({ line: 3, kind: "notice" });
	});

	it("drops a lone first fix far from all the others", () => {
		const r = build([
			[-22.99, -46, 72],
			[-23, -46, 72],
			[-23 + step, -46, 72],
		]);
		expect(r.lines).toEqual([2, 3]);
		expect(r.report[0]).toMatchObject({ line: 1, kind: "rejected" });
	});

	it("keeps GPS noise of a few metres even at a high rate", () => {
		const r = build([
			[-23, -46, 72],
			[-23 + 0.0003, -46, 72], // 33 m in 0.1 s: noise, under the 100 m floor
			[-23 + 2 * step, -46, 72],
		]);
		expect(r.lines).toEqual([1, 2, 3]);
	});
});
