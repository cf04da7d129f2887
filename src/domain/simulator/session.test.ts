import { describe, expect, it } from "vitest";
import { listCircuits, simulateSession } from "./index";
import { IN_LAP_TIMING_S } from "./sampling";
import { testOval } from "./test-oval";

/** Minimal reading of the simulator's own lines, independent of the real parser. */
function gpsFields(line: string) {
	const f = line.split("|");
	const [lat, lon] = (f[0] ?? "").split(",").map(Number);
	return {
		count: f.length,
		lat: lat!,
		lon: lon!,
		speed: /^\d+(\.\d+)?$/.test(f[1] ?? "") ? Number(f[1]) : Number.NaN,
		satellites: Number(f[2]),
		time: f[3] ?? "",
		lapCount: Number(f[4]),
		flag: Number(f[5]),
		battery: f[6] ?? "",
		roll: Number(f[7]),
		lean: Number(f[8]),
		metres: Number(f[9]),
	};
}

function isValidGps(line: string, fieldCount: number): boolean {
	const p = gpsFields(line);
	return p.count === fieldCount && !(p.lat === 0 && p.lon === 0) && Number.isFinite(p.speed);
}

function nmeaSeconds(text: string): number {
	return Number(text.slice(0, 2)) * 3600 + Number(text.slice(2, 4)) * 60 + Number(text.slice(4));
}

function lapLines(lapSix: string) {
	return lapSix
		.trimEnd()
		.split("\n")
		.map((line) => {
			const f = line.split("|");
			const digits = (f[0] ?? "").padStart(7, "0");
			return {
				fields: f.length,
				timeMs:
					Number(digits.slice(0, 2)) * 60_000 +
					Number(digits.slice(2, 4)) * 1000 +
					Number(digits.slice(4)),
				battery: f[1],
				entry: Number(f[2]),
				sectors: f.slice(3, 7).map((s) => s.split(",")),
				sprintCount: Number(f[7]),
				metres: Number(f[8]),
				number: Number(f[9]),
			};
		});
}

const base = { seed: 11, circuit: "velocitta", laps: 6, hz: 10 } as const;

describe("simulateSession: determinism", () => {
	it("gives byte-identical files for the same options", () => {
		const a = simulateSession(base);
		const b = simulateSession({ ...base });
		expect(a.lapSix).toBe(b.lapSix);
		expect(a.gpsSix).toBe(b.gpsSix);
		expect(a.lapTimesMs).toEqual(b.lapTimesMs);
	});

	it("gives different sessions for different seeds", () => {
		const a = simulateSession(base);
		const b = simulateSession({ ...base, seed: 12 });
		expect(a.gpsSix).not.toBe(b.gpsSix);
		expect(a.lapTimesMs).not.toEqual(b.lapTimesMs);
	});
});

// The sessions are simulated inside each test, never once per file: the mutation run only
// counts the code a test runs itself.
function lapSixOf() {
	const session = simulateSession(base);
	return { session, laps: lapLines(session.lapSix) };
}

function gpsSixOf() {
	const session = simulateSession({ ...base, invalidLines: 4 });
	const lines = session.gpsSix.trimEnd().split("\n");
	return { session, lines, valid: lines.filter((l) => isValidGps(l, 10)).map(gpsFields) };
}

describe("simulateSession: lap.six", () => {
	it("has one 10-field line per timed lap, numbered from 1", () => {
		const { session, laps } = lapSixOf();
		expect(laps).toHaveLength(base.laps);
		expect(laps.map((l) => l.fields)).toEqual(Array(base.laps).fill(10));
		expect(laps.map((l) => l.number)).toEqual([1, 2, 3, 4, 5, 6]);
		expect(session.lapSix.endsWith("\n")).toBe(true);
	});

	it("writes the lap times it returns, as mmssSSS (leading zeros sometimes dropped)", () => {
		const { session, laps } = lapSixOf();
		expect(laps.map((l) => l.timeMs)).toEqual(session.lapTimesMs);
		const raw = session.lapSix.split("\n").map((line) => line.split("|")[0]!);
		expect(raw.some((t) => t.length === 7)).toBe(true);
		expect(raw.some((t) => t.length > 0 && t.length < 7)).toBe(true);
	});

	it("has sectors that add up to the lap, with the improvement flags of a running best", () => {
		const { laps } = lapSixOf();
		const best = [Infinity, Infinity, Infinity, Infinity];
		for (const [k, lap] of laps.entries()) {
			expect(lap.sectors.every((s) => s.length === 6)).toBe(true);
			const times = lap.sectors.map((s) => Number(s[0]));
			expect(times.reduce((a, b) => a + b, 0)).toBe(lap.timeMs);
			expect(lap.sectors.map((s) => Number(s[5])).reduce((a, b) => a + b, 0)).toBe(lap.metres);
			for (let j = 0; j < 4; j++) {
				const improved = k > 0 && times[j]! < best[j]!;
				expect(lap.sectors[j]![1]).toBe(improved ? "1" : "0");
				expect(lap.sectors[j]![4]).toMatch(/^\d+\.\d{3}$/);
				expect(Number(lap.sectors[j]![4]) * 1000).toBeCloseTo(times[j]!, 6);
				best[j] = Math.min(best[j]!, times[j]!);
			}
		}
	});

	it("has entries one lap time apart, distances near the track length and a few sprints", () => {
		const { session, laps } = lapSixOf();
		for (let k = 1; k < laps.length; k++) {
			const gap = laps[k]!.entry - laps[k - 1]!.entry;
			expect(Math.abs(gap - laps[k - 1]!.timeMs / 1000)).toBeLessThanOrEqual(1);
		}
		for (const lap of laps) {
			expect(Math.abs(lap.metres - session.circuit.lengthM)).toBeLessThan(20);
			expect(lap.sprintCount).toBeGreaterThanOrEqual(1);
			expect(lap.sprintCount).toBeLessThan(12);
			expect(lap.battery).toMatch(/^\d+\.\dV$/);
		}
		// Default start: 10:00 local.
		expect(laps[0]!.entry).toBeGreaterThan(36_000);
		expect(laps[0]!.entry).toBeLessThan(36_000 + 300);
	});
});

describe("simulateSession: gps.six", () => {
	it("has exactly the requested damaged lines", () => {
		const { lines, valid } = gpsSixOf();
		expect(lines.length - valid.length).toBe(4);
		expect(lines.filter((l) => l.startsWith("0,0|"))).toHaveLength(2);
		expect(lines.filter((l) => l.split("|").length === 5)).toHaveLength(1);
		expect(lines.filter((l) => l.split("|")[1] === "--.-")).toHaveLength(1);
	});

	it("has no damaged line when none is asked for", () => {
		const { valid } = gpsSixOf();
		const clean = simulateSession({ ...base, invalidLines: 0 })
			.gpsSix.trimEnd()
			.split("\n");
		expect(clean.every((l) => isValidGps(l, 10))).toBe(true);
		expect(clean).toHaveLength(valid.length);
	});

	it("goes out-lap (0/0), timed laps (flag 1), in-lap (flag 0)", () => {
		const { valid } = gpsSixOf();
		expect(valid[0]).toMatchObject({ lapCount: 0, flag: 0, speed: 0 });
		expect(valid.at(-1)).toMatchObject({ lapCount: base.laps + 1, flag: 0, speed: 0 });
		for (let k = 1; k < valid.length; k++) {
			expect(valid[k]!.lapCount).toBeGreaterThanOrEqual(valid[k - 1]!.lapCount);
		}
		for (const p of valid) {
			if (p.lapCount === 0) expect(p.flag).toBe(0);
			if (p.lapCount >= 1 && p.lapCount <= base.laps) expect(p.flag).toBe(1);
		}
		// The device keeps timing briefly after the last crossing, which closes the last lap.
		const closing = valid.filter((p) => p.lapCount === base.laps + 1 && p.flag === 1);
		expect(closing.length).toBe(IN_LAP_TIMING_S * base.hz);
	});

	it("advances time by 1/hz, distance never backwards, satellites 7-14, battery draining", () => {
		const { session, valid } = gpsSixOf();
		const first = nmeaSeconds(valid[0]!.time);
		// Default 10:00 local in São Paulo is 13:00 UTC.
		expect(first).toBe(13 * 3600);
		for (let k = 1; k < valid.length; k++) {
			const dt = nmeaSeconds(valid[k]!.time) - nmeaSeconds(valid[k - 1]!.time);
			expect(dt).toBeCloseTo(1 / base.hz, 6);
			expect(valid[k]!.metres).toBeGreaterThanOrEqual(valid[k - 1]!.metres);
			expect(Number.parseFloat(valid[k]!.battery)).toBeLessThanOrEqual(
				Number.parseFloat(valid[k - 1]!.battery),
			);
		}
		expect(valid.every((p) => p.satellites >= 7 && p.satellites <= 14)).toBe(true);
		expect(valid.every((p) => /^\d{6}\.\d{2}$/.test(p.time))).toBe(true);
		const totalM = valid.at(-1)!.metres;
		expect(totalM / session.circuit.lengthM).toBeGreaterThan(base.laps + 1.5);
		expect(totalM / session.circuit.lengthM).toBeLessThan(base.laps + 2);
	});

	it("writes the battery as lap.six does, the same reading at the end of each lap", () => {
		const { session, valid } = gpsSixOf();
		const lapBatteries = lapLines(session.lapSix).map((l) => Number.parseFloat(l.battery!));
		for (const p of valid) {
			expect(p.battery).toMatch(/^\d+\.\dV$/);
			expect(Number.parseFloat(p.battery)).toBeGreaterThanOrEqual(12);
			expect(Number.parseFloat(p.battery)).toBeLessThanOrEqual(13);
		}
		for (let lap = 1; lap <= base.laps; lap++) {
			const last = valid.filter((p) => p.lapCount === lap).at(-1)!;
			expect(
				Math.abs(Number.parseFloat(last.battery) - lapBatteries[lap - 1]!),
			).toBeLessThanOrEqual(0.1);
		}
	});

	it("is fast on the straights, slow in the corners, and leans into the turns", () => {
		const { valid } = gpsSixOf();
		const timed = valid.filter((p) => p.flag === 1 && p.lapCount <= base.laps);
		const speeds = timed.map((p) => p.speed);
		expect(Math.max(...speeds)).toBeGreaterThan(2 * Math.min(...speeds));
		const rolls = timed.map((p) => p.roll);
		expect(Math.max(...rolls)).toBeGreaterThan(35);
		expect(Math.min(...rolls)).toBeLessThan(-35);
		expect(Math.max(...rolls)).toBeLessThan(60);
		expect(timed.every((p) => Math.abs(p.lean) <= Math.max(...rolls.map(Math.abs)))).toBe(true);
	});
});

describe("simulateSession: options", () => {
	it("writes the old 7-field variant", () => {
		const old = simulateSession({ ...base, gpsVariant: "old", invalidLines: 3 });
		const lines = old.gpsSix.trimEnd().split("\n");
		expect(lines.filter((l) => isValidGps(l, 7))).toHaveLength(lines.length - 3);
		expect(lines.filter((l) => l.split("|").length === 4)).toHaveLength(1);
	});

	it("samples at the requested rate", () => {
		const at10 = simulateSession({ ...base, invalidLines: 0 }).gpsSix.split("\n").length;
		const at25 = simulateSession({ ...base, hz: 25, invalidLines: 0 }).gpsSix.split("\n").length;
		expect(at25 / at10).toBeCloseTo(2.5, 2);
	});

	it("gives a kart small chassis roll and kart lap times", () => {
		const kart = simulateSession({ seed: 3, circuit: "granja-viana", laps: 4, profile: "kart" });
		const rolls = kart.gpsSix
			.trimEnd()
			.split("\n")
			.filter((l) => isValidGps(l, 10))
			.map((l) => Math.abs(gpsFields(l).roll));
		expect(Math.max(...rolls)).toBeLessThan(8);
		expect(Math.max(...rolls)).toBeGreaterThan(2);
		for (const t of kart.lapTimesMs) {
			expect(t).toBeGreaterThan(40_000);
			expect(t).toBeLessThan(70_000);
		}
	});

	it("varies lap times from lap to lap", () => {
		const { lapTimesMs } = simulateSession({ seed: 5, circuit: "interlagos", laps: 12 });
		const spread = Math.max(...lapTimesMs) - Math.min(...lapTimesMs);
		expect(spread).toBeGreaterThan(300);
		expect(spread).toBeLessThan(10_000);
	});

	it("drives a long session of 60 laps", () => {
		const long = simulateSession({ seed: 1, circuit: "granja-viana", laps: 60, profile: "kart" });
		expect(long.lapTimesMs).toHaveLength(60);
		expect(long.lapSix.trimEnd().split("\n")).toHaveLength(60);
	});

	it("accepts a circuit given as an object, and a start time and offset", () => {
		const oval = testOval(1200);
		const s = simulateSession({
			seed: 2,
			circuit: oval,
			laps: 2,
			startTimeOfDaySec: 23 * 3600 + 59 * 60,
			utcOffsetMinutes: 0,
		});
		expect(s.circuit).toEqual({ id: "oval", name: "Oval de teste", lengthM: 1200 });
		const times = s.gpsSix
			.trimEnd()
			.split("\n")
			.filter((l) => isValidGps(l, 10))
			.map((l) => gpsFields(l).time);
		expect(times[0]).toBe("235900.00");
		// The session runs past midnight: the clock wraps.
		expect(times.at(-1)! < "010000").toBe(true);
	});

	it("refuses bad options with a clear error", () => {
		expect(() => simulateSession({ ...base, laps: 0 })).toThrow(/laps must be an integer/);
		expect(() => simulateSession({ ...base, laps: 2.5 })).toThrow(/laps/);
		expect(() => simulateSession({ ...base, hz: 9 })).toThrow(
			/hz must be an integer from 10 to 25/,
		);
		expect(() => simulateSession({ ...base, hz: 26 })).toThrow(/hz/);
		expect(() => simulateSession({ ...base, invalidLines: -1 })).toThrow(/invalidLines/);
		expect(() => simulateSession({ ...base, seed: Number.NaN })).toThrow(/seed/);
		// @ts-expect-error: an unknown circuit id
		expect(() => simulateSession({ ...base, circuit: "monza" })).toThrow(/unknown circuit: monza/);
		// @ts-expect-error: an unknown circuit id
		expect(() => simulateSession({ ...base, circuit: "monza" })).toThrow(RangeError);
		// @ts-expect-error: an unknown variant
		expect(() => simulateSession({ ...base, gpsVariant: "new" })).toThrow(
			/unknown gps variant: new/,
		);
		expect(() => simulateSession({ ...base, startTimeOfDaySec: Number.NaN })).toThrow(
			/startTimeOfDaySec must be a finite number/,
		);
		// @ts-expect-error: an unknown profile
		expect(() => simulateSession({ ...base, profile: "truck" })).toThrow(/profile/);
	});
});

describe("listCircuits", () => {
	it("lists at least three named circuits of 1.0 to 4.3 km", () => {
		const circuits = listCircuits();
		expect(circuits.length).toBeGreaterThanOrEqual(3);
		expect(circuits.map((c) => c.name)).toContain("Interlagos");
		for (const c of circuits) {
			expect(c.lengthM).toBeGreaterThanOrEqual(1000);
			expect(c.lengthM).toBeLessThanOrEqual(4300);
			expect(simulateSession({ seed: 1, circuit: c.id, laps: 1 }).circuit.name).toBe(c.name);
		}
	});
});
