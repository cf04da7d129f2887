import { describe, expect, it } from "vitest";
import {
	datesOfTrack,
	mostRecentOfTrack,
	mostRecentSession,
	resolveSession,
	sessionsNewestFirst,
} from "./session-choice";

const tracks = [
	{
		track: "Interlagos",
		dates: [
			{ sessionId: "s2", date: "2025-02-01", folder: "01022025" },
			{ sessionId: "s1", date: "2025-01-31", folder: "31012025" },
		],
	},
	{
		track: "Velopark",
		dates: [
			{ sessionId: "s3", date: "2024-12-10", folder: "10122024" },
			{ sessionId: "s4", date: "2025-02-01", folder: "01022025" },
		],
	},
];

describe("session choice", () => {
	it("sorts dates by calendar date, not folder text", () => {
		expect(datesOfTrack(tracks, "Interlagos").map((d) => d.sessionId)).toEqual(["s1", "s2"]);
		expect(datesOfTrack(tracks, "Nenhuma")).toEqual([]);
	});

	it("lists sessions newest first; the same day keeps the tree's track order", () => {
		expect(sessionsNewestFirst(tracks).map((e) => e.date.sessionId)).toEqual([
			"s2",
			"s4",
			"s1",
			"s3",
		]);
		expect(mostRecentSession(tracks)?.date.sessionId).toBe("s2");
		expect(mostRecentSession([])).toBeNull();
	});

	it("preselects a track's most recent date", () => {
		expect(mostRecentOfTrack(tracks, "Velopark")?.date.sessionId).toBe("s4");
		expect(mostRecentOfTrack(tracks, "Nenhuma")).toBeNull();
	});

	it("resolves the address: a named session, the most recent, or what is missing", () => {
		expect(resolveSession(tracks, { track: "Velopark", date: "2024-12-10" })).toMatchObject({
			kind: "session",
			chosen: true,
			entry: { track: "Velopark", date: { sessionId: "s3" } },
		});
		expect(resolveSession(tracks, { track: null, date: null })).toMatchObject({
			kind: "session",
			chosen: false,
			entry: { date: { sessionId: "s2" } },
		});
		expect(resolveSession(tracks, { track: "Velopark", date: null })).toMatchObject({
			kind: "session",
			entry: { date: { sessionId: "s4" } },
		});
		expect(resolveSession(tracks, { track: "Velopark", date: "2020-01-01" })).toEqual({
			kind: "missing",
			track: "Velopark",
			date: "2020-01-01",
		});
		expect(resolveSession([], { track: null, date: null })).toEqual({ kind: "none" });
	});
});
