import { readFileSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestContext, type TestContext } from "../test/harness";
import { DEMO_LOGGERS, DEMO_SESSIONS, DEMO_USERS } from "./demo-plan";
import { seedDemoData } from "./seed-demo";

describe("seedDemoData", () => {
	let ctx: TestContext;
	beforeAll(async () => {
		ctx = await createTestContext();
	});
	afterAll(() => ctx.close());

	const seed = () =>
		seedDemoData({
			db: ctx.db,
			ingest: ctx.app.ingest,
			secretKey: ctx.config.secretKey,
			dataDir: ctx.dataDir,
		});

	it("fills an empty database with the demo accounts, loggers and processed sessions", async () => {
		const result = await seed();
		expect(result).toMatchObject({
			seeded: true,
			users: DEMO_USERS.length,
			loggers: DEMO_LOGGERS.length,
			sessions: DEMO_SESSIONS.length,
		});

		const users = await ctx.db
			.selectFrom("users")
			.select(["email", "hardware_id", "is_admin"])
			.execute();
		expect(users.map((u) => u.email).sort()).toEqual(DEMO_USERS.map((u) => u.email).sort());
		expect(users.find((u) => u.email === "piloto1@lapsix.example")?.hardware_id).toBe("1");
		expect(users.find((u) => u.email === "admin@lapsix.example")?.is_admin).toBe(true);

		const sessions = await ctx.db
			.selectFrom("sessions")
			.innerJoin("users", "users.id", "sessions.rider_id")
			.select(["users.email", "sessions.status", "sessions.track", "sessions.id"])
			.execute();
		expect(sessions).toHaveLength(DEMO_SESSIONS.length);
		expect(sessions.every((s) => s.status === "processed")).toBe(true);
		expect(sessions.filter((s) => s.email === "piloto1@lapsix.example")).toHaveLength(3);

		const laps = await ctx.db.selectFrom("laps").select(["session_id", "point_count"]).execute();
		const expectedLaps = DEMO_SESSIONS.reduce((sum, s) => sum + s.laps, 0);
		expect(laps).toHaveLength(expectedLaps);
		expect(laps.every((lap) => lap.point_count > 0)).toBe(true);
	});

	it("writes working device keys: the listed key of logger 1 fetches Paula's configuration", async () => {
		const file = readFileSync(`${ctx.dataDir}/demo-device-keys.txt`, "utf8");
		const key = file
			.split("\n")
			.find((line) => line.startsWith("1\t"))
			?.split("\t")[1];
		expect(key).toMatch(/^lsx_/);
		const res = await ctx.app.inject({
			url: "/api/device/v1/config",
			headers: { authorization: `Bearer ${key}` },
		});
		expect(res.statusCode).toBe(200);
		expect(res.json()).toMatchObject({
			hardwareId: "1",
			wifiSsid: "Box-Paula",
			wifiPassword: "paula-wifi-2025",
		});
	});

	it("never touches a database that already has users", async () => {
		expect(await seed()).toEqual({ seeded: false, reason: "not-empty" });
		const count = await ctx.db
			.selectFrom("sessions")
			.select((eb) => eb.fn.countAll<string>().as("n"))
			.executeTakeFirstOrThrow();
		expect(Number(count.n)).toBe(DEMO_SESSIONS.length);
	});
});
