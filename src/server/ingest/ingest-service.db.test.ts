import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { AppError } from "../errors";
import {
	createAndLockSession,
	recordReceivedFile,
} from "../repositories/session-ingest-repository";
import type { ObjectStorage } from "../storage/object-storage";
import { createTestContext, type TestContext } from "../test/harness";
import {
	createHardware,
	fileInput,
	moveHardware,
	type SessionFilesText,
	simulatedFiles,
	startS3Buckets,
} from "../test/ingest-test-support";
import { createIngestService, type IngestService, type SessionKey } from "./ingest-service";
import { sessionKeyOrThrow, sessionObjectKey } from "./session-key";

let s3: Awaited<ReturnType<typeof startS3Buckets>>;
beforeAll(async () => {
	s3 = await startS3Buckets();
});
afterAll(async () => {
	await s3?.stop();
});

const storages: { name: string; create?: () => Promise<ObjectStorage> }[] = [
	{ name: "filesystem" },
	{ name: "S3 (s3rver)", create: () => s3.create() },
];

const small: SessionFilesText = simulatedFiles(11, 3);
const other: SessionFilesText = simulatedFiles(12, 4);

describe.each(storages)("ingest on $name storage", ({ create }) => {
	let ctx: TestContext;
	let ingest: IngestService;
	let riderA: string;
	let dayCounter = 0;

	beforeAll(async () => {
		ctx = await createTestContext(create ? { storage: () => create() } : {});
		ingest = createIngestService({ db: ctx.db, storage: ctx.storage });
		riderA = (await ctx.createUser()).id;
		await createHardware(ctx.db, "HW-A", riderA);
		await createHardware(ctx.db, "HW-STOCK", null);
	}, 180_000);
	afterAll(async () => {
		await ctx?.close();
	});

	/** A session key of its own for each test (a new day). */
	function newKey(hardwareId = "HW-A", track = "Interlagos"): SessionKey {
		dayCounter += 1;
		return { hardwareId, track, date: `${String(dayCounter).padStart(2, "0")}012025` };
	}

	async function sessionRow(id: string) {
		return ctx.db.selectFrom("sessions").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
	}

	async function lapsOf(id: string) {
		return ctx.db
			.selectFrom("laps")
			.select(["lap_number", "time_ms", "point_count", "path", "max_speed_kmh"])
			.where("session_id", "=", id)
			.orderBy("lap_number")
			.execute();
	}

	it("gives laps without paths for lap.six, then with paths once gps.six arrives", async () => {
		const key = newKey();
		const first = await ingest.acceptFile(fileInput(key, "lap.six", small.lapSix));
		expect(first.session).toMatchObject({ status: "processed", version: 1 });
		expect(first.file).toMatchObject({ name: "lap.six", changed: true, size: small.lapSix.length });
		let laps = await lapsOf(first.session.id);
		expect(laps.map((l) => l.lap_number)).toEqual([1, 2, 3]);
		expect(laps.every((l) => l.path === null && l.point_count === 0)).toBe(true);

		const second = await ingest.acceptFile(fileInput(key, "gps.six", small.gpsSix));
		expect(second.session).toMatchObject({ id: first.session.id, status: "processed", version: 2 });
		laps = await lapsOf(first.session.id);
		expect(laps).toHaveLength(3);
		for (const lap of laps) {
			expect(lap.path).not.toBeNull();
			expect(lap.point_count).toBeGreaterThan(100);
			expect(lap.max_speed_kmh).toBeGreaterThan(50);
		}
		const row = await sessionRow(first.session.id);
		expect(row.rider_id).toBe(riderA);
		expect(row.processed_at).not.toBeNull();
		expect(
			(row.summary as { lapCount: number; gpsPointCount: number }).gpsPointCount,
		).toBeGreaterThan(1000);
		expect((row.report as { file: string }[]).some((issue) => issue.file === "gps.six")).toBe(true);
		const stored = await ctx.storage.get(sessionObjectKey(sessionKeyOrThrow(key, "gps.six")));
		expect(Buffer.from(stored!).equals(Buffer.from(small.gpsSix))).toBe(true);
	});

	it("changes nothing when the same bytes come again", async () => {
		const key = newKey();
		const first = await ingest.acceptFile(fileInput(key, "lap.six", small.lapSix));
		const again = await ingest.acceptFile(fileInput(key, "lap.six", small.lapSix));
		expect(again.file.changed).toBe(false);
		expect(again.session).toEqual(first.session);
		expect((await sessionRow(first.session.id)).version).toBe(1);
	});

	it("writes version 2 and replaces the laps when new bytes come", async () => {
		const key = newKey();
		await ingest.acceptFile(fileInput(key, "lap.six", small.lapSix));
		await ingest.acceptFile(fileInput(key, "gps.six", small.gpsSix));
		const lap = await ingest.acceptFile(fileInput(key, "lap.six", other.lapSix));
		const gps = await ingest.acceptFile(fileInput(key, "gps.six", other.gpsSix));
		expect(lap.session.version).toBe(3);
		expect(gps.session).toMatchObject({ version: 4, status: "processed" });
		const laps = await lapsOf(gps.session.id);
		expect(laps.map((l) => l.lap_number)).toEqual([1, 2, 3, 4]);
		expect(laps.every((l) => l.path !== null)).toBe(true);
		expect(laps.map((l) => l.time_ms)).toEqual(other.lapSix.trim().split("\n").map(lapTimeOfLine));
	});

	it("keeps the good laps when a broken file follows, and records why", async () => {
		const key = newKey();
		const good = await ingest.acceptFile(fileInput(key, "lap.six", small.lapSix));
		const broken = await ingest.acceptFile(fileInput(key, "lap.six", randomBytes(3000)));
		expect(broken.file.changed).toBe(true);
		expect(broken.session).toEqual({ ...good.session, error: expect.stringMatching(/lap\.six/) });
		const row = await sessionRow(good.session.id);
		expect(row.error).toMatch(/Não foi possível ler lap\.six: nenhuma linha válida \(linha \d+: /);
		// The logger is told too: its upload did not become a new version.
		expect(broken.session.error).toBe(row.error);
		expect(row.status).toBe("processed");
		expect((await lapsOf(good.session.id)).map((l) => l.lap_number)).toEqual([1, 2, 3]);

		const fixed = await ingest.acceptFile(fileInput(key, "lap.six", other.lapSix));
		expect(fixed.session.version).toBe(2);
		expect((await sessionRow(good.session.id)).error).toBeNull();
	});

	it("marks a session failed when its first file is unreadable", async () => {
		const key = newKey();
		const result = await ingest.acceptFile(
			fileInput(key, "gps.six", "lixo|sem|formato\nnada aqui\n"),
		);
		expect(result.session).toMatchObject({ status: "failed", version: 0 });
		expect((await sessionRow(result.session.id)).error).toMatch(/gps\.six/);
		expect(await lapsOf(result.session.id)).toEqual([]);
	});

	it("keeps the good version when storage cannot give the files back", async () => {
		const key = newKey();
		const good = await ingest.acceptFile(fileInput(key, "lap.six", small.lapSix));
		await ctx.storage.delete(sessionObjectKey(sessionKeyOrThrow(key, "lap.six")));
		const outcome = await ingest.ingestSession(key);
		expect(outcome).toMatchObject({ status: "processed", version: 1, applied: false });
		expect(outcome?.error).toMatch(/armazenamento/);
		expect((await lapsOf(good.session.id)).map((l) => l.lap_number)).toEqual([1, 2, 3]);
	});

	it("reads what it can from gps.six alone", async () => {
		const key = newKey();
		const result = await ingest.acceptFile(fileInput(key, "gps.six", small.gpsSix));
		expect(result.session).toMatchObject({ status: "processed", version: 1 });
		const summary = (await sessionRow(result.session.id)).summary as Record<string, unknown>;
		expect(summary).toMatchObject({ lapCount: 0, bestLap: null });
		expect(summary.maxSpeed).not.toBeNull();
		expect(await lapsOf(result.session.id)).toEqual([]);
	});

	it("makes exactly one version of five simultaneous uploads of the same file", async () => {
		const key = newKey();
		const results = await Promise.all(
			Array.from({ length: 5 }, () => ingest.acceptFile(fileInput(key, "gps.six", small.gpsSix))),
		);
		expect(results.filter((r) => r.file.changed)).toHaveLength(1);
		expect(new Set(results.map((r) => r.session.id)).size).toBe(1);
		expect(results.every((r) => r.session.version === 1)).toBe(true);
		expect((await sessionRow(results[0]!.session.id)).version).toBe(1);
	});

	// Two instances do not share the in-process lock: only the database row lock serialises them.
	it("serialises two service instances on one session through the database", async () => {
		const key = newKey();
		const second = createIngestService({ db: ctx.db, storage: ctx.storage });
		const results = await Promise.all(
			[ingest, second, ingest, second, ingest].map((s) =>
				s.acceptFile(fileInput(key, "lap.six", small.lapSix)),
			),
		);
		expect(results.filter((r) => r.file.changed)).toHaveLength(1);
		expect((await sessionRow(results[0]!.session.id)).version).toBe(1);
	});

	it("gives a session to the logger's rider at recording time", async () => {
		const first = (await ctx.createUser()).id;
		const second = (await ctx.createUser()).id;
		const hardwareId = "HW-MOVE";
		await createHardware(ctx.db, hardwareId, first);
		const before = newKey(hardwareId);
		const old = await ingest.acceptFile(fileInput(before, "lap.six", small.lapSix));
		await moveHardware(ctx.db, hardwareId, second);
		const after = newKey(hardwareId);
		const fresh = await ingest.acceptFile(fileInput(after, "lap.six", small.lapSix));
		expect((await sessionRow(old.session.id)).rider_id).toBe(first);
		expect((await sessionRow(fresh.session.id)).rider_id).toBe(second);
		const stock = await ingest.acceptFile(fileInput(newKey("HW-STOCK"), "lap.six", small.lapSix));
		expect((await sessionRow(stock.session.id)).rider_id).toBeNull();
	});

	it("refuses (409, nothing stored) a logger that changed hands rewriting its previous owner's session", async () => {
		const riderOfA = (await ctx.createUser()).id;
		const riderOfB = (await ctx.createUser()).id;
		const hardwareId = `HW-HAND-${dayCounter}`;
		await createHardware(ctx.db, hardwareId, riderOfA);
		const key = newKey(hardwareId);
		const recorded = await ingest.acceptFile(fileInput(key, "lap.six", small.lapSix));
		const before = await sessionRow(recorded.session.id);
		const lapsBefore = await ctx.db
			.selectFrom("laps")
			.select(["lap_number", "time_ms"])
			.where("session_id", "=", recorded.session.id)
			.orderBy("lap_number")
			.execute();
		await moveHardware(ctx.db, hardwareId, riderOfB);
		const forged = fileInput(key, "lap.six", other.lapSix);
		const refused = await ingest.acceptFile(forged).then(
			() => null,
			(error: unknown) => error,
		);
		expect(refused).toBeInstanceOf(AppError);
		expect((refused as AppError).statusCode).toBe(409);
		expect((refused as AppError).code).toBe("session_of_previous_owner");
		// A new file (gps.six) of that session is refused too, and back in stock as well.
		await expect(ingest.acceptFile(fileInput(key, "gps.six", small.gpsSix))).rejects.toThrow(
			AppError,
		);
		await moveHardware(ctx.db, hardwareId, null);
		await expect(ingest.acceptFile(forged)).rejects.toThrow(AppError);
		const after = await sessionRow(recorded.session.id);
		expect(after.rider_id).toBe(riderOfA);
		expect(after.lap_sha256).toBe(before.lap_sha256);
		expect(after.gps_object_key).toBeNull();
		expect(after.version).toBe(before.version);
		const stored = await ctx.storage.get(sessionObjectKey(sessionKeyOrThrow(key, "lap.six")));
		expect(Buffer.from(stored!).toString("utf8")).toBe(small.lapSix);
		expect(await ctx.storage.head(sessionObjectKey(sessionKeyOrThrow(key, "gps.six")))).toBeNull();
		const lapsAfter = await ctx.db
			.selectFrom("laps")
			.select(["lap_number", "time_ms"])
			.where("session_id", "=", recorded.session.id)
			.orderBy("lap_number")
			.execute();
		expect(lapsAfter).toEqual(lapsBefore);
		// The logger back with its recording rider writes again.
		await moveHardware(ctx.db, hardwareId, riderOfA);
		expect((await ingest.acceptFile(forged)).file.changed).toBe(true);
	});

	it("ingests at start the sessions recorded but not parsed", async () => {
		const fresh = newKey();
		const withGood = newKey();
		await ingest.acceptFile(fileInput(withGood, "lap.six", small.lapSix));
		const isoOf = (key: SessionKey) => `2025-01-${key.date.slice(0, 2)}`;
		// As a crash right after step 1 leaves them: stored and recorded, not parsed.
		for (const [key, file, text] of [
			[fresh, "lap.six", small.lapSix],
			[withGood, "gps.six", small.gpsSix],
		] as const) {
			await ctx.db.transaction().execute(async (trx) => {
				const row = await createAndLockSession(trx, {
					hardwareId: key.hardwareId,
					track: key.track,
					isoDate: isoOf(key),
				});
				const input = fileInput(key, file, text);
				await ctx.storage.put(sessionObjectKey(sessionKeyOrThrow(key, file)), input.bytes, {
					sha256: input.sha256,
				});
				await recordReceivedFile(
					trx,
					row!.id,
					file,
					sessionObjectKey(sessionKeyOrThrow(key, file)),
					input.sha256,
				);
			});
		}
		const pending = await ctx.db
			.selectFrom("sessions")
			.select(["id", "status", "version", "date"])
			.where("date", "in", [isoOf(fresh), isoOf(withGood)])
			.orderBy("date")
			.execute();
		expect(pending.map((p) => [p.date, p.status, p.version])).toEqual([
			[isoOf(fresh), "received", 0],
			[isoOf(withGood), "processed", 1],
		]);

		const recovered = await ingest.recoverPending();
		expect(recovered).toBe(2);
		for (const p of pending) {
			const row = await sessionRow(p.id);
			expect(row.status).toBe("processed");
			expect(row.version).toBe(p.version + 1);
			expect((await lapsOf(p.id)).map((l) => l.lap_number)).toEqual([1, 2, 3]);
		}
		const withGoodLaps = await lapsOf(pending.find((p) => p.version === 1)!.id);
		expect(withGoodLaps.every((l) => l.path !== null)).toBe(true);
		expect(await ingest.recoverPending()).toBe(0);
	});

	it("refuses an unknown logger with a clear reason", async () => {
		const bad = (patch: Partial<SessionKey>) =>
			ingest.acceptFile(fileInput({ ...newKey(), ...patch }, "lap.six", small.lapSix));
		await expect(bad({ hardwareId: "NOPE" })).rejects.toMatchObject({
			statusCode: 404,
			message: 'Logger "NOPE" não cadastrado.',
		});
	});
});

function lapTimeOfLine(line: string): number {
	const digits = line.split("|")[0]!.trim().padStart(7, "0");
	return (
		Number(digits.slice(0, 2)) * 60_000 +
		Number(digits.slice(2, 4)) * 1000 +
		Number(digits.slice(4, 7))
	);
}
