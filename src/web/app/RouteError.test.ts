import { describe, expect, it } from "vitest";
import { isChunkLoadError } from "./RouteError";

describe("isChunkLoadError", () => {
	it("recognises a screen whose code or CSS vanished after a deploy", () => {
		expect(
			isChunkLoadError(new TypeError("Failed to fetch dynamically imported module: /assets/x.js")),
		).toBe(true);
		expect(isChunkLoadError(new Error("Unable to preload CSS for /assets/LoginPage-1.css"))).toBe(
			true,
		);
		expect(isChunkLoadError(new Error("Cannot read properties of undefined"))).toBe(false);
	});
});
