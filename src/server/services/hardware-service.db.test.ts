import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { UserActor } from "../auth/actor";
import type { DatabaseHandle } from "../db/database";
import { hashDeviceKey } from "../device/device-keys";
import { userActor } from "../test/actors";
import { rejectionOf } from "../test/rejection";
import { createTestDatabase } from "../test/test-database";
import { CLI_ACTOR } from "./audit-service";
import { createHardwareService } from "./hardware-service";

let handle: DatabaseHandle;
let service: ReturnType<typeof createHardwareService>;
let admin: UserActor;
beforeAll(async () => {
	handle = await createTestDatabase();
	service = createHardwareService(handle.db);
	const row = await handle.db
		.insertInto("users")
		.values({ email: "adm@example.com", is_admin: true })
		.returning(["id", "email"])
		.executeTakeFirstOrThrow();
	admin = userActor(row, { isAdmin: true });
});
afterAll(() => handle.close());

const keyHashOf = async (id: string) =>
	(
		await handle.db
			.selectFrom("hardware")
			.select("device_key_hash")
			.where("id", "=", id)
			.executeTakeFirstOrThrow()
	).device_key_hash;

const auditOf = (id: string) =>
	handle.db.selectFrom("audit_log").selectAll().where("target_id", "=", id).orderBy("id").execute();

describe("hardware service", () => {
	it("registers a logger, stores only the key's hash and audits it", async () => {
		const { hardware, deviceKey } = await service.registerHardware(CLI_ACTOR, {
			id: "A7F3",
			name: "Pista 1",
		});
		expect(hardware).toMatchObject({
			id: "A7F3",
			name: "Pista 1",
			ownerId: null,
			sellerId: null,
			hasKey: true,
		});
		expect(deviceKey).toMatch(/^lsx_[A-Za-z0-9_-]{43}$/);
		expect(await keyHashOf("A7F3")).toBe(hashDeviceKey(deviceKey));
		const [entry] = await auditOf("A7F3");
		expect(entry).toMatchObject({
			action: "hardware.register",
			actor_label: "cli",
			target_type: "hardware",
		});
		expect(entry?.details).toEqual({ after: { name: "Pista 1", hasKey: true } });
		expect(JSON.stringify(entry?.details)).not.toContain(deviceKey);
		expect(JSON.stringify(entry?.details)).not.toContain(hashDeviceKey(deviceKey));
	});

	it("refuses an id that exists with 409 and keeps its key", async () => {
		const hash = await keyHashOf("A7F3");
		const error = await rejectionOf(service.registerHardware(CLI_ACTOR, { id: "A7F3" }));
		expect([error.statusCode, error.code]).toEqual([409, "hardware_exists"]);
		expect(await keyHashOf("A7F3")).toBe(hash);
		expect(await auditOf("A7F3")).toHaveLength(1);
	});

	it("rotates a key: a new one, the old hash gone", async () => {
		const { deviceKey: first } = await service.registerHardware(CLI_ACTOR, { id: "R1" });
		const { deviceKey: second, hardware } = await service.rotateKey(admin, "R1");
		expect(second).not.toBe(first);
		expect(hardware.hasKey).toBe(true);
		expect(await keyHashOf("R1")).toBe(hashDeviceKey(second));
		const stillOld = await handle.db
			.selectFrom("hardware")
			.select("id")
			.where("device_key_hash", "=", hashDeviceKey(first))
			.execute();
		expect(stillOld).toEqual([]);
		expect((await auditOf("R1")).map((e) => e.action)).toEqual([
			"hardware.register",
			"hardware.rotate_key",
		]);
	});

	it("gives a key to a logger that had none", async () => {
		await handle.db.insertInto("hardware").values({ id: "NOKEY" }).execute();
		expect((await service.listHardware()).find((h) => h.id === "NOKEY")?.hasKey).toBe(false);
		const { deviceKey } = await service.rotateKey(admin, "NOKEY");
		expect(await keyHashOf("NOKEY")).toBe(hashDeviceKey(deviceKey));
	});

	it("registers a logger without a name, auditing the empty name", async () => {
		await service.registerHardware(admin, { id: "NONAME" });
		const [entry] = await auditOf("NONAME");
		expect(entry?.details).toEqual({ after: { name: null, hasKey: true } });
	});

	it("audits a key rotation with whether the logger had a key before", async () => {
		await handle.db.insertInto("hardware").values({ id: "AUD-NOKEY" }).execute();
		await service.rotateKey(admin, "AUD-NOKEY");
		await service.rotateKey(admin, "AUD-NOKEY");
		const entries = await auditOf("AUD-NOKEY");
		expect(entries.map((e) => [e.action, e.target_type, e.details])).toEqual([
			["hardware.rotate_key", "hardware", { before: { hasKey: false }, after: { hasKey: true } }],
			["hardware.rotate_key", "hardware", { before: { hasKey: true }, after: { hasKey: true } }],
		]);
	});

	it("answers 404 with the reason when rotating or renaming an unknown logger", async () => {
		const seller = await handle.db
			.insertInto("users")
			.values({ email: "nf-seller@example.com", is_seller: true })
			.returning(["id", "email"])
			.executeTakeFirstOrThrow();
		// Each call starts only when the previous one has been answered: a rejection nobody awaits
		// yet would be reported as unhandled.
		const attempts = [
			() => service.rotateKey(admin, "ZZ"),
			() => service.rename(admin, "ZZ", "x"),
			() => service.rotateKeyAsSeller(userActor(seller, { isSeller: true }), "ZZ"),
		];
		for (const attempt of attempts) {
			const error = await rejectionOf(attempt());
			expect([error.statusCode, error.code, error.message]).toEqual([
				404,
				"hardware_not_found",
				"Logger não encontrado.",
			]);
		}
		expect(await auditOf("ZZ")).toEqual([]);
	});

	it("renames and clears a name, auditing only real changes", async () => {
		expect((await service.rename(admin, "R1", "Kart 7")).name).toBe("Kart 7");
		await service.rename(admin, "R1", "Kart 7");
		expect((await service.rename(admin, "R1", null)).name).toBeNull();
		const renames = (await auditOf("R1")).filter((e) => e.action === "hardware.rename");
		expect(renames.map((e) => e.details)).toEqual([
			{ before: { name: null }, after: { name: "Kart 7" } },
			{ before: { name: "Kart 7" }, after: { name: null } },
		]);
	});

	it("lets a seller rotate the key of a logger in their stock or with their rider, and no other", async () => {
		const user = (email: string, props: { is_seller?: boolean; seller_id?: string } = {}) =>
			handle.db
				.insertInto("users")
				.values({ email, ...props })
				.returning("id")
				.executeTakeFirstOrThrow();
		const seller = await user("rot-seller@example.com", { is_seller: true });
		const other = await user("rot-other@example.com", { is_seller: true });
		const rider = await user("rot-rider@example.com", { seller_id: seller.id });
		const stranger = await user("rot-stranger@example.com", { seller_id: other.id });
		await handle.db
			.insertInto("hardware")
			.values([
				{ id: "ROT-STOCK", seller_id: seller.id, device_key_hash: "old-stock" },
				// Sold by another seller, now with my rider: mine to rotate at the hand-over.
				{ id: "ROT-RIDER", seller_id: other.id, owner_id: rider.id, device_key_hash: "old-rider" },
				{ id: "ROT-OTHER", seller_id: other.id, device_key_hash: "old-other" },
				{ id: "ROT-STRANGER", seller_id: seller.id, owner_id: stranger.id, device_key_hash: "x" },
			])
			.execute();
		const actor = userActor({ id: seller.id, email: "rot-seller@example.com" }, { isSeller: true });
		for (const id of ["ROT-STOCK", "ROT-RIDER"]) {
			const { deviceKey } = await service.rotateKeyAsSeller(actor, id);
			expect(await keyHashOf(id)).toBe(hashDeviceKey(deviceKey));
			const entries = await auditOf(id);
			expect(entries.at(-1)).toMatchObject({
				action: "hardware.rotate_key",
				actor_label: "rot-seller@example.com",
				target_type: "hardware",
			});
			expect(entries.at(-1)?.details).toEqual({
				via: "seller",
				before: { hasKey: true },
				after: { hasKey: true },
			});
		}
		for (const id of ["ROT-OTHER", "ROT-STRANGER"]) {
			const error = await rejectionOf(service.rotateKeyAsSeller(actor, id));
			expect(error.statusCode).toBe(403);
			expect(error.code).toBe("not_your_logger");
		}
		expect(await keyHashOf("ROT-OTHER")).toBe("old-other");
		expect(await keyHashOf("ROT-STRANGER")).toBe("x");

		// A logger in stock that never had a key: the audit says so.
		await handle.db
			.insertInto("hardware")
			.values({ id: "ROT-NEW", seller_id: seller.id })
			.execute();
		await service.rotateKeyAsSeller(actor, "ROT-NEW");
		expect((await auditOf("ROT-NEW")).map((e) => e.details)).toEqual([
			{ via: "seller", before: { hasKey: false }, after: { hasKey: true } },
		]);
	});
});
