import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createSecretBox } from "../crypto/secret-box";
import { WIFI_PASSWORD_PURPOSE } from "../services/profile-service";
import { createTestContext, type TestContext } from "../test/harness";

describe("/api/me and Meus Dados", () => {
	let ctx: TestContext;
	beforeAll(async () => {
		ctx = await createTestContext();
	}, 90_000);
	afterAll(() => ctx?.close());

	const valid = {
		wifiSsid: " Box da Pista ",
		wifiPassword: "s3nh@ com espaço ",
		pilotName: "Paula",
		bikeNumber: "27",
	};

	it("answers 401 with no session", async () => {
		for (const url of ["/api/me", "/api/me/profile"]) {
			const res = await ctx.request(null, { url });
			expect(res.statusCode).toBe(401);
			expect(res.json().message).toBe("É preciso entrar para continuar.");
		}
		const put = await ctx.request(null, { method: "PUT", url: "/api/me/profile", payload: valid });
		expect(put.statusCode).toBe(401);
	});

	it("returns the user and a CSRF token that works", async () => {
		const user = await ctx.createUser({ display_name: "Quem Sou", is_seller: true });
		const as = await ctx.signIn(user.id);
		const res = await ctx.request(as, { url: "/api/me" });
		expect(res.statusCode).toBe(200);
		expect(res.json()).toEqual({
			user: {
				id: user.id,
				email: user.email,
				displayName: "Quem Sou",
				photoUrl: null,
				isAdmin: false,
				isSeller: true,
				hardwareId: null,
				// A seller works without a logger of their own: no Wi-Fi to fill in first.
				needsEnrollment: false,
			},
			csrfToken: as.csrfToken,
		});
	});

	it("sends only riders without Wi-Fi to enroll", async () => {
		const cases = [
			[{}, true],
			[{ wifi_ssid: "Box" }, false],
			[{ is_admin: true }, false],
			[{ is_seller: true }, false],
		] as const;
		for (const [props, expected] of cases) {
			const user = await ctx.createUser(props);
			const res = await ctx.request(await ctx.signIn(user.id), { url: "/api/me" });
			expect([props, res.json().user.needsEnrollment]).toEqual([props, expected]);
		}
	});

	it("saves Meus Dados, encrypts the Wi-Fi password at rest and ends enrollment", async () => {
		const user = await ctx.createUser();
		const as = await ctx.signIn(user.id);
		const empty = await ctx.request(as, { url: "/api/me/profile" });
		expect(empty.json().profile).toEqual({
			email: user.email,
			hardwareId: null,
			wifiSsid: "",
			wifiPassword: "",
			pilotName: "",
			bikeNumber: "",
		});

		const saved = await ctx.request(as, { method: "PUT", url: "/api/me/profile", payload: valid });
		expect(saved.statusCode).toBe(200);
		expect(saved.headers["cache-control"]).toBe("no-store");
		const expected = {
			email: user.email,
			hardwareId: null,
			wifiSsid: "Box da Pista",
			wifiPassword: "s3nh@ com espaço ",
			pilotName: "Paula",
			bikeNumber: "27",
		};
		expect(saved.json().profile).toEqual(expected);
		expect(saved.json().user.needsEnrollment).toBe(false);

		const row = await ctx.db
			.selectFrom("users")
			.selectAll()
			.where("id", "=", user.id)
			.executeTakeFirstOrThrow();
		expect(row.wifi_password_enc).toMatch(/^v1:/);
		expect(row.wifi_password_enc).not.toContain("s3nh");
		expect(
			createSecretBox(ctx.config.secretKey, WIFI_PASSWORD_PURPOSE).open(
				row.wifi_password_enc ?? "",
			),
		).toBe("s3nh@ com espaço ");

		expect((await ctx.request(as, { url: "/api/me/profile" })).json().profile).toEqual(expected);
		expect((await ctx.request(as, { url: "/api/me" })).json().user.needsEnrollment).toBe(false);
	});

	it("shows the password only to its owner", async () => {
		const owner = await ctx.createUser();
		await ctx.request(await ctx.signIn(owner.id), {
			method: "PUT",
			url: "/api/me/profile",
			payload: valid,
		});
		const other = await ctx.createUser();
		const res = await ctx.request(await ctx.signIn(other.id), { url: "/api/me/profile" });
		expect(res.json().profile.wifiPassword).toBe("");
		expect(res.json().profile.email).toBe(other.email);
	});

	it("refuses unknown fields, missing fields and overlong values with a reason", async () => {
		const user = await ctx.createUser();
		const as = await ctx.signIn(user.id);
		const unknown = await ctx.request(as, {
			method: "PUT",
			url: "/api/me/profile",
			payload: { ...valid, isAdmin: true },
		});
		expect(unknown.statusCode).toBe(400);
		expect(unknown.json().error).toBe("validation");
		const missing = await ctx.request(as, {
			method: "PUT",
			url: "/api/me/profile",
			payload: { ...valid, pilotName: "  " },
		});
		expect(missing.statusCode).toBe(400);
		expect(missing.json().message).toContain("Nome do piloto é obrigatório.");
		const long = await ctx.request(as, {
			method: "PUT",
			url: "/api/me/profile",
			payload: { ...valid, wifiSsid: "x".repeat(33) },
		});
		expect(long.statusCode).toBe(400);
		const row = await ctx.db
			.selectFrom("users")
			.select(["wifi_ssid", "is_admin"])
			.where("id", "=", user.id)
			.executeTakeFirstOrThrow();
		expect(row).toEqual({ wifi_ssid: "", is_admin: false });
	});
});
