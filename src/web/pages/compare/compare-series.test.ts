import { describe, expect, it } from "vitest";
import { gainBucket, gainColour } from "./compare-map";
import { deltaText, leanText } from "./compare-series";

describe("comparison readout and map colours", () => {
	it("writes the delta signed, three decimals, with its unit", () => {
		expect(deltaText(1_234)).toBe("+1,234 s");
		expect(deltaText(-45)).toBe("−0,045 s");
		expect(deltaText(0.2)).toBe("±0,000 s");
		expect(deltaText(Number.NaN)).toBe("—");
	});

	it("writes the lean with its side and says when it is estimated", () => {
		expect(leanText(41.25, false)).toBe("41,3° D");
		expect(leanText(-38, true)).toBe("38,0° E (est.)");
		expect(leanText(null, false)).toBe("—");
	});

	it("colours gaining green, losing red, even grey, and saturates", () => {
		expect(gainBucket(0)).toBe(3);
		expect(gainBucket(Number.NaN)).toBe(3);
		expect(gainBucket(-10)).toBe(0);
		expect(gainBucket(10)).toBe(6);
		expect(gainBucket(-0.5)).toBeLessThan(3);
		expect(gainBucket(0.5)).toBeGreaterThan(3);
		expect(gainColour(-10)).not.toBe(gainColour(10));
	});
});
