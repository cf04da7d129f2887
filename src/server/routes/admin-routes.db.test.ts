import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as adminApi from "../../shared/api/admin";
import type { Endpoint } from "../../shared/endpoint";
import { hashDeviceKey } from "../device/device-keys";
import type { MatrixActor, MatrixFixture } from "../test/access-matrix-types";
import { createTestContext, type SignedIn, type TestContext } from "../test/harness";
import { adminRouteMatrix } from "./admin-routes.matrix";

let ctx: TestContext;
let fx: MatrixFixture;
const as = {} as Record<Exclude<MatrixActor, "anonymous" | "device">, SignedIn>;
let deviceKeyA: string;

async function registerLogger(id: string, props: { owner?: string; seller?: string } = {}) {
	const key = `lsx_${id.padEnd(43, "x")}`;
	deviceKeyA ??= key;
	await ctx.db
		.insertInto("hardware")
		.values({
			id,
			owner_id: props.owner ?? null,
			seller_id: props.seller ?? null,
			device_key_hash: hashDeviceKey(key),
		})
		.execute();
	if (props.owner)
		await ctx.db
			.updateTable("users")
			.set({ hardware_id: id })
			.where("id", "=", props.owner)
			.execute();
}

beforeAll(async () => {
	ctx = await createTestContext();
	const admin = await ctx.createUser({ email: "admin@example.com", is_admin: true });
	const s1 = await ctx.createUser({ email: "s1@example.com", is_seller: true });
	const s2 = await ctx.createUser({ email: "s2@example.com", is_seller: true });
	const riderA = await ctx.createUser({
		email: "a@example.com",
		seller_id: s1.id,
		wifi_ssid: "rede",
	});
	const riderB = await ctx.createUser({
		email: "b@example.com",
		seller_id: s2.id,
		wifi_ssid: "rede",
	});
	await registerLogger("HW-A", { owner: riderA.id });
	await registerLogger("HW-B", { owner: riderB.id });
	await registerLogger("STOCK-S1", { seller: s1.id });
	fx = {
		riderA: { id: riderA.id, email: riderA.email },
		riderB: { id: riderB.id, email: riderB.email },
		sellerS1: { id: s1.id },
		sellerS2: { id: s2.id },
		admin: { id: admin.id },
		hardwareA: "HW-A",
		hardwareB: "HW-B",
		stockS1: "STOCK-S1",
		sessionA: "00000000-0000-4000-8000-000000000000",
		shareA: { id: "00000000-0000-4000-8000-000000000000", token: "none" },
		expiredShareToken: "none",
		revokedShareToken: "none",
	};
	as.admin = await ctx.signIn(admin.id);
	as.sellerS1 = await ctx.signIn(s1.id);
	as.sellerS2 = await ctx.signIn(s2.id);
	as.riderA = await ctx.signIn(riderA.id);
	as.riderB = await ctx.signIn(riderB.id);
});
afterAll(() => ctx.close());

/** Placeholders that name the rows in the test report. */
const NAMES: MatrixFixture = {
	riderA: { id: "{riderA}", email: "{riderA.email}" },
	riderB: { id: "{riderB}", email: "{riderB.email}" },
	sellerS1: { id: "{sellerS1}" },
	sellerS2: { id: "{sellerS2}" },
	admin: { id: "{admin}" },
	hardwareA: "{hardwareA}",
	hardwareB: "{hardwareB}",
	stockS1: "{stockS1}",
	sessionA: "{sessionA}",
	shareA: { id: "{shareA}", token: "{shareA.token}" },
	expiredShareToken: "{expiredShareToken}",
	revokedShareToken: "{revokedShareToken}",
};

const ACTORS: MatrixActor[] = [
	"anonymous",
	"device",
	"riderA",
	"riderB",
	"sellerS1",
	"sellerS2",
	"admin",
];

describe("access matrix of the management API", () => {
	for (const row of adminRouteMatrix) {
		it(`${row.method} ${row.url(NAMES)}`, async () => {
			// Twice in a row, so each mutating row is shown to be repeatable.
			for (const round of [1, 2]) {
				for (const actor of ACTORS) {
					const signedIn = actor === "anonymous" || actor === "device" ? null : as[actor];
					const res = await ctx.request(signedIn, {
						method: row.method,
						url: row.url(fx),
						...(row.body ? { payload: row.body(fx) as object } : {}),
						headers: {
							...(actor === "device" ? { authorization: `Bearer ${deviceKeyA}` } : {}),
							...(row.headers?.(fx) ?? {}),
						},
					});
					expect({ round, actor, status: res.statusCode }).toEqual({
						round,
						actor,
						status: row.expected[actor],
					});
					expect(res.headers["content-type"]).toMatch(/application\/json/);
				}
			}
		});
	}

	it("has a row for every endpoint of the management contract", () => {
		const endpoints = (Object.values(adminApi) as unknown[]).filter(
			(value): value is Endpoint =>
				typeof value === "object" && value !== null && "path" in value && "method" in value,
		);
		expect(endpoints.length).toBeGreaterThanOrEqual(16);
		for (const endpoint of endpoints) {
			const pattern = new RegExp(`^${endpoint.path.replace(/:[A-Za-z]+/g, "[^/?]+")}(\\?.*)?$`);
			const covered = adminRouteMatrix.some(
				(row) => row.method === endpoint.method && pattern.test(row.url(fx)),
			);
			expect({ endpoint: `${endpoint.method} ${endpoint.path}`, covered }).toEqual({
				endpoint: `${endpoint.method} ${endpoint.path}`,
				covered: true,
			});
		}
	});
});

describe("CSRF on management changes", () => {
	const changes = [
		{ method: "POST" as const, url: "/api/admin/users", payload: { email: "csrf@example.com" } },
		{ method: "PUT" as const, url: "/api/admin/hardware/HW-B/seller", payload: { sellerId: null } },
		{ method: "PATCH" as const, url: "/api/admin/hardware/HW-B", payload: { name: "x" } },
		{ method: "DELETE" as const, url: "/api/admin/hardware/HW-B/owner" },
		{ method: "POST" as const, url: "/api/admin/hardware/HW-B/key" },
		{
			method: "PUT" as const,
			url: "/api/seller/hardware/STOCK-S1/owner",
			payload: { riderId: "" },
		},
	];
	for (const change of changes) {
		it(`refuses ${change.method} ${change.url} without the token, and changes nothing`, async () => {
			const before = await ctx.db.selectFrom("audit_log").select("id").execute();
			const signedIn = change.url.startsWith("/api/seller") ? as.sellerS1 : as.admin;
			const res = await ctx.app.inject({ ...change, headers: { cookie: signedIn.cookie } });
			expect(res.statusCode).toBe(403);
			expect(res.json()).toMatchObject({ error: "csrf" });
			expect(await ctx.db.selectFrom("audit_log").select("id").execute()).toEqual(before);
		});
	}

	it("refuses a token from another sign-in session", async () => {
		const res = await ctx.app.inject({
			method: "DELETE",
			url: "/api/admin/hardware/HW-B/owner",
			headers: { cookie: as.admin.cookie, "x-csrf-token": as.riderA.csrfToken },
		});
		expect(res.statusCode).toBe(403);
	});
});

describe("management endpoints over HTTP", () => {
	it("lists users without any Wi-Fi password", async () => {
		await ctx.db
			.updateTable("users")
			.set({ wifi_password_enc: "v1:secret" })
			.where("id", "=", fx.riderA.id)
			.execute();
		const res = await ctx.request(as.admin, { url: "/api/admin/users" });
		const rowA = res.json().users.find((u: { id: string }) => u.id === fx.riderA.id);
		expect(rowA).toEqual({
			id: fx.riderA.id,
			email: "a@example.com",
			displayName: null,
			hardwareId: "HW-A",
			isAdmin: false,
			isSeller: false,
			pilotName: "",
			bikeNumber: "",
			wifiSsid: "rede",
			sellerId: fx.sellerS1.id,
			sellerEmail: "s1@example.com",
		});
		expect(res.body).not.toContain("secret");
	});

	it("lists loggers with owner, seller and key presence", async () => {
		const res = await ctx.request(as.admin, { url: "/api/admin/hardware" });
		expect(res.json().hardware.find((h: { id: string }) => h.id === "STOCK-S1")).toMatchObject({
			ownerId: null,
			sellerId: fx.sellerS1.id,
			sellerEmail: "s1@example.com",
			lastSeenAt: null,
			hasKey: true,
		});
	});

	it("registers a logger (201, key once, no-store) and refuses the same id (409) or a bad one (400)", async () => {
		const res = await ctx.request(as.admin, {
			method: "POST",
			url: "/api/admin/hardware",
			payload: { id: "NEW_1", name: "  Kart  " },
		});
		expect(res.statusCode).toBe(201);
		expect(res.headers["cache-control"]).toBe("no-store");
		const { hardware, deviceKey } = res.json();
		expect(hardware).toMatchObject({ id: "NEW_1", name: "Kart", hasKey: true });
		const stored = await ctx.db
			.selectFrom("hardware")
			.select("device_key_hash")
			.where("id", "=", "NEW_1")
			.executeTakeFirstOrThrow();
		expect(stored.device_key_hash).toBe(hashDeviceKey(deviceKey));

		const again = await ctx.request(as.admin, {
			method: "POST",
			url: "/api/admin/hardware",
			payload: { id: "NEW_1" },
		});
		expect(again.statusCode).toBe(409);
		expect(again.json().message).toContain("Já existe");
		for (const id of ["", "a b", "../x", "x".repeat(65), "ção"]) {
			const bad = await ctx.request(as.admin, {
				method: "POST",
				url: "/api/admin/hardware",
				payload: { id },
			});
			expect(bad.statusCode).toBe(400);
			expect(bad.json().message).toContain("código do logger");
		}
	});

	it("rotates a key: the old hash is gone at once", async () => {
		const before = await ctx.db
			.selectFrom("hardware")
			.select("device_key_hash")
			.where("id", "=", "NEW_1")
			.executeTakeFirstOrThrow();
		const res = await ctx.request(as.admin, {
			method: "POST",
			url: "/api/admin/hardware/NEW_1/key",
		});
		expect(res.statusCode).toBe(200);
		const after = await ctx.db
			.selectFrom("hardware")
			.select("device_key_hash")
			.where("id", "=", "NEW_1")
			.executeTakeFirstOrThrow();
		expect(after.device_key_hash).toBe(hashDeviceKey(res.json().deviceKey));
		expect(after.device_key_hash).not.toBe(before.device_key_hash);
	});

	it("assigns a logger and answers with every changed row", async () => {
		await ctx.request(as.admin, {
			method: "POST",
			url: "/api/admin/hardware",
			payload: { id: "MOVE" },
		});
		const res = await ctx.request(as.admin, {
			method: "PUT",
			url: "/api/admin/hardware/MOVE/owner",
			payload: { riderId: fx.riderB.id },
		});
		expect(res.statusCode).toBe(200);
		const body = res.json();
		expect(body.users).toEqual([expect.objectContaining({ id: fx.riderB.id, hardwareId: "MOVE" })]);
		expect(
			Object.fromEntries(
				body.hardware.map((h: { id: string; ownerId: string | null }) => [h.id, h.ownerId]),
			),
		).toEqual({
			MOVE: fx.riderB.id,
			"HW-B": null,
		});
		// Back as it was, for the other tests.
		await ctx.request(as.admin, {
			method: "PUT",
			url: "/api/admin/hardware/HW-B/owner",
			payload: { riderId: fx.riderB.id },
		});
	});

	it("answers 400 for a malformed rider id and 404 for an unknown one", async () => {
		const bad = await ctx.request(as.admin, {
			method: "PUT",
			url: "/api/admin/hardware/HW-A/owner",
			payload: { riderId: "x" },
		});
		expect(bad.statusCode).toBe(400);
		const unknown = await ctx.request(as.admin, {
			method: "PUT",
			url: "/api/admin/hardware/HW-A/owner",
			payload: { riderId: "00000000-0000-4000-8000-000000000000" },
		});
		expect(unknown.statusCode).toBe(404);
		expect(unknown.json().message).toBe("Piloto não encontrado.");
	});

	it("gives the seller a pt-BR reason for each refusal", async () => {
		const cases = [
			{
				as: as.sellerS2,
				hw: "STOCK-S1",
				rider: fx.riderA.id,
				message: "Este piloto não é cliente da sua revenda.",
			},
			{
				as: as.sellerS1,
				hw: "HW-B",
				rider: fx.riderA.id,
				message: "Este logger não está no seu estoque.",
			},
		];
		for (const c of cases) {
			const res = await ctx.request(c.as, {
				method: "PUT",
				url: `/api/seller/hardware/${c.hw}/owner`,
				payload: { riderId: c.rider },
			});
			expect(res.statusCode).toBe(403);
			expect(res.json().message).toBe(c.message);
		}
	});

	it("lets a seller give stock to their rider and answers with the new board", async () => {
		await ctx.request(as.admin, {
			method: "POST",
			url: "/api/admin/hardware",
			payload: { id: "S1-NEXT" },
		});
		await ctx.request(as.admin, {
			method: "PUT",
			url: "/api/admin/hardware/S1-NEXT/seller",
			payload: { sellerId: fx.sellerS1.id },
		});
		const stock = await ctx.request(as.sellerS1, { url: "/api/seller/stock" });
		expect(stock.json().stock.map((h: { id: string }) => h.id)).toEqual(["S1-NEXT", "STOCK-S1"]);
		const riders = await ctx.request(as.sellerS1, { url: "/api/seller/riders" });
		expect(riders.json().riders.map((r: { id: string }) => r.id)).toEqual([fx.riderA.id]);

		const res = await ctx.request(as.sellerS1, {
			method: "PUT",
			url: "/api/seller/hardware/S1-NEXT/owner",
			payload: { riderId: fx.riderA.id },
		});
		expect(res.statusCode).toBe(200);
		expect(res.json().riders).toEqual([
			expect.objectContaining({ id: fx.riderA.id, hardwareId: "S1-NEXT" }),
		]);
		// HW-A had no seller: it returns to company stock, not to S1's.
		expect(res.json().stock.map((h: { id: string }) => h.id)).toEqual(["STOCK-S1"]);
		await ctx.request(as.admin, {
			method: "PUT",
			url: "/api/admin/hardware/HW-A/owner",
			payload: { riderId: fx.riderA.id },
		});
	});

	it("sets a rider's seller from /seller-adm and clears it", async () => {
		const set = await ctx.request(as.admin, {
			method: "PUT",
			url: `/api/admin/users/${fx.riderB.id}/seller`,
			payload: { sellerId: fx.sellerS2.id },
		});
		expect(set.json().user).toMatchObject({
			sellerId: fx.sellerS2.id,
			sellerEmail: "s2@example.com",
		});
		const seen = await ctx.request(as.sellerS2, { url: "/api/seller/riders" });
		expect(seen.json().riders.map((r: { id: string }) => r.id)).toEqual([fx.riderB.id]);
		const cleared = await ctx.request(as.admin, {
			method: "PUT",
			url: `/api/admin/users/${fx.riderB.id}/seller`,
			payload: { sellerId: null },
		});
		expect(cleared.json().user.sellerId).toBeNull();
		const notSeller = await ctx.request(as.admin, {
			method: "PUT",
			url: `/api/admin/users/${fx.riderB.id}/seller`,
			payload: { sellerId: fx.riderA.id },
		});
		expect(notSeller.statusCode).toBe(400);
	});

	it("applies a role change on the user's next request, with the same sign-in", async () => {
		expect((await ctx.request(as.riderB, { url: "/api/seller/riders" })).statusCode).toBe(403);
		await ctx.request(as.admin, {
			method: "PATCH",
			url: `/api/admin/users/${fx.riderB.id}/roles`,
			payload: { isSeller: true },
		});
		expect((await ctx.request(as.riderB, { url: "/api/seller/riders" })).statusCode).toBe(200);
		await ctx.request(as.admin, {
			method: "PATCH",
			url: `/api/admin/users/${fx.riderB.id}/roles`,
			payload: { isSeller: false },
		});
		expect((await ctx.request(as.riderB, { url: "/api/seller/riders" })).statusCode).toBe(403);
	});

	it("refuses an admin's removal of their own admin flag with 409", async () => {
		const res = await ctx.request(as.admin, {
			method: "PATCH",
			url: `/api/admin/users/${fx.admin.id}/roles`,
			payload: { isAdmin: false },
		});
		expect(res.statusCode).toBe(409);
		expect(res.json().message).toContain("próprio acesso de administrador");
		expect((await ctx.request(as.admin, { url: "/api/admin/users" })).statusCode).toBe(200);
	});

	it("pre-creates a user with a lower-cased e-mail (201), 409 when it exists, 400 when invalid", async () => {
		const res = await ctx.request(as.admin, {
			method: "POST",
			url: "/api/admin/users",
			payload: { email: "  Nova.Piloto@Example.COM ", isSeller: true },
		});
		expect(res.statusCode).toBe(201);
		expect(res.json().user).toMatchObject({
			email: "nova.piloto@example.com",
			isSeller: true,
			isAdmin: false,
		});
		const again = await ctx.request(as.admin, {
			method: "POST",
			url: "/api/admin/users",
			payload: { email: "NOVA.PILOTO@example.com" },
		});
		expect(again.statusCode).toBe(409);
		const bad = await ctx.request(as.admin, {
			method: "POST",
			url: "/api/admin/users",
			payload: { email: "sem-arroba" },
		});
		expect(bad.statusCode).toBe(400);
		expect(bad.json().message).toContain("E-mail inválido.");
	});

	it("lists the audit log newest first with actor labels, 1..200 entries", async () => {
		const res = await ctx.request(as.admin, { url: "/api/admin/audit?limit=3" });
		const entries = res.json().entries;
		expect(entries).toHaveLength(3);
		expect(entries[0]).toMatchObject({
			actorLabel: "admin@example.com",
			actorId: fx.admin.id,
			targetType: "user",
			action: "user.create",
		});
		expect(Number(entries[0].id)).toBeGreaterThan(Number(entries[1].id));
		expect(
			(await ctx.request(as.admin, { url: "/api/admin/audit" })).json().entries.length,
		).toBeLessThanOrEqual(50);
		for (const limit of ["0", "201", "abc", "1.5"]) {
			expect(
				(await ctx.request(as.admin, { url: `/api/admin/audit?limit=${limit}` })).statusCode,
			).toBe(400);
		}
		const older = await ctx.request(as.admin, {
			url: `/api/admin/audit?limit=1&beforeId=${entries[0].id}`,
		});
		expect(older.json().entries[0].id).toBe(entries[1].id);
	});
});
