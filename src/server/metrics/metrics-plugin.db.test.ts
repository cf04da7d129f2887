import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../app";
import { createTestContext, type TestContext } from "../test/harness";
import { createHardware, fileInput, simulatedFiles } from "../test/ingest-test-support";

const TOKEN = "metrics-token-for-tests-0123456789abcdef";

/** The value of one sample (`name{labels} value`), or undefined when it is absent. */
function sample(
	text: string,
	name: string,
	labels: Record<string, string> = {},
): number | undefined {
	for (const line of text.split("\n")) {
		if (!line.startsWith(`${name}{`) && !line.startsWith(`${name} `)) continue;
		const wanted = Object.entries(labels).every(([k, v]) => line.includes(`${k}="${v}"`));
		if (wanted) return Number(line.slice(line.lastIndexOf(" ") + 1));
	}
	return undefined;
}

describe("/metrics", () => {
	let ctx: TestContext;
	const scrape = async () => {
		const res = await ctx.app.inject({
			url: "/metrics",
			headers: { authorization: `Bearer ${TOKEN}` },
		});
		expect(res.statusCode).toBe(200);
		expect(res.headers["content-type"]).toMatch(/^text\/plain; version=0\.0\.4/);
		return res.body;
	};

	beforeAll(async () => {
		ctx = await createTestContext({ env: { METRICS_TOKEN: TOKEN } });
	});
	afterAll(() => ctx?.close());

	it("counts requests by route pattern and status, never by raw URL", async () => {
		await ctx.app.inject({ url: "/healthz" });
		await ctx.app.inject({ url: "/healthz" });
		await ctx.app.inject({ url: "/api/sessions/00000000-0000-4000-8000-000000000000" });
		await ctx.app.inject({ method: "DELETE", url: "/nowhere" });
		const text = await scrape();
		const count = "lapsix_http_request_duration_seconds_count";
		expect(sample(text, count, { route: "/healthz", status_code: "200", method: "GET" })).toBe(2);
		expect(sample(text, count, { route: "/api/sessions/:sessionId", status_code: "401" })).toBe(1);
		expect(sample(text, count, { route: "unmatched", status_code: "404", method: "DELETE" })).toBe(
			1,
		);
		expect(text).not.toContain("00000000-0000-4000-8000-000000000000");
		expect(sample(text, "process_cpu_user_seconds_total")).toBeGreaterThan(0);
		expect(sample(text, "nodejs_heap_size_used_bytes")).toBeGreaterThan(0);
	});

	it("measures ingests, their failures and the bytes uploaded", async () => {
		await createHardware(ctx.db, "M1", null);
		const files = simulatedFiles(3, 2, 10);
		const key = { hardwareId: "M1", track: "interlagos", date: "10032024" };
		const lap = fileInput(key, "lap.six", files.lapSix);
		const gps = fileInput(key, "gps.six", files.gpsSix);
		await ctx.app.ingest.acceptFile(lap);
		await ctx.app.ingest.acceptFile(gps);
		await ctx.app.ingest.acceptFile(gps);
		const broken = fileInput({ ...key, date: "11032024" }, "lap.six", "not a lap file\n");
		await ctx.app.ingest.acceptFile(broken);

		const text = await scrape();
		expect(sample(text, "lapsix_ingest_duration_seconds_count", { result: "applied" })).toBe(2);
		expect(sample(text, "lapsix_ingest_failures_total", { result: "failed" })).toBe(1);
		expect(sample(text, "lapsix_uploads_total", { file: "gps.six", changed: "false" })).toBe(1);
		expect(sample(text, "lapsix_upload_bytes_total", { file: "gps.six" })).toBe(gps.bytes.length);
		expect(sample(text, "lapsix_upload_bytes_total", { file: "lap.six" })).toBe(
			lap.bytes.length + broken.bytes.length,
		);
	});

	it("reports the database pool and the sessions waiting for their ingest", async () => {
		let text = await scrape();
		expect(sample(text, "lapsix_queue_depth", { queue: "ingest" })).toBe(0);
		expect(sample(text, "lapsix_queue_oldest_age_seconds", { queue: "ingest" })).toBe(0);
		const max = ctx.database.engine === "pglite" ? 1 : 10;
		expect(sample(text, "lapsix_db_pool_connections", { state: "max" })).toBe(max);
		expect(sample(text, "lapsix_db_pool_waiting")).toBe(0);

		await ctx.db
			.updateTable("sessions")
			.set({ pending_since: new Date(Date.now() - 90_000) })
			.execute();
		text = await scrape();
		expect(sample(text, "lapsix_queue_depth", { queue: "ingest" })).toBe(2);
		expect(sample(text, "lapsix_queue_oldest_age_seconds", { queue: "ingest" })).toBeGreaterThan(
			89,
		);
		await ctx.db.updateTable("sessions").set({ pending_since: null }).execute();
	});

	it("refuses a wrong token, a missing one, and everyone when METRICS_TOKEN is unset", async () => {
		const wrong = await ctx.app.inject({
			url: "/metrics",
			headers: { authorization: `Bearer ${TOKEN}x` },
		});
		expect(wrong.statusCode).toBe(401);
		expect(wrong.json()).toMatchObject({ error: "invalid_metrics_token" });
		expect((await ctx.app.inject({ url: "/metrics" })).statusCode).toBe(401);

		const unset = await buildApp(
			{
				config: { ...ctx.config, metricsToken: undefined },
				database: ctx.database,
				storage: ctx.storage,
			},
			{ logger: false },
		);
		try {
			const res = await unset.inject({
				url: "/metrics",
				headers: { authorization: `Bearer ${TOKEN}` },
			});
			expect(res.statusCode).toBe(401);
		} finally {
			await unset.close();
		}
	});
});
