import { describe, expect, it } from "vitest";
import { EXPORT_FORMAT_NAMES } from "../../domain/export/types";
import { EXPORT_CHOICES, exportHref } from "./export-choices";

describe("export choices", () => {
	it("offers every format the server writes, each with a line saying what opens it", () => {
		expect(EXPORT_CHOICES.map((c) => c.format)).toEqual([...EXPORT_FORMAT_NAMES]);
		for (const choice of EXPORT_CHOICES) expect(choice.use.length).toBeGreaterThan(10);
	});

	it("links the whole session or one lap, for a session or a share link", () => {
		expect(exportHref({ sessionId: "abc" }, "gpx", null)).toBe(
			"/api/sessions/abc/export?format=gpx",
		);
		expect(exportHref({ sessionId: "abc" }, "vbo", 3)).toBe(
			"/api/sessions/abc/export?format=vbo&lap=3",
		);
		expect(exportHref({ shareToken: "t/k" }, "csv", 2)).toBe(
			"/api/shared/t%2Fk/export?format=csv&lap=2",
		);
	});
});
