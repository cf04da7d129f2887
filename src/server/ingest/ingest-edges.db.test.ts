import { subscribe, unsubscribe } from "node:diagnostics_channel";
import { writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type {
	Kysely,
	KyselyPlugin,
	PluginTransformQueryArgs,
	PluginTransformResultArgs,
	QueryResult,
	RootOperationNode,
	UnknownRow,
} from "kysely";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { Database } from "../db/schema";
import {
	createAndLockSession,
	recordReceivedFile,
} from "../repositories/session-ingest-repository";
import type { ObjectInfo, ObjectStorage } from "../storage/object-storage";
import { createTestContext, type TestContext } from "../test/harness";
import {
	createHardware,
	fileInput,
	moveHardware,
	simulatedFiles,
} from "../test/ingest-test-support";
import { rejectionOf } from "../test/rejection";
import { INGEST_CHANNEL, UPLOAD_CHANNEL } from "./ingest-events";
import { createIngestService, type IngestDeps, type SessionKey } from "./ingest-service";
import { sha256Hex } from "./session-files";
import { isoDateOfFolder, sessionKeyOrThrow, sessionObjectKey } from "./session-key";

/** What the ingest does at the edges: storage that lies or fails, logs, the answer's details. */

const files = simulatedFiles(31, 3);

/** Object storage a test can make fail or lie, counting what the ingest asks of it. */
class ControlStorage implements ObjectStorage {
	readonly kind: ObjectStorage["kind"];
	gets: string[] = [];
	puts: { key: string; body: unknown }[] = [];
	onGet: ((key: string) => Promise<void> | void) | null = null;
	onHead: ((info: ObjectInfo | null) => ObjectInfo | null | Promise<ObjectInfo | null>) | null =
		null;
	onPut: ((body: unknown) => Promise<void> | void) | null = null;
	constructor(private readonly inner: ObjectStorage) {
		this.kind = inner.kind;
	}
	reset() {
		this.gets = [];
		this.puts = [];
		this.onGet = null;
		this.onHead = null;
		this.onPut = null;
	}
	async get(key: string) {
		this.gets.push(key);
		await this.onGet?.(key);
		return this.inner.get(key);
	}
	async getStream(key: string) {
		this.gets.push(key);
		await this.onGet?.(key);
		return this.inner.getStream(key);
	}
	put: ObjectStorage["put"] = async (key, body, opts) => {
		this.puts.push({ key, body });
		await this.onPut?.(body);
		return this.inner.put(key, body, opts);
	};
	async head(key: string) {
		const info = await this.inner.head(key);
		return this.onHead ? await this.onHead(info) : info;
	}
	list: ObjectStorage["list"] = (...args) => this.inner.list(...args);
	delete: ObjectStorage["delete"] = (...args) => this.inner.delete(...args);
	check: ObjectStorage["check"] = () => this.inner.check();
}

interface LogLine {
	level: "info" | "warn" | "error";
	args: unknown[];
}

function recordingLog() {
	const lines: LogLine[] = [];
	return {
		lines,
		log: {
			info: (...args: unknown[]) => lines.push({ level: "info", args }),
			warn: (...args: unknown[]) => lines.push({ level: "warn", args }),
			error: (...args: unknown[]) => lines.push({ level: "error", args }),
		},
		find(level: LogLine["level"], text: string) {
			return lines.find((l) => l.level === level && l.args[1] === text);
		},
	};
}

let ctx: TestContext;
let storage: ControlStorage;
let day = 0;

beforeAll(async () => {
	ctx = await createTestContext();
	storage = new ControlStorage(ctx.storage);
	await createHardware(ctx.db, "HW-E", (await ctx.createUser()).id);
}, 180_000);
afterAll(async () => {
	await ctx?.close();
});

function newKey(hardwareId = "HW-E"): SessionKey {
	day += 1;
	// A day of its own for each test, 28 a month.
	const dd = String(((day - 1) % 28) + 1).padStart(2, "0");
	const mm = String(Math.floor((day - 1) / 28) + 1).padStart(2, "0");
	return { hardwareId, track: "Interlagos", date: `${dd}${mm}2025` };
}

function service(extra: Partial<IngestDeps> = {}) {
	storage.reset();
	return createIngestService({ db: ctx.db, storage, ...extra });
}

async function sessionRow(id: string) {
	return ctx.db.selectFrom("sessions").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
}

function lapKey(key: SessionKey) {
	return sessionObjectKey(sessionKeyOrThrow(key, "lap.six"));
}

/** A session whose lap.six is recorded and stored but not parsed, as a crash leaves it. */
async function pendingSession(key: SessionKey, text = files.lapSix): Promise<string> {
	const input = fileInput(key, "lap.six", text);
	await ctx.storage.put(lapKey(key), input.bytes, { sha256: input.sha256 });
	return ctx.db.transaction().execute(async (trx) => {
		const row = await createAndLockSession(trx, {
			hardwareId: key.hardwareId,
			track: key.track,
			isoDate: isoDateOfFolder(key.date),
		});
		await recordReceivedFile(trx, row!.id, "lap.six", lapKey(key), input.sha256);
		return row!.id;
	});
}

/** A session whose file is recorded but not parsed, no longer marked pending. */
async function receivedNotPending(key: SessionKey): Promise<string> {
	const id = await pendingSession(key);
	await ctx.db.updateTable("sessions").set({ pending_since: null }).where("id", "=", id).execute();
	return id;
}

describe("recording an upload", () => {
	it("stores the file as text/plain with its SHA-256", async () => {
		const ingest = service();
		const key = newKey();
		await ingest.acceptFile(fileInput(key, "lap.six", files.lapSix));
		const head = await ctx.storage.head(lapKey(key));
		expect(head?.contentType).toBe("text/plain");
		expect(head?.sha256).toBe(sha256Hex(new TextEncoder().encode(files.lapSix)));
	});

	it("parses the bytes it just stored without reading them back", async () => {
		const ingest = service();
		const key = newKey();
		const result = await ingest.acceptFile(fileInput(key, "lap.six", files.lapSix));
		expect(result.session).toMatchObject({ status: "processed", version: 1 });
		expect(storage.gets).not.toContain(lapKey(key));
	});

	it("records again bytes storage already holds when the session does not name them", async () => {
		// A crash after the put and before the commit: storage holds the bytes, the row does not.
		const ingest = service();
		const key = newKey();
		const input = fileInput(key, "lap.six", files.lapSix);
		await ctx.storage.put(lapKey(key), input.bytes, { sha256: input.sha256 });
		const result = await ingest.acceptFile(input);
		expect(result.file.changed).toBe(true);
		expect(result.session).toMatchObject({ status: "processed", version: 1 });
		expect((await sessionRow(result.session.id)).lap_sha256).toBe(input.sha256);
	});

	it("refuses a logger that is not registered, with its code", async () => {
		const ingest = service();
		await expect(
			ingest.acceptFile(fileInput(newKey("HW-NONE"), "lap.six", files.lapSix)),
		).rejects.toMatchObject({ code: "hardware_not_found" });
	});

	it("lets a logger's new owner update a session recorded when it had no owner", async () => {
		const ingest = service();
		await createHardware(ctx.db, "HW-ORPHAN", null);
		const key = newKey("HW-ORPHAN");
		await ingest.acceptFile(fileInput(key, "lap.six", files.lapSix));
		await moveHardware(ctx.db, "HW-ORPHAN", (await ctx.createUser()).id);
		const result = await ingest.acceptFile(fileInput(key, "gps.six", files.gpsSix));
		expect(result.session).toMatchObject({ status: "processed", version: 2 });
	});

	it("closes the temp file's stream when storage refuses it", async () => {
		const ingest = service();
		const key = newKey();
		const path = join(tmpdir(), `lap-${process.pid}-${day}.six`);
		writeFileSync(path, files.lapSix);
		const bytes = new TextEncoder().encode(files.lapSix);
		storage.onPut = () => {
			throw new Error("disco cheio");
		};
		await expect(
			ingest.acceptFile({
				key: sessionKeyOrThrow(key, "lap.six"),
				sha256: sha256Hex(bytes),
				stagedFile: { path, size: bytes.length },
			}),
		).rejects.toThrow("disco cheio");
		const stream = storage.puts[0]!.body as { destroyed: boolean };
		expect(stream.destroyed).toBe(true);
	});

	it("finishes a pending version when the same file is sent again", async () => {
		const ingest = service();
		const key = newKey();
		const first = await ingest.acceptFile(fileInput(key, "lap.six", files.lapSix));
		expect(first.session.version).toBe(1);
		// Newer bytes recorded, then a crash before their parse: processed but pending.
		const newer = simulatedFiles(32, 4).lapSix;
		await pendingSession(key, newer);
		const again = await ingest.acceptFile(fileInput(key, "lap.six", newer));
		expect(again.file.changed).toBe(false);
		expect(again.session).toMatchObject({ status: "processed", version: 2 });
		expect((await sessionRow(first.session.id)).pending_since).toBeNull();
	});

	it("answers the SHA-256 in lower case whatever case the logger sent", async () => {
		const ingest = service();
		const input = fileInput(newKey(), "lap.six", files.lapSix);
		const result = await ingest.acceptFile({ ...input, sha256: input.sha256.toUpperCase() });
		expect(result.file.sha256).toBe(input.sha256);
	});
});

describe("a job of the queue", () => {
	it("throws a storage error for the queue to retry, recording nothing", async () => {
		const ingest = service();
		const key = newKey();
		const id = await pendingSession(key);
		storage.onGet = () => {
			throw new Error("armazenamento fora do ar");
		};
		await expect(ingest.runJob(key)).rejects.toThrow(/armazenamento fora do ar/);
		const row = await sessionRow(id);
		expect(row).toMatchObject({ status: "received", error: null });
		expect(row.pending_since).not.toBeNull();
	});

	it("does not parse a session that is already processed and not pending", async () => {
		const ingest = service();
		const key = newKey();
		await ingest.acceptFile(fileInput(key, "lap.six", files.lapSix));
		storage.gets = [];
		const outcome = await ingest.runJob(key);
		expect(outcome).toMatchObject({ status: "processed", version: 1, applied: false });
		expect(storage.gets).toEqual([]);
	});

	it("parses a session still received even when it is not marked pending", async () => {
		const ingest = service();
		const key = newKey();
		await receivedNotPending(key);
		const outcome = await ingest.runJob(key);
		expect(outcome).toMatchObject({ status: "processed", version: 1, applied: true });
	});
});

describe("an ingest that cannot finish", () => {
	it("says a failed parse applied nothing", async () => {
		const ingest = service();
		const key = newKey();
		await pendingSession(key, "\u0000".repeat(50));
		const outcome = await ingest.ingestSession(key);
		expect(outcome?.applied).toBe(false);
	});

	it("cuts a storage error to 200 characters", async () => {
		const ingest = service();
		const key = newKey();
		const id = await pendingSession(key);
		storage.onGet = () => {
			throw new Error("x".repeat(300));
		};
		const outcome = await ingest.ingestSession(key);
		const expected = `Erro ao ler os arquivos da sessão no armazenamento: ${"x".repeat(200)}`;
		expect(outcome).toMatchObject({ applied: false, error: expected });
		expect((await sessionRow(id)).error).toBe(expected);
	});

	it("cuts an error while applying to 200 characters and says nothing was applied", async () => {
		const { log, find } = recordingLog();
		const ingest = service({ log });
		const key = newKey();
		const id = await pendingSession(key);
		storage.onHead = () => {
			throw new Error("y".repeat(300));
		};
		const outcome = await ingest.ingestSession(key);
		const expected = `Erro ao gravar a nova versão da sessão: ${"y".repeat(200)}`;
		expect(outcome).toMatchObject({ applied: false, error: expected });
		expect((await sessionRow(id)).error).toBe(expected);
		expect(find("error", "ingest: applying the new version failed")?.args[0]).toMatchObject({
			session: id,
		});
		expect(find("warn", "ingest failed")?.args[0]).toEqual({ session: id, error: expected });
	});

	it("logs a storage read that failed, with the session", async () => {
		const { log, find } = recordingLog();
		const ingest = service({ log });
		const key = newKey();
		const id = await pendingSession(key);
		storage.onGet = () => {
			throw new Error("sem rede");
		};
		await ingest.ingestSession(key);
		expect(find("error", "ingest: storage read failed")?.args[0]).toMatchObject({ session: id });
	});

	it("gives up after three parses while the files keep changing, leaving the session pending", async () => {
		const ingest = service();
		const key = newKey();
		const id = await pendingSession(key);
		let heads = 0;
		storage.onHead = (info) => {
			heads += 1;
			// Never what was parsed; after many tries, an error ends an endless loop.
			if (heads > 10) throw new Error("too many");
			return info && { ...info, sha256: "0".repeat(64) };
		};
		const outcome = await ingest.runJob(key);
		expect(outcome).toMatchObject({ applied: false, error: null, version: 0 });
		expect(storage.gets.filter((k) => k === lapKey(key))).toHaveLength(3);
		expect((await sessionRow(id)).pending_since).not.toBeNull();
	});

	it("trusts storage that does not report a SHA-256", async () => {
		const ingest = service();
		const key = newKey();
		await pendingSession(key);
		storage.onHead = (info) => info && { ...info, sha256: undefined };
		const outcome = await ingest.runJob(key);
		expect(outcome).toMatchObject({ applied: true, version: 1 });
		expect(storage.gets.filter((k) => k === lapKey(key))).toHaveLength(1);
	});

	it("answers the logger with the recorded session when the session vanished meanwhile", async () => {
		const ingest = service();
		const key = newKey();
		await ingest.acceptFile(fileInput(key, "lap.six", files.lapSix));
		storage.onGet = async () => {
			storage.onGet = null;
			await ctx.db
				.deleteFrom("sessions")
				.where("hardware_id", "=", key.hardwareId)
				.where("date", "=", isoDateOfFolder(key.date))
				.execute();
		};
		const result = await ingest.acceptFile(fileInput(key, "gps.six", files.gpsSix));
		expect(result.session).toMatchObject({ status: "processed", version: 1, error: null });
	});
});

describe("with a job queue", () => {
	it("queues the ingest of a new file and answers once it is done", async () => {
		const queued: SessionKey[] = [];
		const ingest = service({
			answerWaitMs: 300,
			jobs: {
				enqueue: async (key) => {
					queued.push(key);
				},
			},
		});
		const key = newKey();
		const result = await ingest.acceptFile(fileInput(key, "lap.six", files.lapSix));
		expect(queued).toEqual([key]);
		expect(result.session).toMatchObject({ status: "received", version: 0 });
		expect(storage.gets).toEqual([]);
	});

	it("does not queue an unchanged file of a processed session", async () => {
		const key = newKey();
		await service().acceptFile(fileInput(key, "lap.six", files.lapSix));
		const queued: SessionKey[] = [];
		const ingest = service({
			answerWaitMs: 300,
			jobs: {
				enqueue: async (k) => {
					queued.push(k);
				},
			},
		});
		const result = await ingest.acceptFile(fileInput(key, "lap.six", files.lapSix));
		expect(result.file.changed).toBe(false);
		expect(queued).toEqual([]);
	});
});

describe("giving up the recovery of a session", () => {
	it("logs that it was abandoned, with how many tries", async () => {
		const { log, find } = recordingLog();
		const ingest = service({ log });
		const key = newKey();
		const id = await pendingSession(key);
		await ctx.db.updateTable("sessions").set({ ingest_attempts: 3 }).where("id", "=", id).execute();
		await ingest.recoverPending();
		expect(find("warn", "recovery of a pending session abandoned")?.args[0]).toMatchObject({
			attempts: 3,
			slot: { hardwareId: key.hardwareId },
		});
		expect(find("error", "recovery of a pending session failed")).toBeUndefined();
	});
});

describe("what the ingest tells its listeners", () => {
	it("publishes each upload, and no ingest for a file the session already holds", async () => {
		const uploads: unknown[] = [];
		const ingests: { result: string }[] = [];
		const onUpload = (message: unknown) => uploads.push(message);
		const onIngest = (message: unknown) => ingests.push(message as { result: string });
		subscribe(UPLOAD_CHANNEL, onUpload);
		subscribe(INGEST_CHANNEL, onIngest);
		try {
			const ingest = service();
			const input = fileInput(newKey(), "lap.six", files.lapSix);
			await ingest.acceptFile(input);
			expect(uploads).toEqual([{ file: "lap.six", bytes: input.bytes.length, changed: true }]);
			expect(ingests.map((e) => e.result)).toEqual(["applied"]);
			await ingest.acceptFile(input);
			expect(uploads[1]).toEqual({ file: "lap.six", bytes: input.bytes.length, changed: false });
			expect(ingests).toHaveLength(1);
		} finally {
			unsubscribe(UPLOAD_CHANNEL, onUpload);
			unsubscribe(INGEST_CHANNEL, onIngest);
		}
	});
});

/** Notes when a query counts the fourth ingest attempt of a session. */
class AttemptCounter implements KyselyPlugin {
	fourth = false;
	transformQuery(args: PluginTransformQueryArgs): RootOperationNode {
		return args.node;
	}
	async transformResult(args: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
		if (args.result.rows[0]?.ingest_attempts === 4) this.fourth = true;
		return args.result;
	}
}

describe("giving up the recovery of a session deleted meanwhile", () => {
	it("records nothing and reports no failure", async () => {
		const { log, find } = recordingLog();
		const key = newKey();
		const id = await pendingSession(key);
		await ctx.db.updateTable("sessions").set({ ingest_attempts: 3 }).where("id", "=", id).execute();
		const counter = new AttemptCounter();
		const counted = ctx.db.withPlugin(counter);
		// The session is deleted right after its attempts were counted, before it is marked failed.
		const db = new Proxy(counted, {
			get(target, prop) {
				if (prop === "transaction" && counter.fourth) {
					counter.fourth = false;
					return () => ({
						execute: async <T>(fn: (trx: Kysely<Database>) => Promise<T>) => {
							await ctx.db.deleteFrom("sessions").where("id", "=", id).execute();
							return target.transaction().execute(fn);
						},
					});
				}
				const value = Reflect.get(target, prop, target);
				return typeof value === "function" ? value.bind(target) : value;
			},
		});
		const ingest = service({ db, log });
		await ingest.recoverPending();
		expect(await ctx.db.selectFrom("sessions").where("id", "=", id).select("id").execute()).toEqual(
			[],
		);
		expect(find("warn", "recovery of a pending session abandoned")).toBeDefined();
		expect(find("error", "recovery of a pending session failed")).toBeUndefined();
	});
});

/** Leaves pending (or received) only the given sessions, so a recovery sees just those. */
async function onlyPending(ids: string[]) {
	await ctx.db
		.updateTable("sessions")
		.set({ pending_since: null })
		.where("id", "not in", ids)
		.execute();
	await ctx.db
		.updateTable("sessions")
		.set({ status: "failed" })
		.where("id", "not in", ids)
		.where("status", "=", "received")
		.execute();
}

describe("an upload the session already records", () => {
	it("stores the file again when storage lost it", async () => {
		const ingest = service();
		const key = newKey();
		const input = fileInput(key, "lap.six", files.lapSix);
		await ingest.acceptFile(input);
		await ctx.storage.delete(lapKey(key));
		storage.reset();
		const result = await ingest.acceptFile(input);
		expect(result.file.changed).toBe(true);
		expect(storage.puts.map((p) => p.key)).toEqual([lapKey(key)]);
		expect((await ctx.storage.head(lapKey(key)))?.sha256).toBe(input.sha256);
	});

	it("finishes a session still received, though not marked pending", async () => {
		const ingest = service();
		const key = newKey();
		const id = await receivedNotPending(key);
		const result = await ingest.acceptFile(fileInput(key, "lap.six", files.lapSix));
		expect(result.file.changed).toBe(false);
		expect(result.session).toMatchObject({ id, status: "processed", version: 1 });
	});
});

describe("an ingest racing other changes", () => {
	it("answers nothing for a session that does not exist", async () => {
		const ingest = service();
		expect(await ingest.ingestSession(newKey())).toBeNull();
		expect(await ingest.runJob(newKey())).toBeNull();
	});

	it("parses what storage holds when another upload replaced the bytes it had just parsed", async () => {
		const ingest = service();
		const key = newKey();
		const replacement = fileInput(key, "lap.six", simulatedFiles(33, 5).lapSix);
		let heads = 0;
		storage.onHead = async (info) => {
			heads += 1;
			// The second head is the check before applying: another process stored newer bytes.
			if (heads !== 2) return info;
			await ctx.storage.put(lapKey(key), replacement.bytes, { sha256: replacement.sha256 });
			return ctx.storage.head(lapKey(key));
		};
		const result = await ingest.acceptFile(fileInput(key, "lap.six", files.lapSix));
		expect(result.session).toMatchObject({ status: "processed", version: 1, error: null });
		const row = await sessionRow(result.session.id);
		expect(row.lap_sha256).toBe(replacement.sha256);
		const laps = await ctx.db
			.selectFrom("laps")
			.select("lap_number")
			.where("session_id", "=", row.id)
			.execute();
		expect(laps).toHaveLength(5);
	});

	it("answers nothing when the session vanished before its last try", async () => {
		const ingest = service();
		const key = newKey();
		const id = await pendingSession(key);
		// The first two parses find storage changed; the session is deleted during the third.
		storage.onHead = (info) =>
			storage.gets.length < 3 && info ? { ...info, sha256: "0".repeat(64) } : info;
		storage.onGet = async () => {
			if (storage.gets.length === 3)
				await ctx.db.deleteFrom("sessions").where("id", "=", id).execute();
		};
		expect(await ingest.runJob(key)).toBeNull();
	});

	it("logs the session whose files keep changing", async () => {
		const { log, find } = recordingLog();
		const ingest = service({ log });
		const key = newKey();
		const id = await pendingSession(key);
		storage.onHead = (info) => info && { ...info, sha256: "0".repeat(64) };
		await ingest.runJob(key);
		expect(find("warn", "ingest: files keep changing; left pending")?.args[0]).toEqual({
			session: id,
		});
	});

	it("tells the logger its file is kept when even recording the failure failed", async () => {
		const { log, find } = recordingLog();
		let transactions = 0;
		// The database is lost after the upload's record: applying and recording the failure fail.
		const db = new Proxy(ctx.db, {
			get(target, prop) {
				if (prop === "transaction" && ++transactions > 1) {
					return () => ({
						execute: async () => {
							throw new Error("conexão perdida");
						},
					});
				}
				const value = Reflect.get(target, prop, target);
				return typeof value === "function" ? value.bind(target) : value;
			},
		});
		const ingest = service({ db, log });
		const key = newKey();
		const result = await ingest.acceptFile(fileInput(key, "lap.six", files.lapSix));
		expect(result.session).toMatchObject({
			status: "received",
			version: 0,
			error: "O arquivo foi guardado, mas ainda não foi processado: será processado de novo.",
		});
		const line = find("error", "ingest failed after the file was recorded");
		expect(line?.args[0]).toMatchObject({
			session: result.session.id,
			err: { message: "conexão perdida" },
		});
		expect((await sessionRow(result.session.id)).pending_since).not.toBeNull();
	});
});

describe("an upload with a job queue", () => {
	it("answers with the session as recorded, and logs, when the ingest cannot be queued", async () => {
		const { log, find } = recordingLog();
		const ingest = service({
			log,
			answerWaitMs: 5000,
			jobs: {
				enqueue: async () => {
					throw new Error("fila fora do ar");
				},
			},
		});
		const key = newKey();
		const result = await ingest.acceptFile(fileInput(key, "lap.six", files.lapSix));
		expect(result.session).toMatchObject({ status: "received", version: 0, error: null });
		expect(result.file.changed).toBe(true);
		const line = find("error", "could not queue the ingest");
		expect(line?.args[0]).toMatchObject({
			session: result.session.id,
			err: { message: "fila fora do ar" },
		});
		expect((await sessionRow(result.session.id)).pending_since).not.toBeNull();
	});

	it("with no time to wait, answers with the session as recorded", async () => {
		let now: ReturnType<typeof vi.spyOn> | undefined;
		const ingest = service({
			answerWaitMs: 0,
			jobs: {
				enqueue: async (k) => {
					await ingest.runJob(k);
					// The clock stands still from here: the wait has no millisecond to run.
					now = vi.spyOn(Date, "now").mockReturnValue(Date.now());
				},
			},
		});
		try {
			const result = await ingest.acceptFile(fileInput(newKey(), "lap.six", files.lapSix));
			expect(result.session).toMatchObject({ status: "received", version: 0 });
			expect((await sessionRow(result.session.id)).status).toBe("processed");
		} finally {
			now?.mockRestore();
		}
	});

	it("answers as soon as the job is done, not when the wait runs out", async () => {
		const ingest = service({
			answerWaitMs: 20_000,
			jobs: {
				enqueue: async (k) => {
					await ingest.runJob(k);
				},
			},
		});
		const started = Date.now();
		const result = await ingest.acceptFile(fileInput(newKey(), "lap.six", files.lapSix));
		expect(result.session).toMatchObject({ status: "processed", version: 1 });
		expect(Date.now() - started).toBeLessThan(10_000);
	}, 30_000);

	/** A queue whose job runs a little later, in the background. */
	function laterJobs(before?: (k: SessionKey) => Promise<void>) {
		const jobs: Promise<unknown>[] = [];
		return {
			jobs,
			queue: (run: (k: SessionKey) => Promise<unknown>) => ({
				enqueue: async (k: SessionKey) => {
					await before?.(k);
					jobs.push(new Promise((resolve) => setTimeout(resolve, 350)).then(() => run(k)));
				},
			}),
		};
	}

	it("waits for a job that finishes later", async () => {
		const later = laterJobs();
		const ingest = service({ answerWaitMs: 8000, jobs: later.queue((k) => ingest.runJob(k)) });
		const result = await ingest.acceptFile(fileInput(newKey(), "lap.six", files.lapSix));
		await Promise.all(later.jobs);
		expect(result.session).toMatchObject({ status: "processed", version: 1 });
	}, 15_000);

	it("waits for the new version of a processed session", async () => {
		const key = newKey();
		await service().acceptFile(fileInput(key, "lap.six", files.lapSix));
		const later = laterJobs();
		const ingest = service({ answerWaitMs: 8000, jobs: later.queue((k) => ingest.runJob(k)) });
		const newer = simulatedFiles(34, 4).lapSix;
		const result = await ingest.acceptFile(fileInput(key, "lap.six", newer));
		await Promise.all(later.jobs);
		expect(result.session).toMatchObject({ status: "processed", version: 2 });
	}, 15_000);

	it("waits while the session is still received, even when no longer marked pending", async () => {
		const later = laterJobs(async (k) => {
			await ctx.db
				.updateTable("sessions")
				.set({ pending_since: null })
				.where("hardware_id", "=", k.hardwareId)
				.where("track", "=", k.track)
				.where("date", "=", isoDateOfFolder(k.date))
				.execute();
		});
		const ingest = service({ answerWaitMs: 8000, jobs: later.queue((k) => ingest.runJob(k)) });
		const result = await ingest.acceptFile(fileInput(newKey(), "lap.six", files.lapSix));
		await Promise.all(later.jobs);
		expect(result.session).toMatchObject({ status: "processed", version: 1 });
	}, 15_000);
});

describe("a job the queue gave up", () => {
	it("leaves a session applied meanwhile as it is, and logs the give-up", async () => {
		const { log, find } = recordingLog();
		const ingest = service({ log });
		const key = newKey();
		const { session } = await ingest.acceptFile(fileInput(key, "lap.six", files.lapSix));
		await ingest.markFailed(key, "desistiu");
		expect(await sessionRow(session.id)).toMatchObject({
			status: "processed",
			version: 1,
			error: null,
		});
		expect(find("warn", "ingest job gave up")?.args[0]).toEqual({ key, reason: "desistiu" });
	});

	it("does nothing for a session that no longer exists", async () => {
		await service().markFailed(newKey(), "desistiu");
	});

	it("records the reason on a processed session whose new file is pending", async () => {
		const ingest = service();
		const key = newKey();
		const { session } = await ingest.acceptFile(fileInput(key, "lap.six", files.lapSix));
		await pendingSession(key, simulatedFiles(35, 4).lapSix);
		await ingest.markFailed(key, "desistiu");
		const row = await sessionRow(session.id);
		expect(row).toMatchObject({ status: "processed", version: 1, error: "desistiu" });
		expect(row.pending_since).toBeNull();
	});

	it("records the reason on a session still received, though not marked pending", async () => {
		const ingest = service();
		const key = newKey();
		const id = await receivedNotPending(key);
		await ingest.markFailed(key, "desistiu");
		expect(await sessionRow(id)).toMatchObject({ status: "failed", error: "desistiu" });
	});
});

describe("the recovery of pending sessions at start", () => {
	it("still parses a session recovered twice before, and logs it", async () => {
		const { log, find } = recordingLog();
		const ingest = service({ log });
		const key = newKey();
		const id = await pendingSession(key);
		await ctx.db.updateTable("sessions").set({ ingest_attempts: 2 }).where("id", "=", id).execute();
		await onlyPending([id]);
		expect(await ingest.recoverPending()).toBe(1);
		expect(await sessionRow(id)).toMatchObject({ status: "processed", version: 1 });
		expect(find("info", "recovered pending session")?.args[0]).toEqual({
			session: id,
			status: "processed",
		});
	});

	it("with a job queue, queues each pending session instead of parsing it", async () => {
		const queued: SessionKey[] = [];
		const ingest = service({
			jobs: {
				enqueue: async (k) => {
					queued.push(k);
				},
			},
		});
		const key = newKey();
		const id = await pendingSession(key);
		await onlyPending([id]);
		expect(await ingest.recoverPending()).toBe(1);
		expect(queued).toEqual([key]);
		expect(await sessionRow(id)).toMatchObject({ status: "received", version: 0 });
		expect(storage.gets).toEqual([]);
	});

	it("logs a session it could not queue, with its key, and goes on with the others", async () => {
		const { log, find } = recordingLog();
		const first = newKey();
		const second = newKey();
		const ids = [await pendingSession(first), await pendingSession(second)];
		await onlyPending(ids);
		const queued: SessionKey[] = [];
		const ingest = service({
			log,
			jobs: {
				enqueue: async (k) => {
					if (k.date === first.date) throw new Error("fila fora do ar");
					queued.push(k);
				},
			},
		});
		expect(await ingest.recoverPending()).toBe(1);
		expect(queued).toEqual([second]);
		const line = find("error", "recovery of a pending session failed");
		expect(line?.args[0]).toMatchObject({ key: first, err: { message: "fila fora do ar" } });
	});

	it("does not parse again a session finished since it was listed", async () => {
		const ingest = service();
		const keys = [newKey(), newKey()];
		const ids = [await pendingSession(keys[0]!), await pendingSession(keys[1]!)];
		await onlyPending(ids);
		// While the first listed is parsed, another process finishes the second.
		storage.onGet = async (objectKey) => {
			storage.onGet = null;
			const other = keys.find((k) => lapKey(k) !== objectKey)!;
			await ingest.ingestSession(other);
		};
		expect(await ingest.recoverPending()).toBe(2);
		for (const id of ids) expect(await sessionRow(id)).toMatchObject({ version: 1 });
	});

	it("counts and logs no session deleted since it was listed", async () => {
		const { log, find, lines } = recordingLog();
		const ingest = service({ log });
		const keys = [newKey(), newKey()];
		const ids = [await pendingSession(keys[0]!), await pendingSession(keys[1]!)];
		await onlyPending(ids);
		let deleted = "";
		storage.onGet = async (objectKey) => {
			storage.onGet = null;
			deleted = ids[keys.findIndex((k) => lapKey(k) !== objectKey)]!;
			await ctx.db.deleteFrom("sessions").where("id", "=", deleted).execute();
		};
		expect(await ingest.recoverPending()).toBe(1);
		const recovered = lines.filter((l) => l.args[1] === "recovered pending session");
		expect(recovered.map((l) => l.args[0])).toEqual([
			{ session: ids.find((id) => id !== deleted), status: "processed" },
			{ session: undefined, status: undefined },
		]);
		expect(find("error", "recovery of a pending session failed")).toBeUndefined();
	});
});

describe("how an ingest ended, as its listeners hear it", () => {
	async function heard(run: (ingest: ReturnType<typeof service>) => Promise<unknown>) {
		const ingests: { result: string; seconds: number }[] = [];
		const onIngest = (message: unknown) => ingests.push(message as (typeof ingests)[number]);
		const ingest = service();
		subscribe(INGEST_CHANNEL, onIngest);
		try {
			await run(ingest);
		} finally {
			unsubscribe(INGEST_CHANNEL, onIngest);
		}
		for (const event of ingests) expect(event.seconds).toBeGreaterThanOrEqual(0);
		return ingests.map((e) => e.result);
	}

	it("failed: the files could not be used", async () => {
		const key = newKey();
		await pendingSession(key, "\u0000".repeat(50));
		expect(await heard((ingest) => ingest.runJob(key))).toEqual(["failed"]);
	});

	it("unchanged: nothing was left to do", async () => {
		const key = newKey();
		await service().acceptFile(fileInput(key, "lap.six", files.lapSix));
		expect(await heard((ingest) => ingest.runJob(key))).toEqual(["unchanged"]);
	});

	it("error: the ingest threw", async () => {
		const key = newKey();
		await pendingSession(key);
		const results = await heard(async (ingest) => {
			storage.onGet = () => {
				throw new Error("armazenamento fora do ar");
			};
			const error = await rejectionOf<Error>(ingest.runJob(key));
			expect(error.message).toMatch(/armazenamento fora do ar/);
		});
		expect(results).toEqual(["error"]);
	});
});
