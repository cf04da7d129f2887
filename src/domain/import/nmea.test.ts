import { describe, expect, it } from "vitest";
import { importNmea } from "./nmea";
import { START_MS, sampleAt } from "./test-drive";
import { fixtureBytes } from "./test-files";
import { bytesOf, strictlyIncreasing } from "./test-support";

function sentence(body: string): string {
	let x = 0;
	for (let i = 0; i < body.length; i++) x ^= body.charCodeAt(i);
	return `$${body}*${x.toString(16).toUpperCase().padStart(2, "0")}`;
}

describe("importNmea", () => {
	it("reads RMC position, speed (knots) and course, GGA altitude and satellites, joined by time", () => {
		const r = importNmea(fixtureBytes("nmea/normal.nmea"), "n.nmea");
		const s = sampleAt(1500);
		expect(r.fixes.length).toBe(1101);
		expect(r.fixes.timeMs[15]).toBe(s.tMs);
		expect(r.fixes.lat[15]).toBeCloseTo(s.lat, 6);
		expect(r.fixes.lon[15]).toBeCloseTo(s.lon, 6);
		expect(r.fixes.speedKmh[15]).toBeCloseTo(72, 1);
		expect(r.fixes.extra.headingDeg?.[15]).toBeCloseTo(s.headingDeg, 2);
		expect([r.fixes.extra.altitudeM?.[15], r.fixes.extra.satellites?.[15]]).toEqual([780.5, 11]);
		expect(r.dateKnown).toBe(true);
	});

	it("reads any talker (GN, GL, GA, BD) and an empty mode field", () => {
		const r = importNmea(fixtureBytes("nmea/gn-talkers.nmea"), "g.nmea");
		expect(r.fixes.length).toBe(201);
		expect(r.report).toEqual([]);
	});

	it("reads millisecond times", () => {
		const text = [
			sentence("GPRMC,173430.010,A,2824.70529,N,08122.75973,W,28.72,309.31,290423,,,"),
			sentence("GPRMC,173430.180,A,2824.70618,N,08122.76091,W,29.10,310.80,290423,,,"),
		].join("\n");
		const r = importNmea(bytesOf(text), "m.nmea");
		expect([...r.fixes.timeMs]).toEqual([
			Date.UTC(2023, 3, 29, 17, 34, 30, 10),
			Date.UTC(2023, 3, 29, 17, 34, 30, 180),
		]);
		expect(r.fixes.lat[0]).toBeCloseTo(28 + 24.70529 / 60, 9);
		expect(r.fixes.lon[0]).toBeCloseTo(-(81 + 22.75973 / 60), 9);
	});

	it("verifies checksums: a wrong one, a sentence cut short and two run together are reported and skipped", () => {
		const r = importNmea(fixtureBytes("nmea/broken.nmea"), "b.nmea");
		expect(r.report.map((e) => `${e.line} ${e.kind} ${e.reason.replace(/: ".*$/, "")}`)).toEqual([
			"2 rejected soma de verificação não confere (calculada 59, escrita 00)",
			"3 rejected sentença cortada (sem soma *hh; outra começa na mesma linha)",
			"4 rejected sentença cortada (sem soma *hh)",
			"5 rejected RMC com status V (sem fixo válido): ignorada",
			"6 rejected linha sem sentença NMEA ($…)",
			"7 rejected GGA sem fixo (qualidade 0): ignorada",
		]);
	});

	it("still reads the complete sentence after a cut one on the same line", () => {
		const r = importNmea(fixtureBytes("nmea/broken.nmea"), "b.nmea");
		// Line 3 holds a cut RMC then a whole GGA of the same instant: the GGA gives the fix.
		expect([...r.fixes.line]).toContain(3);
	});

	it("takes the date from RMC and goes on past midnight", () => {
		const r = importNmea(fixtureBytes("nmea/broken.nmea"), "b.nmea");
		const iso = [...r.fixes.timeMs].map((t) => new Date(t).toISOString());
		expect(iso[0]).toBe("2025-03-01T23:59:58.000Z");
		expect(iso.at(-1)).toBe("2025-03-02T00:00:02.000Z");
		expect(strictlyIncreasing(r.fixes.timeMs)).toBe(true);
	});

	it("adds a day when the time of day wraps past midnight in sentences without a date", () => {
		const text = ["235959.000", "000000.000", "000001.000"]
			.map((t) => sentence(`GPGGA,${t},2342.00000,S,04642.00000,W,1,9,1.0,780.0,M,,M,,`))
			.join("\n");
		const r = importNmea(bytesOf(text), "w.nmea");
		expect([...r.fixes.timeMs]).toEqual([86_399_000, 86_400_000, 86_401_000]);
	});

	it("reads a log of GGA alone: times of day only, the date unknown", () => {
		const r = importNmea(fixtureBytes("nmea/gga-only.nmea"), "o.nmea");
		expect(r.fixes.length).toBe(101);
		expect(r.dateKnown).toBe(false);
		expect(r.fixes.timeMs[0]).toBe(START_MS % 86_400_000);
		expect(r.fixes.speedKmh[0]).toBeNaN();
		expect(r.report).toContainEqual(expect.objectContaining({ kind: "notice", line: 0 }));
	});

	it("counts the sentence types it does not use in one notice", () => {
		const r = importNmea(fixtureBytes("nmea/normal.nmea"), "n.nmea");
		expect(r.report).toEqual([
			{ file: "n.nmea", line: 0, kind: "notice", reason: "sentenças não usadas: GSA (111)" },
		]);
	});

	it("drops an epoch whose time does not advance", () => {
		const text = ["120000.000", "120001.000", "120000.500"]
			.map((t) => sentence(`GPRMC,${t},A,2342.00000,S,04642.00000,W,10.0,90.0,010325,,,A`))
			.join("\n");
		const r = importNmea(bytesOf(text), "t.nmea");
		expect(r.fixes.length).toBe(2);
		expect(r.report).toEqual([expect.objectContaining({ line: 3, kind: "rejected" })]);
	});
});
