import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestContext, type TestContext } from "../test/harness";
import { createHardware, fileInput } from "../test/ingest-test-support";
import { createIngestService, type IngestService } from "./ingest-service";
import { buildSessionVersion } from "./session-version";

/**
 * The property behind "ingest never fails silently": whatever the parsers accept, the database
 * stores. Files are made of lines close to the formats, with the values that once passed the
 * parser and broke the insert: NUL bytes and odd Unicode in text fields, integers around and past
 * 2^31, UTF-16. Runs on PGlite and, with TEST_DATABASE_URL, on PostgreSQL (a `*.db.test.ts`).
 */

const bigIntegers = fc.constantFrom(
	"2147483646",
	"2147483647",
	"2147483648",
	"4294967295",
	"4294967296",
	"9007199254740993",
	"99999999999999999999",
);
const integerText = fc.oneof(
	{ weight: 12, arbitrary: fc.nat({ max: 3000 }).map(String) },
	{ weight: 1, arbitrary: bigIntegers },
);
const oddText = fc.constantFrom(
	"\u0000",
	"a\u0000b",
	"ãé🏁",
	"\u00a0",
	"\uffff",
	"\u0001",
	"'\"\\",
);
const textField = fc
	.oneof(
		{ weight: 2, arbitrary: fc.constantFrom("12.6V", "87%", "") },
		{ weight: 2, arbitrary: oddText },
		{ weight: 1, arbitrary: fc.string({ unit: "binary", maxLength: 6 }) },
	)
	.map((s) => s.replace(/[|\n\r,]/g, ""));
const lapTime = fc.oneof(
	{ weight: 6, arbitrary: fc.constantFrom("0123456", "0059000", "0201999") },
	{ weight: 1, arbitrary: fc.constantFrom("12345678", "0199000", "01\u00002345") },
);
const sector = fc.oneof(
	{ weight: 2, arbitrary: fc.constant("") },
	{
		weight: 1,
		arbitrary: fc
			.tuple(
				integerText,
				fc.constantFrom("0", "1"),
				integerText,
				integerText,
				textField,
				integerText,
			)
			.map((parts) => parts.join(",")),
	},
);
const lapLine = fc
	.tuple(
		lapTime,
		textField,
		fc.oneof(
			{ weight: 12, arbitrary: fc.nat({ max: 86_399 }).map(String) },
			{ weight: 1, arbitrary: bigIntegers },
		),
		sector,
		sector,
		sector,
		sector,
		integerText,
		integerText,
		fc.oneof(
			{ weight: 8, arbitrary: fc.integer({ min: 1, max: 50 }).map(String) },
			{ weight: 1, arbitrary: bigIntegers },
		),
	)
	.map((fields) => fields.join("|"));
const decimal = (max: number) =>
	fc.integer({ min: -max * 1e4, max: max * 1e4 }).map((n) => (n / 1e4).toFixed(4));
const gpsLine = fc
	.tuple(
		decimal(90),
		decimal(180),
		fc.nat({ max: 300 }).map(String),
		integerText,
		fc.integer({ min: 0, max: 86_399 }).map((s) => {
			const hh = String(Math.floor(s / 3600)).padStart(2, "0");
			const mm = String(Math.floor((s % 3600) / 60)).padStart(2, "0");
			return `${hh}${mm}${String(s % 60).padStart(2, "0")}.00`;
		}),
		integerText,
		fc.constantFrom("0", "1"),
		textField,
		decimal(90),
		decimal(90),
		integerText,
		fc.boolean(),
	)
	.map(([lat, lon, speed, sats, time, lap, flag, battery, roll, lean, distance, old]) => {
		const head = `${lat},${lon}|${speed}|${sats}|${time}|${lap}|${flag}|${battery}`;
		return old ? head : `${head}|${roll}|${lean}|${distance}`;
	});
const encoding = fc.constantFrom<"utf8" | "utf16le">("utf8", "utf8", "utf8", "utf16le");
const fileOf = (line: fc.Arbitrary<string>) =>
	fc
		.tuple(fc.array(line, { minLength: 1, maxLength: 6 }), encoding)
		.map(([lines, enc]) => Buffer.from(`${lines.join("\n")}\n`, enc));

let ctx: TestContext;
let ingest: IngestService;
let day = 0;

beforeAll(async () => {
	ctx = await createTestContext();
	ingest = createIngestService({ db: ctx.db, storage: ctx.storage });
	await createHardware(ctx.db, "HW-PROP", null);
});
afterAll(async () => {
	await ctx?.close();
});

/** A new session for each run: a new day from 2020-01-01 on. */
function nextKey() {
	const date = new Date(Date.UTC(2020, 0, 1 + day++));
	const folder = `${String(date.getUTCDate()).padStart(2, "0")}${String(date.getUTCMonth() + 1).padStart(2, "0")}${date.getUTCFullYear()}`;
	return { hardwareId: "HW-PROP", track: "Prop", date: folder };
}

describe("every file the parsers accept is stored by the database", () => {
	it("holds for lap.six and gps.six made of near-valid lines with hostile values", async () => {
		await fc.assert(
			fc.asyncProperty(
				fc.option(fileOf(lapLine), { nil: null }),
				fc.option(fileOf(gpsLine), { nil: null }),
				async (lap, gps) => {
					if (lap === null && gps === null) return;
					const key = nextKey();
					const built = buildSessionVersion("x", lap, gps);
					let result: Awaited<ReturnType<IngestService["acceptFile"]>> | null = null;
					if (lap) result = await ingest.acceptFile(fileInput(key, "lap.six", lap));
					if (gps) result = await ingest.acceptFile(fileInput(key, "gps.six", gps));
					const row = await ctx.db
						.selectFrom("sessions")
						.select(["status", "version", "error", "pending_since"])
						.where("id", "=", result!.session.id)
						.executeTakeFirstOrThrow();
					// Never left pending, whatever the content.
					expect(row.pending_since).toBeNull();
					if (built.ok) {
						// Accepted by the parsers: stored as a version, with no error.
						expect(row.error).toBeNull();
						expect(row.status).toBe("processed");
						const laps = await ctx.db
							.selectFrom("laps")
							.select(["lap_number"])
							.innerJoin("sessions", "sessions.id", "laps.session_id")
							.where("sessions.id", "=", result!.session.id)
							.execute();
						expect(laps).toHaveLength(built.version.laps.length);
					} else {
						expect(row.error).toBe(built.error);
					}
				},
			),
			{ numRuns: 60 },
		);
	}, 120_000);
});
