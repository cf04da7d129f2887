import { describe, expect, it } from "vitest";
import { needsEnrollment } from "./enrollment";

describe("needsEnrollment", () => {
	it.each([
		["a rider without Wi-Fi", { isAdmin: false, isSeller: false, wifiSsid: "" }, true],
		["a rider with Wi-Fi", { isAdmin: false, isSeller: false, wifiSsid: "pista" }, false],
		["a seller without Wi-Fi", { isAdmin: false, isSeller: true, wifiSsid: "" }, false],
		["an admin without Wi-Fi", { isAdmin: true, isSeller: false, wifiSsid: "" }, false],
	])("%s: %s", (_name, user, expected) => {
		expect(needsEnrollment(user)).toBe(expected);
	});
});
