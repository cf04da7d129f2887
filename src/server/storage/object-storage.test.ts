import { describe, expect, it } from "vitest";
import { INVALID_KEYS } from "../test/storage-contract";
import {
	assertValidListPrefix,
	assertValidObjectKey,
	InvalidListOptionsError,
	InvalidObjectKeyError,
	normaliseSha256Hex,
	resolveMaxResults,
} from "./object-storage";

describe("assertValidObjectKey", () => {
	it.each([
		"lap.six",
		"1/Interlagos Sul/01022024/lap.six",
		"A7F3/Autódromo 🏁/x",
		".hidden/..dots/x.",
		"x".repeat(1024),
		"ã".repeat(512),
	])("accepts %j", (key) => {
		expect(() => assertValidObjectKey(key)).not.toThrow();
	});

	it.each([
		...INVALID_KEYS,
		"x".repeat(1025),
		"ã".repeat(513),
		"a/\u007f",
		"a\u0085b",
		"a\ud800b",
		"\udc00",
		"./a",
		"..",
		".",
		"a/b/",
	])("refuses %j", (key) => {
		expect(() => assertValidObjectKey(key)).toThrow(InvalidObjectKeyError);
	});

	it("says why, without echoing a huge key", () => {
		expect(() => assertValidObjectKey("a//b")).toThrow("has an empty segment");
		expect(() => assertValidObjectKey("y".repeat(5000))).toThrow(
			/^invalid object key "y{80}": is longer/,
		);
	});
});

describe("assertValidListPrefix", () => {
	it.each(["", "a", "a/", "1/Interlagos Sul/0", "a/.", "a/.."])("accepts %j", (prefix) => {
		expect(() => assertValidListPrefix(prefix)).not.toThrow();
	});
	it.each(["/", "/a", "../", "a//", "a/./", "a\\", "a\u0000"])("refuses %j", (prefix) => {
		expect(() => assertValidListPrefix(prefix)).toThrow(InvalidObjectKeyError);
	});
});

describe("resolveMaxResults and normaliseSha256Hex", () => {
	it("bounds maxResults to 1..1000", () => {
		expect(resolveMaxResults(undefined)).toBe(1000);
		expect(resolveMaxResults(1)).toBe(1);
		for (const bad of [0, -1, 1001, 1.5, Number.NaN]) {
			expect(() => resolveMaxResults(bad)).toThrow(InvalidListOptionsError);
		}
	});

	it("lower-cases a hex sha256 and refuses anything else", () => {
		expect(normaliseSha256Hex("AB".repeat(32))).toBe("ab".repeat(32));
		expect(normaliseSha256Hex(undefined)).toBeUndefined();
		expect(() => normaliseSha256Hex("xyz")).toThrow(TypeError);
	});
});
