import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createIngestService, type IngestService } from "../ingest/ingest-service";
import { createTestContext, type SignedIn, type TestContext } from "../test/harness";
import { createHardware, fileInput, simulatedFiles } from "../test/ingest-test-support";

describe("admin overview", () => {
	let ctx: TestContext;
	let ingest: IngestService;
	let admin: SignedIn;
	let rider: { id: string; email: string };
	const files = simulatedFiles(31, 2);

	beforeAll(async () => {
		ctx = await createTestContext();
		ingest = createIngestService({ db: ctx.db, storage: ctx.storage });
		admin = await ctx.signIn((await ctx.createUser({ is_admin: true })).id);
		rider = await ctx.createUser();
		await createHardware(ctx.db, "SEEN", rider.id);
		await createHardware(ctx.db, "OLD", null);
		await createHardware(ctx.db, "NEVER", null);
		await ctx.db
			.updateTable("hardware")
			.set({ last_seen_at: new Date(Date.now() - 60_000), firmware_version: "2.4.1" })
			.where("id", "=", "SEEN")
			.execute();
		await ctx.db
			.updateTable("hardware")
			.set({ last_seen_at: new Date(Date.now() - 9 * 86_400_000) })
			.where("id", "=", "OLD")
			.execute();
		const put = (track: string, date: string, name: "lap.six" | "gps.six", text: string) =>
			ingest.acceptFile(fileInput({ hardwareId: "SEEN", track, date }, name, text));
		await put("Interlagos", "02032025", "lap.six", files.lapSix);
		await put("Interlagos", "02032025", "gps.six", files.gpsSix);
		await put("Quebrada", "03032025", "gps.six", "lixo\nmais lixo\n");
		// An old session: its files arrived two days ago.
		await put("Antiga", "01012025", "lap.six", files.lapSix);
		await ctx.db
			.updateTable("sessions")
			.set({ updated_at: new Date(Date.now() - 2 * 86_400_000) })
			.where("track", "=", "Antiga")
			.execute();
	}, 120_000);
	afterAll(() => ctx?.close());

	const overview = async (query = "") => {
		const res = await ctx.request(admin, { method: "GET", url: `/api/admin/overview${query}` });
		expect(res.statusCode, res.body).toBe(200);
		return res.json();
	};

	it("lists loggers by last contact, never-seen last", async () => {
		const body = await overview();
		expect(body.loggers.map((l: { id: string }) => l.id)).toEqual(["SEEN", "OLD", "NEVER"]);
		expect(body.loggers[0]).toMatchObject({ ownerEmail: rider.email, firmwareVersion: "2.4.1" });
		expect(body.loggers[2].lastSeenAt).toBeNull();
		expect(body.counts).toMatchObject({ loggers: 3, sessions: 3 });
	});

	it("lists the sessions received since the start of the day, newest first", async () => {
		const body = await overview();
		const tracks = body.sessionsToday.map((s: { track: string }) => s.track);
		expect(tracks.sort()).toEqual(["Interlagos", "Quebrada"]);
		const interlagos = body.sessionsToday.find((s: { track: string }) => s.track === "Interlagos");
		expect(interlagos).toMatchObject({
			hardwareId: "SEEN",
			riderEmail: rider.email,
			date: "2025-03-02",
			status: "processed",
			lapCount: 2,
			error: null,
		});
		// The simulator leaves 3 damaged lines in every gps.six.
		expect(interlagos.ignoredLines).toBe(3);
		const since = new Date(Date.now() - 3 * 86_400_000).toISOString();
		const wider = await overview(`?since=${encodeURIComponent(since)}`);
		expect(wider.sessionsToday).toHaveLength(3);
		expect(wider.since).toBe(since);
	});

	it("lists the sessions that could not be read, with the reason", async () => {
		const body = await overview();
		expect(body.failedIngests).toHaveLength(1);
		expect(body.failedIngests[0]).toMatchObject({
			track: "Quebrada",
			status: "failed",
			lapCount: 0,
		});
		expect(body.failedIngests[0].error).toMatch(/gps\.six/);
	});

	it("refuses a `since` that is not a date", async () => {
		const res = await ctx.request(admin, {
			method: "GET",
			url: "/api/admin/overview?since=ontem",
		});
		expect(res.statusCode).toBe(400);
	});
});
