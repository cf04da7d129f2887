import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { UserActor } from "../auth/actor";
import type { DatabaseHandle } from "../db/database";
import { userActor } from "../test/actors";
import { rejectionOf } from "../test/rejection";
import { createTestDatabase } from "../test/test-database";
import { CLI_ACTOR } from "./audit-service";
import { createUserAdminService } from "./user-admin-service";

let handle: DatabaseHandle;
let service: ReturnType<typeof createUserAdminService>;
let adminActor: UserActor;
beforeAll(async () => {
	handle = await createTestDatabase();
	service = createUserAdminService(handle.db);
	const admin = await service.createUser(CLI_ACTOR, "chefe@example.com", { isAdmin: true });
	adminActor = userActor(admin, { isAdmin: true });
});
afterAll(() => handle.close());

const auditOf = (id: string) =>
	handle.db.selectFrom("audit_log").selectAll().where("target_id", "=", id).orderBy("id").execute();

describe("user admin service", () => {
	it("pre-creates a user by e-mail and audits it", async () => {
		const user = await service.createUser(adminActor, "nova@example.com", { isSeller: true });
		expect(user).toMatchObject({
			email: "nova@example.com",
			isAdmin: false,
			isSeller: true,
			hardwareId: null,
			wifiSsid: "",
		});
		const [entry] = await auditOf(user.id);
		expect(entry).toMatchObject({
			action: "user.create",
			actor_label: "chefe@example.com",
			target_type: "user",
		});
		expect(entry?.details).toEqual({
			after: { email: "nova@example.com", isAdmin: false, isSeller: true },
		});
	});

	it("refuses an e-mail that exists with 409", async () => {
		const error = await rejectionOf(service.createUser(adminActor, "nova@example.com", {}));
		expect([error.statusCode, error.code]).toEqual([409, "user_exists"]);
	});

	it("changes only the flags given and audits before and after", async () => {
		const user = await service.createUser(adminActor, "papel@example.com", {});
		const seller = await service.setRoles(adminActor, user.id, { isSeller: true });
		expect([seller.isAdmin, seller.isSeller]).toEqual([false, true]);
		const both = await service.setRoles(adminActor, user.id, { isAdmin: true });
		expect([both.isAdmin, both.isSeller]).toEqual([true, true]);
		await service.setRoles(adminActor, user.id, { isAdmin: true });
		const changes = (await auditOf(user.id)).filter((e) => e.action === "user.set_roles");
		expect(changes.map((e) => e.target_type)).toEqual(["user", "user"]);
		expect(changes.map((e) => e.details)).toEqual([
			{
				email: "papel@example.com",
				before: { isAdmin: false, isSeller: false },
				after: { isAdmin: false, isSeller: true },
			},
			{
				email: "papel@example.com",
				before: { isAdmin: false, isSeller: true },
				after: { isAdmin: true, isSeller: true },
			},
		]);
		// Another admin may remove this one's flag.
		expect((await service.setRoles(adminActor, user.id, { isAdmin: false })).isAdmin).toBe(false);
	});

	it("refuses an admin's removal of their own admin flag with 409", async () => {
		const error = await rejectionOf(
			service.setRoles(adminActor, adminActor.user.id, { isAdmin: false }),
		);
		expect([error.statusCode, error.code]).toEqual([409, "own_admin_flag"]);
		const self = (await service.listUsers()).find((u) => u.id === adminActor.user.id);
		expect(self?.isAdmin).toBe(true);
		// Their seller flag is theirs to change.
		expect(
			(await service.setRoles(adminActor, adminActor.user.id, { isSeller: true })).isSeller,
		).toBe(true);
	});

	it("answers 404 with the reason for an unknown user, auditing nothing", async () => {
		const missing = "00000000-0000-4000-8000-000000000000";
		// One call at a time: a rejection nobody awaits yet would be reported as unhandled.
		const attempts = [
			() => service.setRoles(adminActor, missing, { isSeller: true }),
			() => service.signOutEverywhere(adminActor, missing),
		];
		for (const attempt of attempts) {
			const error = await rejectionOf(attempt());
			expect([error.statusCode, error.code, error.message]).toEqual([
				404,
				"user_not_found",
				"Usuário não encontrado.",
			]);
		}
		expect(await auditOf(missing)).toEqual([]);
	});

	it("signs a user out everywhere, ending only their sessions, and audits how many", async () => {
		const rider = await service.createUser(adminActor, "sessoes@example.com", {});
		const other = await service.createUser(adminActor, "outro@example.com", {});
		const expiresAt = new Date(Date.now() + 3_600_000);
		await handle.db
			.insertInto("auth_sessions")
			.values([
				{ id_hash: "h-rider-1", user_id: rider.id, expires_at: expiresAt, user_agent: null },
				{ id_hash: "h-rider-2", user_id: rider.id, expires_at: expiresAt, user_agent: null },
				{ id_hash: "h-other", user_id: other.id, expires_at: expiresAt, user_agent: null },
			])
			.execute();
		expect(await service.signOutEverywhere(adminActor, rider.id)).toBe(2);
		const left = await handle.db.selectFrom("auth_sessions").select("user_id").execute();
		expect(left.map((s) => s.user_id)).not.toContain(rider.id);
		expect(left.map((s) => s.user_id)).toContain(other.id);
		expect(await service.signOutEverywhere(adminActor, rider.id)).toBe(0);
		const entries = (await auditOf(rider.id)).filter(
			(e) => e.action === "user.sign_out_everywhere",
		);
		expect(entries.map((e) => [e.target_type, e.actor_label, e.details])).toEqual([
			["user", "chefe@example.com", { email: "sessoes@example.com", endedSessions: 2 }],
			["user", "chefe@example.com", { email: "sessoes@example.com", endedSessions: 0 }],
		]);
	});

	it("upserts from the command line: created, updated, unchanged", async () => {
		const created = await service.upsertUser(CLI_ACTOR, "cli@example.com", { isSeller: true });
		expect(created.outcome).toBe("created");
		const updated = await service.upsertUser(CLI_ACTOR, "cli@example.com", { isAdmin: true });
		expect(updated.outcome).toBe("updated");
		expect([updated.user.isAdmin, updated.user.isSeller]).toEqual([true, true]);
		expect((await service.upsertUser(CLI_ACTOR, "cli@example.com", {})).outcome).toBe("unchanged");
		const entries = await auditOf(created.user.id);
		expect(entries.map((e) => [e.action, e.actor_label, e.actor_id])).toEqual([
			["user.create", "cli", null],
			["user.set_roles", "cli", null],
		]);
	});

	it("lists users with their seller's e-mail, and sellers only with the flag", async () => {
		const seller = await service.createUser(adminActor, "loja@example.com", { isSeller: true });
		const rider = await service.createUser(adminActor, "piloto@example.com", {});
		await handle.db
			.updateTable("users")
			.set({ seller_id: seller.id, wifi_password_enc: "secret" })
			.where("id", "=", rider.id)
			.execute();
		const row = (await service.listUsers()).find((u) => u.id === rider.id);
		expect(row).toMatchObject({ sellerId: seller.id, sellerEmail: "loja@example.com" });
		expect(JSON.stringify(row)).not.toContain("secret");
		const sellers = await service.listSellers();
		expect(sellers.map((s) => s.email)).toContain("loja@example.com");
		expect(sellers.map((s) => s.email)).not.toContain("piloto@example.com");
	});
});
