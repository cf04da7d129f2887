import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { compareUtf8, decodePageToken, encodePageToken, rollUpKeys, takePage } from "./list-paging";
import { InvalidListOptionsError } from "./object-storage";

describe("compareUtf8", () => {
	it("orders like the UTF-8 bytes", () => {
		fc.assert(
			fc.property(fc.string({ unit: "grapheme" }), fc.string({ unit: "grapheme" }), (a, b) => {
				const expected = Math.sign(Buffer.compare(Buffer.from(a), Buffer.from(b)));
				expect(Math.sign(compareUtf8(a, b))).toBe(expected);
			}),
			{ numRuns: 2000 },
		);
		expect(compareUtf8("\uFFFD", "😀")).toBeLessThan(0);
		expect(compareUtf8("a/", "a0")).toBeLessThan(0);
	});
});

describe("rollUpKeys and takePage", () => {
	it("rolls keys below the delimiter into one prefix each", () => {
		const entries = rollUpKeys(["p/a/1", "p/a/2", "p/b", "q/x", "p/c/d/e"], "p/", "/");
		expect(entries).toEqual([
			{ name: "p/a/", isPrefix: true },
			{ name: "p/b", isPrefix: false },
			{ name: "p/c/", isPrefix: true },
		]);
	});

	it("resumes strictly after the last name, skipping a returned prefix entirely", () => {
		const entries = rollUpKeys(["a/1", "a/2", "b", "c/1"], "", "/");
		const first = takePage(entries, undefined, 1);
		expect(first).toEqual({ page: [{ name: "a/", isPrefix: true }], nextAfter: "a/" });
		const rest = takePage(entries, first.nextAfter, 5);
		expect(rest.page.map((e) => e.name)).toEqual(["b", "c/"]);
		expect(rest.nextAfter).toBeUndefined();
	});
});

describe("page tokens", () => {
	it("round-trip and belong to their listing", () => {
		const token = encodePageToken("1/São Paulo/", "1/", "/");
		expect(decodePageToken(token, "1/", "/")).toBe("1/São Paulo/");
		expect(() => decodePageToken(token, "2/", "/")).toThrow(InvalidListOptionsError);
		expect(() => decodePageToken(token, "1/", undefined)).toThrow(InvalidListOptionsError);
	});

	it.each([
		"",
		"%%%",
		Buffer.from("[1]").toString("base64url"),
		Buffer.from('{"v":2,"after":"x"}').toString("base64url"),
	])("refuses the malformed token %j", (token) => {
		expect(() => decodePageToken(token, "", undefined)).toThrow(InvalidListOptionsError);
	});
});
