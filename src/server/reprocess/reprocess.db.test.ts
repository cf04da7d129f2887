import { type Kysely, sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { analyzeSixFiles } from "../../domain/six/analyze";
import { encodeLapPath } from "../../domain/six/path-codec";
import { runReprocessCommand } from "../cli/commands/reprocess";
import type { Database } from "../db/schema";
import { startupTasks } from "../startup";
import { createTestContext, type SignedIn, type TestContext } from "../test/harness";
import { createHardware, fileInput, simulatedFiles } from "../test/ingest-test-support";
import { createReprocessService, RUN_NOTE_KEY } from "./reprocess-service";

/** Every lap row of the database: number, time and the blob's bytes as hex, by session. */
async function lapRows(db: Kysely<Database>) {
	const rows = await sql<{ session_id: string; lap_number: number; time_ms: number; blob: string }>`
		SELECT session_id, lap_number, time_ms, encode(path, 'hex') AS blob FROM laps
		ORDER BY session_id, lap_number`.execute(db);
	return rows.rows;
}

describe("reprocessing stored sessions", () => {
	let ctx: TestContext;
	let rider: SignedIn;
	const ids: Record<"logger" | "line" | "imported", string> = {
		logger: "",
		line: "",
		imported: "",
	};
	const files = simulatedFiles(81, 3);

	beforeAll(async () => {
		ctx = await createTestContext();
		const user = await ctx.createUser({ wifi_ssid: "p" });
		rider = await ctx.signIn(user.id);
		await createHardware(ctx.db, "HW-RE", user.id);
		for (const [name, date] of [
			["logger", "01052025"],
			["line", "02052025"],
		] as const) {
			const key = { hardwareId: "HW-RE", track: "Interlagos", date };
			await ctx.app.ingest.acceptFile(fileInput(key, "lap.six", files.lapSix));
			ids[name] = (
				await ctx.app.ingest.acceptFile(fileInput(key, "gps.six", files.gpsSix))
			).session.id;
		}
		const retimed = await ctx.request(rider, {
			method: "POST",
			url: `/api/sessions/${ids.line}/timing`,
			payload: { timing: "track" },
		});
		expect(retimed.statusCode).toBe(200);
		const gpx = `<?xml version="1.0"?><gpx version="1.1" creator="t" xmlns="http://www.topografix.com/GPX/1/1"><trk><name>Estrada</name><trkseg>${Array.from(
			{ length: 20 },
			(_, i) =>
				`<trkpt lat="${(-23.5 + i * 1e-4).toFixed(7)}" lon="-46.6"><time>${new Date(Date.parse("2025-05-03T10:00:00Z") + i * 1000).toISOString()}</time></trkpt>`,
		).join("")}</trkseg></trk></gpx>`;
		const imported = await ctx.request(rider, {
			method: "POST",
			url: "/api/sessions/import?name=estrada.gpx",
			headers: { "content-type": "application/octet-stream" },
			payload: Buffer.from(gpx),
		});
		ids.imported = imported.json().session.id;
	}, 180_000);
	afterAll(async () => {
		await ctx?.close();
	});

	/** Puts two sessions back as an older version stored them: version 1 paths, no track. */
	async function downgrade() {
		const analysis = analyzeSixFiles(files.lapSix, files.gpsSix);
		for (const range of analysis.paths) {
			const v1 = Buffer.from(encodeLapPath(analysis.points, range)).toString("base64");
			await sql`UPDATE laps SET path = decode(${v1}, 'base64')
				WHERE session_id = ${ids.logger} AND lap_number = ${range.lapNumber}`.execute(ctx.db);
		}
		await ctx.db
			.updateTable("sessions")
			.set({ track_id: null })
			.where("id", "in", [ids.logger, ids.line])
			.execute();
	}

	it("derives again, at the upgrade, only what older versions stored, keeping each timing", async () => {
		const before = await lapRows(ctx.db);
		await downgrade();
		const service = createReprocessService({ db: ctx.db, storage: ctx.storage });
		const seen: string[] = [];
		const summary = await service.reprocessUpgrade((p) => seen.push(p.sessionId));
		expect(summary).toMatchObject({ total: 2, done: 2, failed: 0 });
		expect(seen.sort()).toEqual([ids.logger, ids.line].sort());
		// The same rows as the current ingest and re-timing wrote: version 2 blobs, same laps.
		expect(await lapRows(ctx.db)).toEqual(before);
		const line = (await ctx.request(rider, { url: `/api/sessions/${ids.line}` })).json();
		expect(line.timing.shown).toBe("line");
		expect(line.session.trackId).not.toBeNull();
		expect((await service.reprocessUpgrade()).total).toBe(0);
	});

	it("runs at start, before requests are served, when older forms are stored", async () => {
		const before = await lapRows(ctx.db);
		await downgrade();
		expect(await lapRows(ctx.db)).not.toEqual(before);
		await startupTasks(ctx.app, {
			config: { ...ctx.config, seedDemo: false },
			database: ctx.database,
			storage: ctx.storage,
			migrationsApplied: [],
			close: async () => {},
		});
		expect(await lapRows(ctx.db)).toEqual(before);
	});

	it("derives every session again with the same rows, and can run twice", async () => {
		const before = await lapRows(ctx.db);
		const service = createReprocessService({ db: ctx.db, storage: ctx.storage });
		const first = await service.reprocessAll();
		expect(first).toMatchObject({ total: 3, done: 3, failed: 0, resumedFrom: null });
		expect(await lapRows(ctx.db)).toEqual(before);
		expect((await service.reprocessAll()).done).toBe(3);
		expect(await lapRows(ctx.db)).toEqual(before);
		expect(await ctx.storage.get(RUN_NOTE_KEY)).toBeNull();
	});

	it("goes on where an interrupted run stopped", async () => {
		const service = createReprocessService({ db: ctx.db, storage: ctx.storage });
		const interrupted = service.reprocessAll({
			onProgress: (p) => {
				if (p.index === 1) throw new Error("interrompido");
			},
		});
		await expect(interrupted).rejects.toThrow("interrompido");
		expect(await ctx.storage.get(RUN_NOTE_KEY)).not.toBeNull();
		const resumed = await service.reprocessAll();
		expect(resumed.resumedFrom).toBeInstanceOf(Date);
		expect(resumed).toMatchObject({ total: 2, done: 2 });
		expect(await ctx.storage.get(RUN_NOTE_KEY)).toBeNull();
	});

	it("keeps a session whose files are gone and says so, on the command line", async () => {
		const source = await ctx.db
			.selectFrom("sessions")
			.select("source_object_key")
			.where("id", "=", ids.imported)
			.executeTakeFirstOrThrow();
		const kept = await ctx.storage.get(source.source_object_key!);
		await ctx.storage.delete(source.source_object_key!);
		const before = await lapRows(ctx.db);
		let stdout = "";
		const io = { stdout: { write: (t: string) => (stdout += t) }, stderr: { write: () => true } };
		const code = await runReprocessCommand(["--restart"], { db: ctx.db, storage: ctx.storage }, io);
		expect(code).toBe(1);
		expect(stdout).toMatch(
			new RegExp(`\\[\\d/3\\] sessão ${ids.imported}: falhou: .*não está no armazenamento`),
		);
		expect(stdout).toMatch(/3 sessões: 2 reprocessadas, 0 mantidas, 1 com falha\./);
		expect(await lapRows(ctx.db)).toEqual(before);
		await ctx.storage.put(source.source_object_key!, kept!);
	});
});
