import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { TrackLines } from "../../domain/recording/types";
import { AppError } from "../errors";
import { findSessionSource } from "../repositories/session-timing-repository";
import { userActor } from "../test/actors";
import { createTestContext, type SignedIn, type TestContext } from "../test/harness";
import { createHardware, fileInput, simulatedFiles } from "../test/ingest-test-support";
import { createSessionExportService, storedExportSession } from "./session-export-service";

const sector = (number: 1 | 2 | 3 | 4, timeMs: number) => ({
	number,
	timeMs,
	display: `${timeMs / 1000}`,
	distanceM: 100,
	improved: false,
});

/**
 * A stored session as the exporters get it (its laps with a path, their sectors, its lines),
 * and the refusals of an export, for its rider and under a share link.
 */
describe("exporting a stored session", () => {
	let ctx: TestContext;
	let rider: SignedIn;
	let riderId = "";
	/** A logger session with every file, shown with the logger's laps. */
	let fullId = "";
	/** A logger session with a lap file and no GPS: laps without a path. */
	let lapOnlyId = "";
	/** A logger session shown with a line placed by hand. */
	let placedId = "";
	let trackLines: TrackLines;
	const files = simulatedFiles(91, 3);
	const at = (date: string) => ({ hardwareId: "HW-EXP", track: "Kartódromo Sul", date });
	const absent = "00000000-0000-4000-8000-000000000000";

	beforeAll(async () => {
		ctx = await createTestContext();
		const riderRow = await ctx.createUser({ wifi_ssid: "p" });
		riderId = riderRow.id;
		rider = await ctx.signIn(riderRow.id);
		await createHardware(ctx.db, "HW-EXP", riderRow.id);
		const ingest = ctx.app.ingest;
		await ingest.acceptFile(fileInput(at("07042025"), "lap.six", files.lapSix));
		fullId = (await ingest.acceptFile(fileInput(at("07042025"), "gps.six", files.gpsSix))).session
			.id;
		lapOnlyId = (await ingest.acceptFile(fileInput(at("08042025"), "lap.six", files.lapSix)))
			.session.id;
		await ingest.acceptFile(fileInput(at("09042025"), "lap.six", files.lapSix));
		placedId = (await ingest.acceptFile(fileInput(at("09042025"), "gps.six", files.gpsSix))).session
			.id;
		const track = await ctx.db
			.selectFrom("tracks")
			.selectAll()
			.where("name", "=", "Kartódromo Sul")
			.executeTakeFirstOrThrow();
		trackLines = {
			startFinish: track.start_finish as TrackLines["startFinish"],
			sectors: track.sectors as TrackLines["sectors"],
			directionDeg: track.direction_deg,
		};
	}, 180_000);
	afterAll(async () => {
		await ctx?.close();
	});

	const exported = async (id: string) =>
		storedExportSession(ctx.db, (await findSessionSource(ctx.db, id))!);
	const service = () => createSessionExportService(ctx.db, { sessionIdOf: async () => absent });
	const refusal = (promise: Promise<unknown>) =>
		promise.then(
			() => null,
			(error: unknown) => {
				expect(error).toBeInstanceOf(AppError);
				const e = error as AppError;
				return { status: e.statusCode, code: e.code, message: e.message };
			},
		);

	it("gives the exporters the session's laps with their sectors, date and the track's lines", async () => {
		const laps = await ctx.db
			.selectFrom("laps")
			.select(["lap_number", "time_ms"])
			.where("session_id", "=", fullId)
			.orderBy("lap_number")
			.execute();
		expect(laps.length).toBeGreaterThanOrEqual(3);
		const [first, second, third] = laps;
		// Sectors as stored, one lap missing its first and third sector, another with none.
		const setSectors = (lap: number, sectors: object[]) =>
			ctx.db
				.updateTable("laps")
				.set({ sectors: JSON.stringify(sectors) })
				.where("session_id", "=", fullId)
				.where("lap_number", "=", lap)
				.execute();
		await setSectors(first!.lap_number, [sector(1, 30_000), sector(2, 31_000), sector(3, 32_000)]);
		await setSectors(second!.lap_number, [sector(2, 40_000), sector(4, 41_000)]);
		await setSectors(third!.lap_number, []);

		const session = await exported(fullId);
		expect(session).toMatchObject({
			trackName: "Kartódromo Sul",
			date: "2025-04-07",
			dateKnown: false,
			source: { format: "six", device: null },
			lines: trackLines,
		});
		expect(trackLines.startFinish).toBeDefined();
		expect(session.laps.map((l) => ({ number: l.number, timeMs: l.timeMs }))).toEqual(
			laps.map((l) => ({ number: l.lap_number, timeMs: l.time_ms })),
		);
		expect(session.laps[0]!.sectorsMs).toEqual([30_000, 31_000, 32_000]);
		expect(session.laps[1]!.sectorsMs).toEqual([null, 40_000, null, 41_000]);
		expect(session.laps[2]!.sectorsMs).toEqual([]);
		for (const lap of session.laps) expect(lap.channels.length).toBeGreaterThan(0);
	});

	it("gives the lines the laps were timed with, not the track's", async () => {
		const placed: TrackLines = {
			startFinish: trackLines.startFinish,
			sectors: [],
			directionDeg: null,
		};
		const res = await ctx.request(rider, {
			method: "POST",
			url: `/api/sessions/${placedId}/timing`,
			payload: { timing: "line", ...placed },
		});
		expect(res.statusCode).toBe(200);
		expect(placed).not.toEqual(trackLines);
		expect((await exported(placedId)).lines).toEqual(placed);
	});

	it("gives no lines for a session on no known track", async () => {
		await ctx.db
			.updateTable("sessions")
			.set({ track_id: null })
			.where("id", "=", lapOnlyId)
			.execute();
		expect((await exported(lapOnlyId)).lines).toBeNull();
	});

	it("leaves out laps without a path, and refuses a session with none", async () => {
		expect((await exported(lapOnlyId)).laps).toEqual([]);
		const res = await ctx.request(rider, { url: `/api/sessions/${lapOnlyId}/export?format=gpx` });
		expect(res.statusCode).toBe(400);
		expect(res.json()).toEqual({
			error: "nothing_to_export",
			message: "A sessão não tem voltas com trajeto para exportar.",
		});
	});

	it("answers 404 for a session that does not exist, to an admin too", async () => {
		const res = await ctx.request(rider, { url: `/api/sessions/${absent}/export?format=gpx` });
		expect(res.statusCode).toBe(404);
		expect(res.json()).toEqual({ error: "session_not_found", message: "Sessão não encontrada." });
		const admin = await ctx.signIn((await ctx.createUser({ is_admin: true })).id);
		const asAdmin = await ctx.request(admin, { url: `/api/sessions/${absent}/export?format=gpx` });
		expect(asAdmin.statusCode).toBe(404);
		expect(asAdmin.json()).toEqual({
			error: "session_not_found",
			message: "Sessão não encontrada.",
		});
		expect(await refusal(service().exportShared("token", "gpx"))).toEqual({
			status: 404,
			code: "session_not_found",
			message: "Sessão não encontrada.",
		});
	});

	it("refuses a format the exporters do not know with their reason", async () => {
		const actor = userActor({ id: riderId });
		const unknown = "xls" as unknown as "gpx";
		expect(await refusal(service().exportForActor(actor, fullId, unknown))).toEqual({
			status: 400,
			code: "export_failed",
			message: "formato de exportação desconhecido: xls",
		});
	});

	it("exports the session a share link opens", async () => {
		const share = await ctx.request(rider, {
			method: "POST",
			url: `/api/sessions/${fullId}/shares`,
			payload: {},
		});
		expect(share.statusCode).toBe(201);
		const url: string = share.json().url;
		const token = url.slice(url.lastIndexOf("/") + 1);
		const res = await ctx.request(null, { url: `/api/shared/${token}/export?format=csv&lap=2` });
		expect(res.statusCode).toBe(200);
		expect(res.headers["content-type"]).toBe("text/csv; charset=utf-8");
		expect(res.headers["content-disposition"]).toContain(
			'filename="lapsix_kartodromo-sul_2025-04-07_volta-2.csv"',
		);
		const rows = res.body.trim().split("\r\n");
		expect(rows.length).toBeGreaterThan(1);
		const volta = rows[0]!.split(",").indexOf("volta");
		for (const row of rows.slice(1)) expect(row.split(",")[volta]).toBe("2");
		const noLap = await ctx.request(null, { url: `/api/shared/${token}/export?format=csv&lap=99` });
		expect(noLap.statusCode).toBe(400);
		expect(noLap.json().error).toBe("lap_not_found");
	});
});
