import { describe, expect, it } from "vitest";
import { simulateSession } from "../simulator";
import { parseGpsFile } from "../six/parse-gps";
import { METRES_PER_DEGREE } from "../timing/projection";
import { sixFixes } from "../timing/six-fixes";
import { circleLaps, fixesFromLocal } from "../timing/test-paths";
import { estimateLean, movingAverage, STANDARD_GRAVITY } from "./lean-estimate";

/** Lean of steady cornering at v m/s on radius r m, degrees. */
const steadyLean = (v: number, r: number) =>
	(Math.atan((v * v) / (r * STANDARD_GRAVITY)) * 180) / Math.PI;

function leanOf(fixes: ReturnType<typeof fixesFromLocal>) {
	return estimateLean(fixes.timeMs, fixes.lat, fixes.lon, fixes.speedKmh, fixes.length);
}

describe("estimateLean", () => {
	const radiusM = 50;
	const speedMs = 20;
	const lapMs = ((2 * Math.PI * radiusM) / speedMs) * 1000;

	it("gives atan(v²/(r g)) on a steady circle: right turn positive, left negative", () => {
		const expected = steadyLean(speedMs, radiusM);
		expect(expected).toBeCloseTo(39.2, 1);
		for (const [clockwise, sign] of [
			[true, 1],
			[false, -1],
		] as const) {
			for (const periodMs of [40, 100, 1000]) {
				const { fixes } = circleLaps({
					lapDurationsMs: [lapMs, lapMs],
					periodMs,
					radiusM,
					clockwise,
				});
				const lean = leanOf(fixes);
				// Away from the ends, where the chords are one-sided.
				for (let i = Math.ceil(2000 / periodMs); i < fixes.length - 2000 / periodMs; i++) {
					expect(lean[i]! * sign).toBeCloseTo(expected, 0);
				}
			}
		}
	});

	it("is 0 on a straight and below 10 km/h", () => {
		const straight = fixesFromLocal(
			Array.from({ length: 50 }, (_, i) => ({ t: i * 100, x: 0, y: i * 3, speedKmh: 108 })),
		);
		expect(Array.from(leanOf(straight)).every((v) => Math.abs(v) < 1e-9)).toBe(true);
		const { fixes: slow } = circleLaps({ lapDurationsMs: [120_000], periodMs: 100, radiusM: 5 });
		slow.speedKmh.fill(8);
		expect(Array.from(leanOf(slow)).every((v) => v === 0)).toBe(true);
	});

	it("reaches past repeated positions (a 1 Hz receiver logged at 10 Hz)", () => {
		const { fixes: exact } = circleLaps({ lapDurationsMs: [lapMs, lapMs], periodMs: 100, radiusM });
		// Hold each position for the rest of its second.
		for (let i = 0; i < exact.length; i++) {
			const held = i - (i % 10);
			exact.lat[i] = exact.lat[held]!;
			exact.lon[i] = exact.lon[held]!;
		}
		const lean = leanOf(exact);
		const expected = -steadyLean(speedMs, radiusM);
		for (let i = 50; i < exact.length - 50; i++)
			expect(Math.abs(lean[i]! - expected)).toBeLessThan(1.5);
	});

	it("follows a simulated motorbike's measured lean (within 6° RMS above 20 km/h)", () => {
		const s = simulateSession({ seed: 4, circuit: "velocitta", laps: 2, hz: 10 });
		const date = { day: 1, month: 1, year: 2025 };
		const { fixes } = sixFixes(parseGpsFile(s.gpsSix).points, { date, utcOffsetMinutes: -180 });
		const lean = leanOf(fixes);
		let squares = 0;
		let count = 0;
		let most = 0;
		for (let i = 0; i < fixes.length; i++) {
			if (fixes.speedKmh[i]! < 20) continue;
			squares += (lean[i]! - fixes.leanDeg![i]!) ** 2;
			count++;
			most = Math.max(most, Math.abs(lean[i]!));
		}
		expect(Math.sqrt(squares / count)).toBeLessThan(6);
		expect(most).toBeGreaterThan(45);
		expect(most).toBeLessThan(60);
	});

	it("handles no fix and one fix", () => {
		expect(leanOf(fixesFromLocal([])).length).toBe(0);
		expect(Array.from(leanOf(fixesFromLocal([{ t: 0, x: 0, y: 0, speedKmh: 50 }])))).toEqual([0]);
	});
});

describe("movingAverage", () => {
	it("averages the values within the half window on both sides", () => {
		const t = Float64Array.from([0, 100, 200, 300, 1000]);
		const v = Float64Array.from([1, 2, 3, 4, 10]);
		expect(Array.from(movingAverage(t, v, 5, 100))).toEqual([1.5, 2, 3, 3.5, 10]);
	});
});

describe("estimateLean's speed floor", () => {
	it("leans from 10 km/h on, not below", () => {
		const radiusM = 20;
		const speedMs = 10 / 3.6;
		const lapMs = ((2 * Math.PI * radiusM) / speedMs) * 1000;
		const { fixes } = circleLaps({ lapDurationsMs: [lapMs], periodMs: 100, radiusM });
		const middle = Math.floor(fixes.length / 2);
		fixes.speedKmh.fill(9.99);
		expect(Array.from(leanOf(fixes)).every((v) => v === 0)).toBe(true);
		fixes.speedKmh.fill(10);
		expect(Math.abs(leanOf(fixes)[middle]!)).toBeCloseTo(steadyLean(speedMs, radiusM), 0);
	});
});

/** Where a rider is after `ms` on a right-hand circle of radius r, at v m/s, from (0, 0) heading north. */
function onRightCircle(r: number, v: number, ms: number) {
	const angle = Math.PI - (v * ms) / 1000 / r;
	return { x: r + r * Math.cos(angle), y: r * Math.sin(angle) };
}

describe("estimateLean's chords", () => {
	const v = 10;
	const kmh = v * 3.6;

	it("does not depend on which way the path points, due north or due east included", () => {
		// 3 s straight, then a right-hand circle of 30 m: a fix due north of the last shares its
		// longitude, one due east its latitude, and neither is a repeated position.
		const path = Array.from({ length: 80 }, (_, i) => {
			const t = i * 100;
			const p = t <= 3000 ? { x: 0, y: (v * (t - 3000)) / 1000 } : onRightCircle(30, v, t - 3000);
			return { t, ...p, speedKmh: kmh };
		});
		const turned = (deg: number) => {
			const c = Math.cos((deg * Math.PI) / 180);
			const s = Math.sin((deg * Math.PI) / 180);
			return path.map((p) => ({ ...p, x: p.x * c + p.y * s, y: -p.x * s + p.y * c }));
		};
		const north = leanOf(fixesFromLocal(path));
		const east = leanOf(fixesFromLocal(path.map((p) => ({ ...p, x: p.y, y: -p.x }))));
		const reference = leanOf(fixesFromLocal(turned(30)));
		expect(Math.max(...reference)).toBeCloseTo(steadyLean(v, 30), 0);
		for (let i = 0; i < path.length; i++) {
			expect(north[i]).toBeCloseTo(reference[i]!, 3);
			expect(east[i]).toBeCloseTo(reference[i]!, 3);
		}
	});

	it("ends the chords at the fixes half a second away, exactly half a second included", () => {
		// A 1 s arc of 20 m radius between two straights, a fix every half second: the middle
		// fix's chords end at the arc's ends, so it gets the arc's lean.
		const r = 20;
		const end = onRightCircle(r, v, 1000);
		const angle = Math.PI - v / r;
		const fixes = fixesFromLocal(
			[
				{ t: 1000, x: 0, y: -5 },
				{ t: 1500, x: 0, y: 0 },
				{ t: 2000, ...onRightCircle(r, v, 500) },
				{ t: 2500, ...end },
				{ t: 3000, x: end.x + 5 * Math.sin(angle), y: end.y - 5 * Math.cos(angle) },
			].map((s) => ({ ...s, speedKmh: kmh })),
		);
		expect(leanOf(fixes)[2]).toBeCloseTo(steadyLean(v, r), 2);
	});

	it("reaches across a held position for up to 3 s, no further", () => {
		// A 1 Hz receiver stuck for 3 s (its position of t = 1 s held to t = 4 s), on a right-hand
		// circle of 50 m: each position sits where the rider was when it was first logged.
		const r = 50;
		const firstLogged = [0, 1000, 1000, 1000, 1000, 5000, 6000, 7000];
		const fixes = fixesFromLocal(
			firstLogged.map((since, i) => ({
				t: i * 1000,
				...onRightCircle(r, v, since),
				speedKmh: kmh,
			})),
		);
		const lean = Array.from(leanOf(fixes));
		const steady = steadyLean(v, r);
		// From t = 2 s, the next new position is 3 s ahead; from t = 3 s, the last one 3 s behind.
		expect(lean[2]).toBeCloseTo(steady, 2);
		expect(lean[3]).toBeCloseTo(steady, 2);
		// From t = 1 s the next new position is 4 s ahead, from t = 4 s the last one 4 s behind.
		expect(lean[1]).toBe(0);
		expect(lean[4]).toBe(0);
		expect(lean[5]).toBeCloseTo(steady, 2);
	});

	it("shortens the chords at the log's ends down to 2 m, and gives no lean below that", () => {
		// A right-hand circle of 50 m at 10 m/s: 1.5 m between the first two fixes and between
		// the last two; the third last, 450 ms from the end, has its chord ahead to the last fix.
		const r = 50;
		const fixes = fixesFromLocal(
			[0, 150, 1000, 2000, 3000, 3300, 3450].map((t) => ({
				t,
				...onRightCircle(r, v, t),
				speedKmh: kmh,
			})),
		);
		const steady = steadyLean(v, r);
		const lean = Array.from(leanOf(fixes));
		expect(lean.slice(0, 2)).toEqual([0, 0]);
		for (const i of [2, 3, 4]) expect(lean[i]).toBeCloseTo(steady, 2);
		expect(lean.slice(5)).toEqual([0, 0]);
	});

	it("counts a chord of exactly 2 m", () => {
		// Off Africa at 0° 0°, where 2 m is an exact number of degrees: a half circle of radius
		// √2 m in 1 s, through fixes 2 m south, at and 2 m east of the middle one, and one more
		// fix on each chord's line half a second further out.
		const d = 2 / METRES_PER_DEGREE;
		expect(d * METRES_PER_DEGREE).toBe(2);
		const speed = Math.PI * Math.SQRT2;
		const fixes = {
			length: 5,
			timeMs: Float64Array.from([0, 500, 1000, 1500, 2000]),
			lat: Float64Array.from([-2 * d, -d, 0, 0, 0]),
			lon: Float64Array.from([0, 0, 0, d, 2 * d]),
			speedKmh: new Float32Array(5).fill(speed * 3.6),
		};
		const lean = estimateLean(fixes.timeMs, fixes.lat, fixes.lon, fixes.speedKmh, 5);
		expect(lean[2]).toBeCloseTo(steadyLean(speed, Math.SQRT2), 2);
	});
});
