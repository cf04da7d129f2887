import { describe, expect, it } from "vitest";
import { crossingsMs, START_MS, sampleAt } from "./test-drive";
import { fixtureBytes } from "./test-files";
import { strictlyIncreasing } from "./test-support";
import { importTrackAddict } from "./trackaddict";

describe("importTrackAddict", () => {
	it("names the device from the RaceRender preamble and reads UTC Time as the time base", () => {
		const r = importTrackAddict(fixtureBytes("trackaddict/normal.csv"), "t.csv");
		expect(r.source).toEqual({ format: "trackaddict", device: "TrackAddict 4.3.5 (Android 9)" });
		expect(r.dateKnown).toBe(true);
		expect(r.fixes.timeMs[0]).toBe(START_MS);
	});

	it("keeps only rows with a GPS update as fixes and counts the others in a notice", () => {
		const r = importTrackAddict(fixtureBytes("trackaddict/normal.csv"), "t.csv");
		expect(r.fixes.length).toBe(111);
		expect([...r.fixes.timeMs.slice(0, 3)]).toEqual([START_MS, START_MS + 1000, START_MS + 2000]);
		expect(r.fixes.lat[2]).toBeCloseTo(sampleAt(2000).lat, 7);
		expect(r.report[0]).toEqual({
			file: "t.csv",
			line: 0,
			kind: "notice",
			reason:
				"2090 linhas sem GPS_Update (posição repetida entre atualizações do GPS) não viraram pontos",
		});
	});

	it("marks laps with the durations of the # Lap comments, end to end", () => {
		const r = importTrackAddict(fixtureBytes("trackaddict/normal.csv"), "t.csv");
		const crossings = crossingsMs(110);
		const durations = r.lapMarksMs.slice(1).map((m, k) => m - r.lapMarksMs[k]!);
		const expected = [crossings[0]!, crossings[1]! - crossings[0]!, crossings[2]! - crossings[1]!];
		expect(durations).toEqual(expected.map((d) => Math.round(d)));
	});

	it("places the marks on average where the comments were written", () => {
		const r = importTrackAddict(fixtureBytes("trackaddict/normal.csv"), "t.csv");
		// The app writes each comment 0.3 s after the crossing: the marks sit within that.
		const crossings = [0, ...crossingsMs(110)].map((t) => START_MS + t);
		expect(r.lapMarksMs).toHaveLength(4);
		for (const [k, m] of r.lapMarksMs.entries())
			expect(Math.abs(m - crossings[k]!)).toBeLessThan(400);
	});

	it("notes the pit-lane markers it does not use", () => {
		const r = importTrackAddict(fixtureBytes("trackaddict/normal.csv"), "t.csv");
		expect(r.report[1]).toMatchObject({
			kind: "notice",
			reason: expect.stringMatching(/marcas de entrada ou saída dos boxes/),
		});
	});

	it("converts Speed (MPH) to km/h and counts time from the session start without UTC Time", () => {
		const r = importTrackAddict(fixtureBytes("trackaddict/mph-no-utc.csv"), "m.csv");
		expect(r.fixes.speedKmh[5]).toBeCloseTo(44.7 * 1.609344, 4);
		expect(r.dateKnown).toBe(false);
		expect(r.fixes.timeMs[1]).toBe(1000);
	});

	it("reports short, unreadable and out-of-range rows and unknown comments", () => {
		const r = importTrackAddict(fixtureBytes("trackaddict/broken.csv"), "b.csv");
		expect(
			r.report.filter((e) => e.line > 0).map((e) => `${e.line} ${e.kind} ${e.reason}`),
		).toEqual([
			"11 rejected linha incompleta: 4 campos, esperados 14",
			'21 rejected UTC Time: esperado número, encontrado "y"',
			"31 rejected posição fora do intervalo ou sem fixo: -95, -46.7",
			'41 notice comentário ignorado: "a comment the importer does not know"',
		]);
		expect(strictlyIncreasing(r.fixes.timeMs)).toBe(true);
	});
});
