import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { RetryLaterError } from "../errors";
import { createImportUsageRepository } from "../repositories/import-usage-repository";
import { createTestContext, type TestContext } from "../test/harness";
import { createImportLimits } from "./import-limits";

let ctx: TestContext;
beforeAll(async () => {
	ctx = await createTestContext();
}, 120_000);
afterAll(async () => {
	await ctx?.close();
});

const LIMITS = { concurrentPerUser: 1, concurrentTotal: 2, dailyBytesPerRider: 1000 };

describe("import limits", () => {
	it("lets two imports at once pass the daily quota together never", async () => {
		const rider = await ctx.createUser();
		const limits = createImportLimits(LIMITS, createImportUsageRepository(ctx.db));
		const results = await Promise.allSettled([
			limits.charge(rider.id, 600),
			limits.charge(rider.id, 600),
		]);
		expect(results.map((r) => r.status).sort()).toEqual(["fulfilled", "rejected"]);
		await expect(limits.charge(rider.id, 400)).resolves.toBeUndefined();
		await expect(limits.charge(rider.id, 1)).rejects.toBeInstanceOf(RetryLaterError);
	});

	it("counts each rider and each UTC day apart, and forgets past days", async () => {
		const rider = await ctx.createUser();
		const other = await ctx.createUser();
		let now = new Date("2025-03-01T23:59:00Z");
		const limits = createImportLimits(LIMITS, createImportUsageRepository(ctx.db), () => now);
		await limits.charge(rider.id, 1000);
		const refused = await limits.charge(rider.id, 1).catch((error: unknown) => error);
		expect(refused).toMatchObject({ statusCode: 429, code: "daily_quota_exceeded" });
		// A minute to midnight UTC.
		expect((refused as RetryLaterError).retryAfterSeconds).toBe(60);
		await limits.charge(other.id, 1000);
		now = new Date("2025-03-02T00:00:01Z");
		await limits.charge(rider.id, 1000);
		await limits.forgetPastDays();
		const days = await ctx.db
			.selectFrom("import_upload_usage")
			.select("day")
			.where("rider_id", "in", [rider.id, other.id])
			.execute();
		expect(days.map((d) => String(d.day))).toEqual(["2025-03-02"]);
	});

	it("holds one place per user and a few in the process (429, then 503)", () => {
		const limits = createImportLimits(LIMITS, createImportUsageRepository(ctx.db));
		const release = limits.enter("a");
		expect(() => limits.enter("a")).toThrow(expect.objectContaining({ statusCode: 429 }));
		const releaseB = limits.enter("b");
		expect(() => limits.enter("c")).toThrow(expect.objectContaining({ statusCode: 503 }));
		release();
		release();
		expect(limits.activeImports()).toBe(1);
		limits.enter("a")();
		releaseB();
		expect(limits.activeImports()).toBe(0);
	});
});
