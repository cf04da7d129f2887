/**
 * The small session's files, kept in `fixtures/export/` so a change of output shows in review.
 * `npx vitest run src/domain/export/golden.test.ts -u` rewrites them after a deliberate change.
 */
import { describe, expect, it } from "vitest";
import { exportToString } from "./export-session";
import { smallSession } from "./test-fixtures";
import { EXPORT_FORMAT_NAMES } from "./types";

const goldens = import.meta.glob<string>("../../../fixtures/export/*", {
	query: "?raw",
	import: "default",
	eager: true,
});

describe("golden files", () => {
	it.each(EXPORT_FORMAT_NAMES)("small-session.%s is what the exporter writes", async (format) => {
		const text = exportToString(smallSession(), format);
		await expect(text).toMatchFileSnapshot(`../../../fixtures/export/small-session.${format}`);
		// Byte for byte (line ends included), as read from the repository.
		const golden = goldens[`../../../fixtures/export/small-session.${format}`];
		if (golden !== undefined) expect(text).toBe(golden);
	});
});
