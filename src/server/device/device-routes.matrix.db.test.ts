import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createSecretBox } from "../crypto/secret-box";
import type { MatrixFixture } from "../test/access-matrix-types";
import { createTestLogger, type TestLogger } from "../test/device-test-support";
import { createTestContext, type SignedIn, type TestContext } from "../test/harness";
import { deviceRouteMatrix } from "./device-routes.matrix";

/**
 * The device rows of the access matrix, run here for the actors that matter to them (the app-wide
 * matrix test runs every actor): anonymous, the device, a rider and an admin.
 */
let ctx: TestContext;
let device: TestLogger;
let rider: SignedIn;
let admin: SignedIn;
let fx: MatrixFixture;

beforeAll(async () => {
	ctx = await createTestContext();
	const riderA = await ctx.createUser({ wifi_ssid: "Box", pilot_name: "A" });
	await ctx.db
		.updateTable("users")
		.set({ wifi_password_enc: createSecretBox(ctx.config.secretKey, "wifi-password").seal("x") })
		.where("id", "=", riderA.id)
		.execute();
	const adminUser = await ctx.createUser({ is_admin: true });
	device = await createTestLogger(ctx, { ownerId: riderA.id });
	rider = await ctx.signIn(riderA.id);
	admin = await ctx.signIn(adminUser.id);
	const none = { id: "00000000-0000-0000-0000-000000000000", email: "none@example.com" };
	fx = {
		riderA: { id: riderA.id, email: riderA.email },
		riderB: none,
		sellerS1: none,
		sellerS2: none,
		admin: { id: adminUser.id },
		hardwareA: device.hardwareId,
		hardwareB: "none",
		stockS1: "none",
		sessionA: none.id,
		shareA: { id: none.id, token: "none" },
		expiredShareToken: "none",
		revokedShareToken: "none",
	};
});
afterAll(async () => {
	await ctx?.close();
});

describe("device route matrix", () => {
	for (const row of deviceRouteMatrix) {
		it(`${row.method} ${row.url({} as MatrixFixture)}`, async () => {
			const actors = [
				["anonymous", null, {}],
				["device", null, device.auth],
				["riderA", rider, {}],
				["admin", admin, {}],
			] as const;
			for (const [name, signedIn, auth] of actors) {
				const body = row.body?.(fx);
				const res = await ctx.request(signedIn, {
					method: row.method,
					url: row.url(fx),
					headers: { ...auth, ...(row.headers?.(fx) ?? {}) },
					...(body === undefined ? {} : { payload: body as string | object }),
				});
				expect(res.statusCode, `${name}: ${res.body}`).toBe(row.expected[name]);
			}
		});
	}

	it("leaves no session, object or staged upload behind", async () => {
		expect(await ctx.db.selectFrom("sessions").selectAll().execute()).toEqual([]);
		expect((await ctx.storage.list("")).objects).toEqual([]);
	});
});
