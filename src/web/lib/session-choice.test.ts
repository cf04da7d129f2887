import { describe, expect, it } from "vitest";
import { chooseTrack, datesOfTrack, initialChoice } from "./session-choice";

const tracks = [
	{
		track: "Interlagos",
		dates: [
			{ sessionId: "s2", date: "2025-02-01", folder: "01022025" },
			{ sessionId: "s1", date: "2025-01-31", folder: "31012025" },
		],
	},
	{ track: "Velopark", dates: [{ sessionId: "s3", date: "2024-12-10", folder: "10122024" }] },
];

describe("session choice", () => {
	it("sorts dates by calendar date, not folder text", () => {
		expect(datesOfTrack(tracks, "Interlagos").map((d) => d.sessionId)).toEqual(["s1", "s2"]);
		expect(datesOfTrack(tracks, "Nenhuma")).toEqual([]);
	});

	it("preselects the first track and its first date", () => {
		expect(initialChoice(tracks)).toEqual({ track: "Interlagos", sessionId: "s1" });
		expect(initialChoice([])).toEqual({ track: null, sessionId: null });
	});

	it("preselects the first date when the track changes", () => {
		expect(chooseTrack(tracks, "Velopark")).toEqual({ track: "Velopark", sessionId: "s3" });
	});
});
