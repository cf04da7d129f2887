import { describe, expect, it } from "vitest";
import {
	BAND_HYSTERESIS_KMH,
	bandLabel,
	bandOf,
	nextBand,
	speedBandsOf,
	UNKNOWN_BAND,
} from "./speed-bands";
import { lapOf } from "./test-fixtures";

const lapWithSpeeds = (speedKmh: number[]) =>
	lapOf({
		number: 1,
		startMs: 0,
		timeMs: speedKmh.map((_, i) => i * 100),
		lat: speedKmh.map(() => 0),
		lon: speedKmh.map(() => 0),
		speedKmh,
		leanDeg: speedKmh.map(() => 0),
	});

describe("speed bands", () => {
	it("cover the session's speeds with round limits", () => {
		const bands = speedBandsOf([lapWithSpeeds([62, 118, 245, Number.NaN, 171])]);
		expect(bands.map((b) => b.fromKmh)).toEqual([50, 100, 150, 200]);
		expect(bands.at(-1)!.toKmh).toBe(Number.POSITIVE_INFINITY);
		expect(bandLabel(bands[0])).toBe("50–100 km/h");
		expect(bandLabel(bands[3])).toBe("200 km/h ou mais");
		expect(bandOf(bands, 99.9)).toBe(0);
		expect(bandOf(bands, 100)).toBe(1);
		expect(bandOf(bands, 400)).toBe(3);
		expect(bandOf(bands, 10)).toBe(0);
		expect(bandOf(bands, Number.NaN)).toBe(UNKNOWN_BAND);
		expect(speedBandsOf([lapWithSpeeds([Number.NaN])])).toEqual([]);
		expect(speedBandsOf([lapWithSpeeds([30, 30])])).toHaveLength(1);
	});

	it("keep a path in its band until the speed is clearly past the limit", () => {
		const bands = speedBandsOf([lapWithSpeeds([0, 300])]);
		const edge = bands[1]!.fromKmh;
		expect(nextBand(bands, 0, edge + BAND_HYSTERESIS_KMH / 2)).toBe(0);
		expect(nextBand(bands, 0, edge + BAND_HYSTERESIS_KMH)).toBe(1);
		expect(nextBand(bands, 1, edge - BAND_HYSTERESIS_KMH / 2)).toBe(1);
		expect(nextBand(bands, 1, edge - BAND_HYSTERESIS_KMH - 0.1)).toBe(0);
		// Exactly the hysteresis past a limit leaves the band, up as down.
		expect(nextBand(bands, 1, edge - BAND_HYSTERESIS_KMH)).toBe(0);
		expect(nextBand(bands, 0, edge + BAND_HYSTERESIS_KMH)).toBe(1);
		expect(nextBand(bands, 1, Number.NaN)).toBe(UNKNOWN_BAND);
		expect(nextBand(bands, UNKNOWN_BAND, edge + 0.1)).toBe(1);
	});
	it("take the finest round width that makes at most six bands", () => {
		// 0..30 km/h is exactly six 5 km/h widths.
		expect(speedBandsOf([lapWithSpeeds([0, 30])]).map((b) => b.fromKmh)).toEqual([
			0, 5, 10, 15, 20, 25, 30,
		]);
		// Past 600 km/h of span: the widest step, at most eight bands.
		const wide = speedBandsOf([lapWithSpeeds([0, 1000])]);
		expect(wide.map((b) => b.fromKmh)).toEqual([0, 100, 200, 300, 400, 500, 600, 700]);
	});

	it("have no band for any speed when there are no bands", () => {
		expect(bandOf([], 50)).toBe(UNKNOWN_BAND);
		expect(nextBand([], UNKNOWN_BAND, 50)).toBe(UNKNOWN_BAND);
	});
});
