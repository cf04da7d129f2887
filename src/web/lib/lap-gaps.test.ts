import { describe, expect, it } from "vitest";
import { formatGap, gapReferenceOf, lapGapMs, sectorGapMs } from "./lap-gaps";

const best = {
	number: 4,
	timeMs: 100_244,
	sectors: [
		{ number: 1, timeMs: 24_956 },
		{ number: 2, timeMs: 16_094 },
	],
};

describe("gaps of the lap table", () => {
	it("measures a lap and its sectors against the reference", () => {
		const ref = gapReferenceOf(best, "melhor volta", true);
		expect(ref.lap).toBe(4);
		expect(lapGapMs({ timeMs: 102_468 }, ref)).toBe(2_224);
		expect(sectorGapMs({ number: 1, timeMs: 25_168 }, ref)).toBe(212);
		expect(sectorGapMs({ number: 2, timeMs: 16_000 }, ref)).toBe(-94);
		expect(sectorGapMs({ number: 3, timeMs: 36_041 }, ref)).toBeNull();
		expect(gapReferenceOf(best, "outra sessão", false).lap).toBeNull();
	});

	it("writes the sign and three decimals", () => {
		expect(formatGap(2_224)).toBe("+2,224");
		expect(formatGap(-94)).toBe("−0,094");
		expect(formatGap(0)).toBe("±0,000");
		expect(formatGap(null)).toBe("—");
	});
});
