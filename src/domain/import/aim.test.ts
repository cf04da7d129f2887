import { describe, expect, it } from "vitest";
import { importAim } from "./aim";
import { crossingsMs, sampleAt } from "./test-drive";
import { fixtureBytes } from "./test-files";
import { bytesOf } from "./test-support";

describe("importAim", () => {
	it("reads the channels by name after the preamble, quoted cells and all", () => {
		const r = importAim(fixtureBytes("aim/normal.csv"), "a.csv");
		expect(r.fixes.length).toBe(2201);
		expect(r.fixes.lat[20]).toBeCloseTo(sampleAt(1000).lat, 7);
		expect(r.fixes.speedKmh[20]).toBeCloseTo(72, 1);
		expect([r.source.device, r.trackName]).toEqual(["MyChron5 12345", "Oval de teste"]);
	});

	it("counts time from the session start: the preamble's local date is not a UTC instant", () => {
		const r = importAim(fixtureBytes("aim/normal.csv"), "a.csv");
		expect(r.dateKnown).toBe(false);
		expect([r.fixes.timeMs[0], r.fixes.timeMs[1]]).toEqual([0, 50]);
	});

	it("takes Beacon Markers as the lap marks", () => {
		const r = importAim(fixtureBytes("aim/normal.csv"), "a.csv");
		expect(r.lapMarksMs).toEqual(crossingsMs(110).map((c) => Math.round(c)));
	});

	it("reads underscore names (GPS_Latitude) and a units row in m/s", () => {
		const text = [
			'"Format","AiM CSV File"',
			"",
			'"Time","GPS_Speed","GPS_Latitude","GPS_Longitude"',
			'"s","m/s","deg","deg"',
			'"0.0","20","-23.7","-46.7"',
		].join("\n");
		const r = importAim(bytesOf(text), "u.csv");
		expect(r.fixes.speedKmh[0]).toBeCloseTo(72, 5);
	});

	it("reports unreadable, backward and position-less rows", () => {
		const r = importAim(fixtureBytes("aim/broken.csv"), "b.csv");
		expect(
			r.report.filter((e) => e.kind === "rejected").map((e) => `${e.line} ${e.reason}`),
		).toEqual([
			'21 Time: esperado número, encontrado "x"',
			'31 Time "0.100" não avança',
			'41 posição ilegível: "", ""',
		]);
	});
});
