import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createSecretBox } from "../crypto/secret-box";
import { createTestLogger } from "../test/device-test-support";
import { createTestContext, type TestContext } from "../test/harness";
import { generateDeviceKey, hashDeviceKey } from "./device-keys";

let ctx: TestContext;

beforeAll(async () => {
	ctx = await createTestContext();
});
afterAll(async () => {
	await ctx?.close();
});

async function riderWithWifi(ssid: string, password: string | null) {
	const rider = await ctx.createUser({ wifi_ssid: ssid, pilot_name: "Ayrton", bike_number: "12" });
	if (password !== null) {
		const sealed = createSecretBox(ctx.config.secretKey, "wifi-password").seal(password);
		await ctx.db
			.updateTable("users")
			.set({ wifi_password_enc: sealed })
			.where("id", "=", rider.id)
			.execute();
	}
	return rider;
}

describe("GET /api/device/v1/config", () => {
	it("gives the current rider's Wi-Fi (decrypted), pilot name and bike number", async () => {
		const rider = await riderWithWifi("Box 7", "s3nh@ forte");
		const logger = await createTestLogger(ctx, { ownerId: rider.id });
		const res = await ctx.app.inject({
			method: "GET",
			url: "/api/device/v1/config",
			headers: logger.auth,
		});
		expect(res.statusCode).toBe(200);
		expect(res.json()).toEqual({
			hardwareId: logger.hardwareId,
			wifiSsid: "Box 7",
			wifiPassword: "s3nh@ forte",
			pilotName: "Ayrton",
			bikeNumber: "12",
		});
	});

	it("answers 404 no_rider for a logger in stock", async () => {
		const logger = await createTestLogger(ctx);
		const res = await ctx.app.inject({
			method: "GET",
			url: "/api/device/v1/config",
			headers: logger.auth,
		});
		expect(res.statusCode).toBe(404);
		expect(res.json()).toMatchObject({
			error: "no_rider",
			message: expect.stringContaining("piloto"),
		});
	});

	it("answers 404 wifi_not_configured when the rider has not filled the Wi-Fi", async () => {
		const rider = await ctx.createUser({ pilot_name: "Sem Wi-Fi" });
		const logger = await createTestLogger(ctx, { ownerId: rider.id });
		const res = await ctx.app.inject({
			method: "GET",
			url: "/api/device/v1/config",
			headers: logger.auth,
		});
		expect(res.statusCode).toBe(404);
		expect(res.json()).toMatchObject({
			error: "wifi_not_configured",
			message: expect.stringContaining("Meus Dados"),
		});
	});

	it("gives an empty password for an open network", async () => {
		const rider = await riderWithWifi("Aberta", null);
		const logger = await createTestLogger(ctx, { ownerId: rider.id });
		const res = await ctx.app.inject({
			method: "GET",
			url: "/api/device/v1/config",
			headers: logger.auth,
		});
		expect(res.statusCode).toBe(200);
		expect(res.json()).toMatchObject({ wifiSsid: "Aberta", wifiPassword: "" });
	});

	it("follows the logger when it changes hands", async () => {
		const first = await riderWithWifi("Primeiro", "a");
		const second = await riderWithWifi("Segundo", "b");
		const logger = await createTestLogger(ctx, { ownerId: first.id });
		await ctx.db
			.updateTable("users")
			.set({ hardware_id: null })
			.where("id", "=", first.id)
			.execute();
		await ctx.db
			.updateTable("hardware")
			.set({ owner_id: second.id })
			.where("id", "=", logger.hardwareId)
			.execute();
		const res = await ctx.app.inject({
			method: "GET",
			url: "/api/device/v1/config",
			headers: logger.auth,
		});
		expect(res.json()).toMatchObject({ wifiSsid: "Segundo", wifiPassword: "b" });
	});
});

describe("POST /api/device/v1/heartbeat", () => {
	it("records last seen and the firmware version", async () => {
		const logger = await createTestLogger(ctx);
		const before = Date.now();
		const res = await ctx.app.inject({
			method: "POST",
			url: "/api/device/v1/heartbeat",
			headers: logger.auth,
			payload: { version: "2.3.1" },
		});
		expect(res.statusCode).toBe(200);
		const body = res.json();
		expect(body.ok).toBe(true);
		expect(Date.parse(body.serverTime)).toBeGreaterThanOrEqual(before - 1000);
		const row = await ctx.db
			.selectFrom("hardware")
			.selectAll()
			.where("id", "=", logger.hardwareId)
			.executeTakeFirstOrThrow();
		expect(row.firmware_version).toBe("2.3.1");
		expect(row.last_seen_at?.getTime()).toBeGreaterThanOrEqual(before - 1000);
	});

	it("refuses a missing version with 400", async () => {
		const logger = await createTestLogger(ctx);
		const res = await ctx.app.inject({
			method: "POST",
			url: "/api/device/v1/heartbeat",
			headers: logger.auth,
			payload: {},
		});
		expect(res.statusCode).toBe(400);
		const row = await ctx.db
			.selectFrom("hardware")
			.selectAll()
			.where("id", "=", logger.hardwareId)
			.executeTakeFirstOrThrow();
		expect(row.last_seen_at).toBeNull();
	});
});

describe("device-key authentication", () => {
	const routes = [
		{ method: "GET" as const, url: "/api/device/v1/config" },
		{ method: "POST" as const, url: "/api/device/v1/heartbeat", payload: { version: "1" } },
		{
			method: "PUT" as const,
			url: "/api/device/v1/sessions/Interlagos/01022024/lap.six",
			payload: "x",
		},
	];

	it.each([
		["no header", {}],
		["an unknown key", { authorization: `Bearer ${generateDeviceKey()}` }],
		["a malformed header", { authorization: "Bearer not-a-key" }],
		["another scheme", { authorization: `Basic ${Buffer.from("a:b").toString("base64")}` }],
	])("answers 401 to %s", async (_name, headers) => {
		for (const route of routes) {
			const res = await ctx.app.inject({
				...route,
				headers: { ...headers, "content-type": "application/json" },
			});
			expect(res.statusCode, `${route.method} ${route.url}`).toBe(401);
			expect(res.json()).toMatchObject({ error: "invalid_device_key" });
		}
	});

	it("stops accepting a key once it is rotated", async () => {
		const rider = await riderWithWifi("Rot", "x");
		const logger = await createTestLogger(ctx, { ownerId: rider.id });
		const ok = await ctx.app.inject({
			method: "GET",
			url: "/api/device/v1/config",
			headers: logger.auth,
		});
		expect(ok.statusCode).toBe(200);
		const newKey = generateDeviceKey();
		await ctx.db
			.updateTable("hardware")
			.set({ device_key_hash: hashDeviceKey(newKey), key_rotated_at: new Date() })
			.where("id", "=", logger.hardwareId)
			.execute();
		const old = await ctx.app.inject({
			method: "GET",
			url: "/api/device/v1/config",
			headers: logger.auth,
		});
		expect(old.statusCode).toBe(401);
		const fresh = await ctx.app.inject({
			method: "GET",
			url: "/api/device/v1/config",
			headers: { authorization: `Bearer ${newKey}` },
		});
		expect(fresh.statusCode).toBe(200);
	});

	it("does not let a signed-in rider in with a cookie", async () => {
		const rider = await ctx.createUser();
		const signedIn = await ctx.signIn(rider.id);
		const res = await ctx.request(signedIn, { method: "GET", url: "/api/device/v1/config" });
		expect(res.statusCode).toBe(401);
	});
});
