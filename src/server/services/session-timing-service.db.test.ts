import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { TrackLines } from "../../domain/recording/types";
import { AppError } from "../errors";
import { findSessionSource } from "../repositories/session-timing-repository";
import type { ObjectStorage } from "../storage/object-storage";
import { userActor } from "../test/actors";
import { createTestContext, type SignedIn, type TestContext } from "../test/harness";
import { createHardware, fileInput, simulatedFiles } from "../test/ingest-test-support";
import { deriveSessionVersion } from "../timing/derive-version";
import { loadSessionRecording } from "../timing/session-recording";
import { createSessionTimingService } from "./session-timing-service";

/** A small GPX of its own: a few fixes on a straight road, with a date. */
function gpxFile(points: number): string {
	const t0 = Date.parse("2025-03-09T14:00:00Z");
	const rows = Array.from({ length: points }, (_, i) => {
		const time = new Date(t0 + i * 1000).toISOString();
		return `<trkpt lat="${(-23.5 + i * 1e-4).toFixed(7)}" lon="-46.6"><time>${time}</time></trkpt>`;
	});
	return `<?xml version="1.0"?><gpx version="1.1" creator="teste" xmlns="http://www.topografix.com/GPX/1/1"><trk><name>Estrada</name><trkseg>${rows.join("")}</trkseg></trk></gpx>`;
}

/** A line far from Interlagos: the simulated path never crosses it. */
const AWAY = { a: { lat: -22.9, lon: -43.2 }, b: { lat: -22.9001, lon: -43.2 } };

/**
 * Re-timing's refusals and what a re-timing leaves behind: the session's laps and timing, its
 * version, the reply and the audit log.
 */
describe("re-timing a session", () => {
	let ctx: TestContext;
	let rider: SignedIn;
	let riderId = "";
	/** A logger session with every lap, and more unreadable GPS lines than a report shows. */
	let fullId = "";
	/** A logger session with GPS and no lap file: the logger timed no lap. */
	let gpsOnlyId = "";
	/** A logger session whose track is not known. */
	let noTrackId = "";
	/** A GPX the rider imported. */
	let importedId = "";
	let trackLines: TrackLines;
	const files = simulatedFiles(73, 3);
	const brokenLines = Array.from({ length: 30 }, (_, i) => `linha quebrada ${i}`).join("\n");
	const at = (date: string) => ({ hardwareId: "HW-RETIME", track: "Interlagos", date });

	beforeAll(async () => {
		ctx = await createTestContext();
		const riderRow = await ctx.createUser({ wifi_ssid: "p" });
		riderId = riderRow.id;
		rider = await ctx.signIn(riderRow.id);
		await createHardware(ctx.db, "HW-RETIME", riderRow.id);
		const ingest = ctx.app.ingest;
		await ingest.acceptFile(fileInput(at("07042025"), "lap.six", files.lapSix));
		fullId = (
			await ingest.acceptFile(
				fileInput(at("07042025"), "gps.six", `${files.gpsSix.trimEnd()}\n${brokenLines}\n`),
			)
		).session.id;
		gpsOnlyId = (await ingest.acceptFile(fileInput(at("08042025"), "gps.six", files.gpsSix)))
			.session.id;
		await ingest.acceptFile(fileInput(at("09042025"), "lap.six", files.lapSix));
		noTrackId = (await ingest.acceptFile(fileInput(at("09042025"), "gps.six", files.gpsSix)))
			.session.id;
		await ctx.db
			.updateTable("sessions")
			.set({ track_id: null })
			.where("id", "=", noTrackId)
			.execute();
		const imported = await ctx.request(rider, {
			method: "POST",
			url: "/api/sessions/import?name=estrada.gpx",
			headers: { "content-type": "application/octet-stream" },
			payload: Buffer.from(gpxFile(60)),
		});
		expect(imported.statusCode).toBe(201);
		importedId = imported.json().session.id;
		const detail = await ctx.request(rider, { url: `/api/sessions/${fullId}` });
		const track = await ctx.db
			.selectFrom("tracks")
			.selectAll()
			.where("id", "=", detail.json().session.trackId)
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

	const retime = (id: string, body: object) =>
		ctx.request(rider, { method: "POST", url: `/api/sessions/${id}/timing`, payload: body });
	const sessionRow = (id: string) =>
		ctx.db
			.selectFrom("sessions")
			.select(["version", "timing_shown", "timing_lines", "status"])
			.where("id", "=", id)
			.executeTakeFirstOrThrow();
	const lapTimes = async (id: string) =>
		(
			await ctx.db
				.selectFrom("laps")
				.select("time_ms")
				.where("session_id", "=", id)
				.orderBy("lap_number")
				.execute()
		).map((l) => l.time_ms);
	const retimeEntries = (id: string) =>
		ctx.db
			.selectFrom("audit_log")
			.selectAll()
			.where("action", "=", "session.retime")
			.where("target_id", "=", id)
			.orderBy("at")
			.execute();

	const refusal = (promise: Promise<unknown>) =>
		promise.then(
			() => null,
			(error: unknown) => {
				expect(error).toBeInstanceOf(AppError);
				const e = error as AppError;
				return { status: e.statusCode, code: e.code, message: e.message };
			},
		);

	it("answers 404 for a session that does not exist", async () => {
		const res = await retime("00000000-0000-4000-8000-000000000000", { timing: "logger" });
		expect(res.statusCode).toBe(404);
		expect(res.json()).toEqual({ error: "session_not_found", message: "Sessão não encontrada." });
	});

	it("answers 404 to an admin for a session that does not exist", async () => {
		const admin = await ctx.signIn((await ctx.createUser({ is_admin: true })).id);
		const res = await ctx.request(admin, {
			method: "POST",
			url: "/api/sessions/00000000-0000-4000-8000-000000000000/timing",
			payload: { timing: "logger" },
		});
		expect(res.statusCode).toBe(404);
		expect(res.json()).toEqual({ error: "session_not_found", message: "Sessão não encontrada." });
	});

	it("refuses the logger's laps for an imported file without reading the file", async () => {
		const storage: ObjectStorage = Object.create(ctx.storage);
		storage.get = async () => {
			throw new Error("the file was read");
		};
		const service = createSessionTimingService({ db: ctx.db, storage });
		expect(
			await refusal(service.retime(userActor({ id: riderId }), importedId, { timing: "logger" })),
		).toEqual({
			status: 400,
			code: "no_logger_laps",
			message: "Só sessões do logger têm as voltas do logger.",
		});
	});

	it("refuses the logger's laps for an imported file, and changes nothing", async () => {
		const before = await sessionRow(importedId);
		const res = await retime(importedId, { timing: "logger" });
		expect(res.statusCode).toBe(400);
		expect(res.json()).toEqual({
			error: "no_logger_laps",
			message: "Só sessões do logger têm as voltas do logger.",
		});
		expect(await sessionRow(importedId)).toEqual(before);
		expect(await retimeEntries(importedId)).toEqual([]);
	});

	it("refuses the track's line when the session's track has none", async () => {
		const res = await retime(noTrackId, { timing: "track" });
		expect(res.statusCode).toBe(409);
		expect(res.json()).toEqual({
			error: "track_without_line",
			message: "A pista desta sessão não tem linha de largada/chegada: marque uma no mapa.",
		});
		expect((await sessionRow(noTrackId)).timing_shown).toBe("logger");
	});

	it("re-times with a placed line a session on no known track, and says its track has no line", async () => {
		const res = await retime(noTrackId, { timing: "line", ...trackLines });
		expect(res.statusCode).toBe(200);
		expect(res.json().timing).toEqual({
			shown: "line",
			lines: trackLines,
			loggerAvailable: true,
			trackHasLine: false,
		});
		await retime(noTrackId, { timing: "logger" });
	});

	it("refuses a session still being processed or whose processing failed", async () => {
		const notReady = {
			error: "session_not_ready",
			message: "A sessão ainda está sendo processada: tente de novo em instantes.",
		};
		const before = await sessionRow(gpsOnlyId);
		await ctx.db
			.updateTable("sessions")
			.set({ pending_since: new Date() })
			.where("id", "=", gpsOnlyId)
			.execute();
		const pending = await retime(gpsOnlyId, { timing: "logger" });
		expect(pending.statusCode).toBe(409);
		expect(pending.json()).toEqual(notReady);
		await ctx.db
			.updateTable("sessions")
			.set({ pending_since: null, status: "failed" })
			.where("id", "=", gpsOnlyId)
			.execute();
		const failed = await retime(gpsOnlyId, { timing: "logger" });
		expect(failed.statusCode).toBe(409);
		expect(failed.json()).toEqual(notReady);
		await ctx.db
			.updateTable("sessions")
			.set({ status: "processed" })
			.where("id", "=", gpsOnlyId)
			.execute();
		expect(await sessionRow(gpsOnlyId)).toEqual(before);
	});

	it("goes back to the logger's laps even when the logger timed none", async () => {
		const before = await sessionRow(gpsOnlyId);
		const res = await retime(gpsOnlyId, { timing: "logger" });
		expect(res.statusCode).toBe(200);
		expect(res.json()).toMatchObject({
			timing: { shown: "logger", lines: null, loggerAvailable: true, trackHasLine: true },
			version: before.version + 1,
			laps: [],
		});
		expect((await sessionRow(gpsOnlyId)).version).toBe(before.version + 1);
	});

	it("refuses a line the path never crosses with the end of timing's report, and keeps the laps", async () => {
		const laps = await lapTimes(fullId);
		const before = await sessionRow(fullId);
		const audited = (await retimeEntries(fullId)).length;
		const res = await retime(fullId, { timing: "line", startFinish: AWAY });
		expect(res.statusCode).toBe(400);
		const row = await findSessionSource(ctx.db, fullId);
		const recording = await loadSessionRecording(ctx.storage, row!);
		const { report } = deriveSessionVersion(fullId, recording, {
			shown: "line",
			lines: { startFinish: AWAY, sectors: [], directionDeg: null },
		});
		expect(report.length).toBeGreaterThan(20);
		expect(res.json()).toEqual({
			error: "no_laps_with_line",
			message:
				"Nenhuma volta completa com esta linha: a gravação não a cruza duas vezes no sentido da pista.",
			details: { report: report.slice(report.length - 20) },
		});
		expect(await lapTimes(fullId)).toEqual(laps);
		expect(await sessionRow(fullId)).toEqual(before);
		expect(await retimeEntries(fullId)).toHaveLength(audited);
	});

	it("re-times with the track's line: new laps, a new version, the reply and one audit entry", async () => {
		const before = await sessionRow(fullId);
		const res = await retime(fullId, { timing: "track" });
		expect(res.statusCode).toBe(200);
		const body = res.json();
		expect(body.timing).toEqual({
			shown: "line",
			lines: trackLines,
			loggerAvailable: true,
			trackHasLine: true,
		});
		expect(body.version).toBe(before.version + 1);
		const after = await sessionRow(fullId);
		expect(after).toEqual({
			version: before.version + 1,
			timing_shown: "line",
			timing_lines: trackLines,
			status: "processed",
		});
		expect(body.laps.map((l: { timeMs: number }) => l.timeMs)).toEqual(await lapTimes(fullId));
		const entries = await retimeEntries(fullId);
		expect(entries.at(-1)).toMatchObject({
			actor_id: riderId,
			target_type: "session",
			target_id: fullId,
			details: {
				before: { timing: "logger", lines: null },
				after: { timing: "line", lines: trackLines },
			},
		});

		const back = await retime(fullId, { timing: "logger" });
		expect(back.statusCode).toBe(200);
		expect((await retimeEntries(fullId)).at(-1)).toMatchObject({
			details: {
				before: { timing: "line", lines: trackLines },
				after: { timing: "logger", lines: null },
			},
		});
	});

	/** The service with a storage that runs `meanwhile` when the session's files are read. */
	function timingWhile(meanwhile: () => Promise<void>) {
		let done = false;
		const storage: ObjectStorage = Object.create(ctx.storage);
		storage.get = async (key: string) => {
			if (!done) {
				done = true;
				await meanwhile();
			}
			return ctx.storage.get(key);
		};
		return createSessionTimingService({ db: ctx.db, storage });
	}
	const actor = () => userActor({ id: riderId });
	const changed = {
		status: 409,
		code: "session_changed",
		message: "A sessão mudou enquanto as voltas eram recalculadas: tente de novo.",
	};

	it("refuses to store laps timed from files that changed meanwhile", async () => {
		const laps = await lapTimes(fullId);
		const before = await sessionRow(fullId);
		const bumped = timingWhile(async () => {
			await ctx.db
				.updateTable("sessions")
				.set({ version: before.version + 1 })
				.where("id", "=", fullId)
				.execute();
		});
		expect(await refusal(bumped.retime(actor(), fullId, { timing: "track" }))).toEqual(changed);
		expect(await sessionRow(fullId)).toEqual({ ...before, version: before.version + 1 });
		expect(await lapTimes(fullId)).toEqual(laps);

		const queued = timingWhile(async () => {
			await ctx.db
				.updateTable("sessions")
				.set({ pending_since: new Date() })
				.where("id", "=", fullId)
				.execute();
		});
		expect(await refusal(queued.retime(actor(), fullId, { timing: "track" }))).toEqual(changed);
		expect((await sessionRow(fullId)).timing_shown).toBe("logger");
		expect(await lapTimes(fullId)).toEqual(laps);
	});

	it("answers 404 when the session is deleted while its laps are timed", async () => {
		const gone = timingWhile(async () => {
			await ctx.db.deleteFrom("sessions").where("id", "=", gpsOnlyId).execute();
		});
		expect(await refusal(gone.retime(actor(), gpsOnlyId, { timing: "logger" }))).toEqual({
			status: 404,
			code: "session_not_found",
			message: "Sessão não encontrada.",
		});
		expect(await retimeEntries(gpsOnlyId)).toHaveLength(1);
	});
});
