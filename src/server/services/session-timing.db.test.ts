import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { decodeChannelsBody } from "../../shared/api/channels";
import { createTestContext, type SignedIn, type TestContext } from "../test/harness";
import { createHardware, fileInput, simulatedFiles } from "../test/ingest-test-support";

/**
 * Tracks and re-timing: a logger session's track gains the line its lap counter implies; the
 * laps can be re-timed with it or a line placed by hand, and go back to the logger's.
 */
describe("tracks and re-timing", () => {
	let ctx: TestContext;
	let rider: SignedIn;
	let seller: SignedIn;
	let admin: SignedIn;
	let sessionId = "";
	const files = simulatedFiles(71, 4);
	const key = { hardwareId: "HW-TIME", track: "Interlagos", date: "07042025" };
	/** GPS period of the simulated logger (10 Hz). */
	const PERIOD_MS = 100;

	beforeAll(async () => {
		ctx = await createTestContext();
		const sellerRow = await ctx.createUser({ is_seller: true, wifi_ssid: "s" });
		const riderRow = await ctx.createUser({ seller_id: sellerRow.id, wifi_ssid: "p" });
		const adminRow = await ctx.createUser({ is_admin: true, wifi_ssid: "a" });
		await createHardware(ctx.db, key.hardwareId, riderRow.id);
		await ctx.app.ingest.acceptFile(fileInput(key, "lap.six", files.lapSix));
		sessionId = (await ctx.app.ingest.acceptFile(fileInput(key, "gps.six", files.gpsSix))).session
			.id;
		rider = await ctx.signIn(riderRow.id);
		seller = await ctx.signIn(sellerRow.id);
		admin = await ctx.signIn(adminRow.id);
	}, 180_000);
	afterAll(async () => {
		await ctx?.close();
	});

	const detail = async (as: SignedIn) => {
		const res = await ctx.request(as, { url: `/api/sessions/${sessionId}` });
		expect(res.statusCode).toBe(200);
		return res.json();
	};
	const retime = (as: SignedIn, body: object) =>
		ctx.request(as, { method: "POST", url: `/api/sessions/${sessionId}/timing`, payload: body });

	it("gives the folder's track the start/finish line of the logger's lap counter", async () => {
		const res = await ctx.request(admin, { url: "/api/admin/tracks" });
		expect(res.statusCode).toBe(200);
		const [track] = res.json().tracks;
		expect(track).toMatchObject({
			name: "Interlagos",
			linesSource: "lap_counter",
			sessionCount: 1,
		});
		expect(track.startFinish.a.lat).toBeCloseTo(-23.7, 1);
		const session = await detail(rider);
		expect(session.session.trackId).toBe(track.id);
		expect(session.session.source).toEqual({ format: "six", device: null, fileName: null });
		expect(session.session.leanEstimated).toBe(false);
		expect(session.timing).toEqual({
			shown: "logger",
			lines: null,
			loggerAvailable: true,
			trackHasLine: true,
		});
	});

	it("re-times with the track's line within one GPS period of the logger, and back", async () => {
		const logger = (await detail(rider)).laps.map((l: { timeMs: number }) => l.timeMs);
		const ignoredLines = async () =>
			(await ctx.request(rider, { url: "/api/sessions/tree" })).json().tracks[0].dates[0]
				.ignoredLines;
		const ignoredBefore = await ignoredLines();
		// The simulated logger writes a few broken lines.
		expect(ignoredBefore.gpsSix).toBeGreaterThan(0);
		const res = await retime(seller, { timing: "track" });
		expect(res.statusCode).toBe(200);
		const body = res.json();
		expect(body.timing.shown).toBe("line");
		expect(body.timing.lines.startFinish).toBeDefined();
		// The line's laps are the crossings between the logger's: as many laps, each within a
		// GPS period of the logger's time for it.
		const byLine = body.laps.map((l: { timeMs: number }) => l.timeMs);
		expect(byLine.length).toBe(logger.length);
		const offset = logger.length - byLine.length;
		byLine.forEach((t: number, k: number) => {
			expect(Math.abs(t - logger[k + offset])).toBeLessThanOrEqual(PERIOD_MS);
		});
		const shown = await detail(rider);
		expect(shown.timing.shown).toBe("line");
		// Timing's notices (the stretch before the first crossing) are not lines left unread.
		expect(shown.report.some((e: { kind: string }) => e.kind === "notice")).toBe(true);
		expect(await ignoredLines()).toEqual(ignoredBefore);
		expect(shown.laps.map((l: { timeMs: number }) => l.timeMs)).toEqual(byLine);
		const channels = await ctx.request(rider, { url: `/api/sessions/${sessionId}/channels` });
		const decoded = decodeChannelsBody(channels.rawPayload);
		expect(decoded.timing).toBe("lines");
		// A lap timed from crossings spans exactly its lap time.
		for (const lap of decoded.laps) {
			expect(lap.channels!.timeMs[lap.channels!.length - 1]).toBe(lap.timeMs);
		}

		const back = await retime(rider, { timing: "logger" });
		expect(back.statusCode).toBe(200);
		expect(back.json().timing.shown).toBe("logger");
		expect(back.json().laps.map((l: { timeMs: number }) => l.timeMs)).toEqual(logger);
		expect((await detail(rider)).timing.lines).toBeNull();
	});

	it("re-times with a line placed by hand, and refuses one the path never crosses", async () => {
		const track = (await ctx.request(admin, { url: "/api/admin/tracks" })).json().tracks[0];
		const before = (await detail(rider)).laps;
		const placed = await retime(rider, {
			timing: "line",
			startFinish: track.startFinish,
			directionDeg: null,
			sectors: [],
		});
		expect(placed.statusCode).toBe(200);
		expect(placed.json().timing.lines.startFinish).toEqual(track.startFinish);
		const away = await retime(rider, {
			timing: "line",
			startFinish: { a: { lat: -22.9, lon: -43.2 }, b: { lat: -22.9001, lon: -43.2 } },
		});
		expect(away.statusCode).toBe(400);
		expect(away.json().error).toBe("no_laps_with_line");
		// The laps shown stay as they were.
		expect((await detail(rider)).laps.map((l: { timeMs: number }) => l.timeMs)).toEqual(
			placed.json().laps.map((l: { timeMs: number }) => l.timeMs),
		);
		expect(before.length).toBeGreaterThan(0);
		const degenerate = await retime(rider, {
			timing: "line",
			startFinish: { a: { lat: -22.9, lon: -43.2 }, b: { lat: -22.9, lon: -43.2 } },
		});
		expect(degenerate.statusCode).toBe(400);
		await retime(rider, { timing: "logger" });
	});

	it("writes each re-timing to the audit log", async () => {
		const res = await ctx.request(admin, { url: "/api/admin/audit?limit=50" });
		const entries = res
			.json()
			.entries.filter((e: { action: string }) => e.action === "session.retime");
		expect(entries.length).toBeGreaterThanOrEqual(3);
		expect(entries[0].targetId).toBe(sessionId);
	});

	it("lets admins create and edit tracks; names are unique; a logger never replaces their lines", async () => {
		const line = { a: { lat: -23.5, lon: -46.6 }, b: { lat: -23.5001, lon: -46.6 } };
		const created = await ctx.request(admin, {
			method: "POST",
			url: "/api/admin/tracks",
			payload: { name: "Granja Viana", startFinish: line, directionDeg: 90, lengthM: 1100 },
		});
		expect(created.statusCode).toBe(201);
		const track = created.json().track;
		expect(track).toMatchObject({ linesSource: "admin", directionDeg: 90, sessionCount: 0 });
		const again = await ctx.request(admin, {
			method: "POST",
			url: "/api/admin/tracks",
			payload: { name: "Granja Viana" },
		});
		expect(again.statusCode).toBe(409);
		const edited = await ctx.request(admin, {
			method: "PATCH",
			url: `/api/admin/tracks/${track.id}`,
			payload: { sectors: [line], lengthM: 1200 },
		});
		expect(edited.statusCode).toBe(200);
		expect(edited.json().track).toMatchObject({ lengthM: 1200, sectors: [line] });
		const tooMany = await ctx.request(admin, {
			method: "PATCH",
			url: `/api/admin/tracks/${track.id}`,
			payload: { sectors: [line, line, line, line] },
		});
		expect(tooMany.statusCode).toBe(400);

		// A logger session recorded at "Granja Viana" keeps the admin's line.
		await createHardware(ctx.db, "HW-GV", null);
		const gv = { hardwareId: "HW-GV", track: "Granja Viana", date: "08042025" };
		await ctx.app.ingest.acceptFile(fileInput(gv, "lap.six", files.lapSix));
		await ctx.app.ingest.acceptFile(fileInput(gv, "gps.six", files.gpsSix));
		const listed = (await ctx.request(admin, { url: "/api/admin/tracks" })).json().tracks;
		const granja = listed.find((t: { name: string }) => t.name === "Granja Viana");
		expect(granja).toMatchObject({ linesSource: "admin", startFinish: line, sessionCount: 1 });
	});

	it("shows the logger's laps again when the logger sends new files", async () => {
		expect((await retime(rider, { timing: "track" })).statusCode).toBe(200);
		const more = simulatedFiles(72, 4);
		await ctx.app.ingest.acceptFile(fileInput(key, "lap.six", more.lapSix));
		await ctx.app.ingest.acceptFile(fileInput(key, "gps.six", more.gpsSix));
		const session = await detail(rider);
		expect(session.timing.shown).toBe("logger");
		expect(session.laps).toHaveLength(4);
	});
});
