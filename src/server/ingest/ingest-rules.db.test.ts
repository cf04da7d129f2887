import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parseLapFile } from "../../domain/six/parse-lap";
import { countSessionContents } from "../repositories/session-repository";
import type { ObjectStorage } from "../storage/object-storage";
import { createTestContext, type TestContext } from "../test/harness";
import { createHardware, fileInput, simulatedFiles } from "../test/ingest-test-support";
import { createIngestService, type IngestService, type SessionKey } from "./ingest-service";
import { sha256Hex } from "./session-files";
import { sessionKeyOrThrow, sessionObjectKey } from "./session-key";
import { MAX_STORED_REPORT_LINES } from "./session-version";

/**
 * Rules of a new session version that a regression could break silently: the laps it drops,
 * how much of its report is kept, and what happens when storage changes while it is parsed.
 */

const threeLaps = simulatedFiles(21, 3);
const fiveLaps = simulatedFiles(22, 5);

/** A `lap.six` with one readable lap and `bad` lines that each make one report line. */
function lapFileWithBadLines(bad: number): string {
	const good = threeLaps.lapSix.split("\n")[0]!;
	return `${good}\n${"lixo\n".repeat(bad)}`;
}

/**
 * Object storage whose next `get` runs `beforeRead` first: the ingest reads the session's other
 * file after recording an upload and before applying it, so a test can make a second upload
 * land exactly in that gap, as another process would.
 */
class GapStorage implements ObjectStorage {
	beforeRead: (() => Promise<void>) | null = null;
	readonly kind: ObjectStorage["kind"];
	constructor(private readonly inner: ObjectStorage) {
		this.kind = inner.kind;
	}
	private async gap() {
		const hook = this.beforeRead;
		this.beforeRead = null;
		if (hook) await hook();
	}
	async get(key: string) {
		await this.gap();
		return this.inner.get(key);
	}
	// gps.six is read as a stream (parse-gps-stream.ts): the gap opens there too.
	async getStream(key: string) {
		await this.gap();
		return this.inner.getStream(key);
	}
	put: ObjectStorage["put"] = (...args) => this.inner.put(...args);
	head: ObjectStorage["head"] = (...args) => this.inner.head(...args);
	list: ObjectStorage["list"] = (...args) => this.inner.list(...args);
	delete: ObjectStorage["delete"] = (...args) => this.inner.delete(...args);
	check: ObjectStorage["check"] = () => this.inner.check();
}

describe("a new session version", () => {
	let ctx: TestContext;
	let ingest: IngestService;
	let day = 0;

	beforeAll(async () => {
		ctx = await createTestContext();
		ingest = createIngestService({ db: ctx.db, storage: ctx.storage });
		await createHardware(ctx.db, "HW-R", (await ctx.createUser()).id);
	}, 180_000);
	afterAll(async () => {
		await ctx?.close();
	});

	function newKey(): SessionKey {
		day += 1;
		return {
			hardwareId: "HW-R",
			track: "Interlagos",
			date: `${String(day).padStart(2, "0")}022025`,
		};
	}

	async function lapRows(sessionId: string) {
		return ctx.db
			.selectFrom("laps")
			.select(["lap_number", "time_ms", "path"])
			.where("session_id", "=", sessionId)
			.orderBy("lap_number")
			.execute();
	}

	it("with fewer laps removes the laps the old one had beyond them", async () => {
		const key = newKey();
		await ingest.acceptFile(fileInput(key, "lap.six", fiveLaps.lapSix));
		const old = await ingest.acceptFile(fileInput(key, "gps.six", fiveLaps.gpsSix));
		expect((await lapRows(old.session.id)).map((l) => l.lap_number)).toEqual([1, 2, 3, 4, 5]);

		await ingest.acceptFile(fileInput(key, "lap.six", threeLaps.lapSix));
		const fresh = await ingest.acceptFile(fileInput(key, "gps.six", threeLaps.gpsSix));
		expect(fresh.session.version).toBe(old.session.version + 2);
		const laps = await lapRows(fresh.session.id);
		expect(laps.map((l) => l.lap_number)).toEqual([1, 2, 3]);
		expect(laps.map((l) => l.time_ms)).toEqual(
			parseLapFile(new TextEncoder().encode(threeLaps.lapSix)).laps.map((l) => l.timeMs),
		);
		const tree = await ctx.db
			.selectFrom("sessions")
			.select(["summary"])
			.where("id", "=", fresh.session.id)
			.executeTakeFirstOrThrow();
		expect((tree.summary as { lapCount: number }).lapCount).toBe(3);
	});

	it(`keeps a report of exactly ${MAX_STORED_REPORT_LINES} lines whole`, async () => {
		expect(MAX_STORED_REPORT_LINES).toBe(2000);
		const key = newKey();
		const result = await ingest.acceptFile(fileInput(key, "lap.six", lapFileWithBadLines(2000)));
		const stored = await countSessionContents(ctx.db, result.session.id);
		expect(stored).toMatchObject({ laps: 1, reportLines: 2000 });
	});

	it("cuts a longer report to 2,000 lines and one line saying how many were left out", async () => {
		const key = newKey();
		const result = await ingest.acceptFile(fileInput(key, "lap.six", lapFileWithBadLines(2500)));
		expect(await countSessionContents(ctx.db, result.session.id)).toMatchObject({
			laps: 1,
			reportLines: 2001,
		});
		const row = await ctx.db
			.selectFrom("sessions")
			.select("report")
			.where("id", "=", result.session.id)
			.executeTakeFirstOrThrow();
		const report = row.report as { line: number; reason: string }[];
		expect(report[1999]).toMatchObject({ line: 2001 });
		expect(report[2000]).toMatchObject({ reason: "mais 500 problemas não listados" });
	});
});

describe("two uploads of one session racing between parse and apply", () => {
	let ctx: TestContext;
	let gap: GapStorage;
	const key: SessionKey = { hardwareId: "HW-RACE", track: "Interlagos", date: "01032025" };

	beforeAll(async () => {
		ctx = await createTestContext();
		gap = new GapStorage(ctx.storage);
		await createHardware(ctx.db, key.hardwareId, (await ctx.createUser()).id);
	}, 180_000);
	afterAll(async () => {
		await ctx?.close();
	});

	it("applies the bytes storage holds, never the older ones it parsed", async () => {
		// Two processes: each its own service (its own in-process lock), one database, one store.
		const first = createIngestService({ db: ctx.db, storage: gap });
		const second = createIngestService({ db: ctx.db, storage: ctx.storage });
		await first.acceptFile(fileInput(key, "gps.six", threeLaps.gpsSix));

		const older = fileInput(key, "lap.six", fiveLaps.lapSix);
		const newer = fileInput(key, "lap.six", threeLaps.lapSix);
		let secondVersion = 0;
		// `first` has recorded `older` and reads gps.six to parse: `second` stores `newer` now.
		gap.beforeRead = async () => {
			secondVersion = (await second.acceptFile(newer)).session.version;
		};
		const result = await first.acceptFile(older);
		expect(secondVersion).toBeGreaterThan(0);

		const row = await ctx.db
			.selectFrom("sessions")
			.select(["id", "lap_sha256", "version", "pending_since", "summary"])
			.where("hardware_id", "=", key.hardwareId)
			.executeTakeFirstOrThrow();
		const stored = await ctx.storage.get(sessionObjectKey(sessionKeyOrThrow(key, "lap.six")));
		expect(sha256Hex(stored!)).toBe(newer.sha256);
		// The row, the laps and the figures all describe what storage holds.
		expect(row.lap_sha256).toBe(newer.sha256);
		expect(row.pending_since).toBeNull();
		expect((row.summary as { lapCount: number }).lapCount).toBe(3);
		const laps = await ctx.db
			.selectFrom("laps")
			.select("lap_number")
			.where("session_id", "=", row.id)
			.orderBy("lap_number")
			.execute();
		expect(laps.map((l) => l.lap_number)).toEqual([1, 2, 3]);
		// One version for gps.six, one for `newer`; `older` never became one.
		expect(row.version).toBe(secondVersion);
		expect(result.session.version).toBe(secondVersion);
	});
});
