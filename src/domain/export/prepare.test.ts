import { describe, expect, it } from "vitest";
import { describeTimeBase, isWritablePoint, parseIsoDate, prepareExport } from "./prepare";
import { lapOf, smallSession } from "./test-fixtures";
import type { ExportSession } from "./types";

const pointAt = (lat: number, lon: number) =>
	lapOf({
		number: 1,
		startMs: 0,
		timeMs: [0],
		lat: [lat],
		lon: [lon],
		speedKmh: [0],
		leanDeg: [0],
	}).channels;

describe("parseIsoDate", () => {
	it("reads a real calendar date as its UTC midnight", () => {
		expect(parseIsoDate("2025-03-01")).toBe(Date.UTC(2025, 2, 1));
		expect(parseIsoDate("2024-02-29")).toBe(Date.UTC(2024, 1, 29));
	});

	it("refuses what is not yyyy-mm-dd, and dates the calendar does not have", () => {
		for (const text of ["", "abc", "2025-3-01", "2025-03-01T00:00:00Z", " 2025-03-01"]) {
			expect(parseIsoDate(text), text).toBeNull();
		}
		// Days and months past the end roll over in Date.UTC; years 0-99 become 1900-1999.
		for (const text of ["2025-02-29", "2025-04-31", "2025-13-01", "2025-00-10", "0050-01-01"]) {
			expect(parseIsoDate(text), text).toBeNull();
		}
	});

	it("refuses a session whose date is not a calendar date, with the date in the reason", () => {
		const result = prepareExport({ ...smallSession(), date: "2025-02-30" });
		expect(result).toEqual({
			ok: false,
			reason: 'data da sessão inválida: "2025-02-30" (use aaaa-mm-dd)',
		});
	});
});

describe("prepareExport", () => {
	it("writes positions from -90 to 90 latitude and -180 to 180 longitude, bounds included", () => {
		const now = Date.UTC(2025, 0, 1);
		for (const [lat, lon] of [
			[-90, 0],
			[90, 0],
			[0, -180],
			[0, 180],
		] as const) {
			expect(isWritablePoint(pointAt(lat, lon), 0, now), `${lat} ${lon}`).toBe(true);
		}
		for (const [lat, lon] of [
			[-90.0001, 0],
			[90.0001, 0],
			[0, -180.0001],
			[0, 180.0001],
			[Number.NaN, 0],
			[0, Number.NaN],
		] as const) {
			expect(isWritablePoint(pointAt(lat, lon), 0, now), `${lat} ${lon}`).toBe(false);
		}
	});

	it("starts the session at its first writable point, past fixes without a position", () => {
		const t0 = Date.UTC(2025, 0, 1, 10);
		const lap = lapOf({
			number: 1,
			startMs: t0,
			timeMs: [0, 100, 200, 300],
			lat: [Number.NaN, 91, -23.5, -23.5001],
			lon: [-46.5, -46.5, -46.5, -46.5],
			speedKmh: [0, 0, 0, 0],
			leanDeg: [0, 0, 0, 0],
		});
		const session: ExportSession = { ...smallSession(), laps: [lap] };
		const result = prepareExport(session);
		if (!result.ok) throw new Error(result.reason);
		expect(result.prepared.originMs).toBe(t0 + 200);
		expect(result.prepared.firstWrittenMs).toBe(t0 + 200);
	});

	it("says in words which day the times were written on", () => {
		const small = smallSession();
		expect(describeTimeBase(small)).toBe("horários em UTC");
		expect(describeTimeBase({ ...small, dateKnown: false })).toBe(
			"horários em UTC; o registro não trazia a data: escritos no dia 2025-03-01 da sessão",
		);
		expect(describeTimeBase({ ...small, dateKnown: false, date: null })).toBe(
			"horários em UTC; data desconhecida: escritos no dia 1970-01-01, a hora do dia é a do registro",
		);
	});
});
