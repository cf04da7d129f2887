import { describe, expect, it } from "vitest";
import { readBearerDeviceKey } from "./device-auth";
import { generateDeviceKey, hashDeviceKey, isWellFormedDeviceKey } from "./device-keys";

describe("device keys", () => {
	it("are lsx_ + 256 random bits in base64url, different each time", () => {
		const keys = new Set(Array.from({ length: 50 }, generateDeviceKey));
		expect(keys.size).toBe(50);
		for (const key of keys) {
			expect(key).toMatch(/^lsx_[A-Za-z0-9_-]{43}$/);
			expect(Buffer.from(key.slice(4), "base64url")).toHaveLength(32);
			expect(isWellFormedDeviceKey(key)).toBe(true);
		}
	});

	it("hash to sha256 hex", () => {
		expect(hashDeviceKey("abc")).toBe(
			"ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad",
		);
		expect(hashDeviceKey("lsx_abc")).toMatch(/^[0-9a-f]{64}$/);
		expect(hashDeviceKey("lsx_abc")).not.toBe(hashDeviceKey("lsx_abd"));
	});

	it("reads only well-formed Bearer headers", () => {
		const key = generateDeviceKey();
		expect(readBearerDeviceKey(`Bearer ${key}`)).toBe(key);
		expect(readBearerDeviceKey(`bearer ${key}`)).toBe(key);
		expect(readBearerDeviceKey(undefined)).toBeNull();
		expect(readBearerDeviceKey(key)).toBeNull();
		expect(readBearerDeviceKey(`Basic ${key}`)).toBeNull();
		expect(readBearerDeviceKey(`Bearer ${key}x`)).toBeNull();
		expect(readBearerDeviceKey(`Bearer ${key} extra`)).toBeNull();
		expect(readBearerDeviceKey("Bearer lsx_short")).toBeNull();
		expect(readBearerDeviceKey(`Bearer ${"a".repeat(500)}`)).toBeNull();
	});
});
