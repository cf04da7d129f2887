import { describe, expect, it } from "vitest";
import { readSelection, sameSelection, selectionHref, withSelection } from "./selection-url";

describe("selection in the address", () => {
	it("reads track, ISO date and lap; anything malformed reads as absent", () => {
		expect(readSelection(new URLSearchParams("track=Granja+Viana&date=2025-04-20&lap=7"))).toEqual({
			track: "Granja Viana",
			date: "2025-04-20",
			lap: 7,
		});
		expect(readSelection(new URLSearchParams("track=%20&date=20042025&lap=0"))).toEqual({
			track: null,
			date: null,
			lap: null,
		});
		expect(readSelection(new URLSearchParams("lap=-3")).lap).toBeNull();
		expect(readSelection(new URLSearchParams("lap=2.5")).lap).toBeNull();
	});

	it("writes the selection and keeps the parameters it does not own", () => {
		const params = new URLSearchParams("cmp=4&ref=2&track=Old");
		const next = withSelection(params, { track: "Interlagos", date: "2025-03-15", lap: null });
		expect(next.get("track")).toBe("Interlagos");
		expect(next.get("date")).toBe("2025-03-15");
		expect(next.has("lap")).toBe(false);
		expect(next.get("cmp")).toBe("4");
		expect(next.get("ref")).toBe("2");
		// The input is left as it was.
		expect(params.get("track")).toBe("Old");
	});

	it("round-trips through a link", () => {
		const selection = { track: "Velocittà & Cia", date: "2025-05-03", lap: 12 };
		const href = selectionHref("/analytics", selection);
		expect(href.startsWith("/analytics?")).toBe(true);
		const read = readSelection(new URL(href, "http://x").searchParams);
		expect(sameSelection(read, selection)).toBe(true);
		expect(selectionHref("/laps", { track: null, date: null, lap: null })).toBe("/laps");
	});
});
