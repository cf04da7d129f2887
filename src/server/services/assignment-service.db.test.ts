import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { HARDWARE_HAS_OWNER, NOT_MY_RIDER, NOT_MY_STOCK } from "../auth/access";
import type { UserActor } from "../auth/actor";
import type { DatabaseHandle } from "../db/database";
import type { UserRow } from "../db/schema";
import type { AppError } from "../errors";
import { userActor } from "../test/actors";
import { rejectionOf } from "../test/rejection";
import { createTestDatabase } from "../test/test-database";
import {
	createAssignmentService,
	HARDWARE_NOT_FOUND,
	RIDER_NOT_FOUND,
	SELLER_NOT_FOUND,
} from "./assignment-service";

let handle: DatabaseHandle;
let service: ReturnType<typeof createAssignmentService>;
let admin: UserRow;
let adminActor: UserActor;
let counter = 0;

const db = () => handle.db;

async function user(props: Partial<Pick<UserRow, "is_admin" | "is_seller" | "seller_id">> = {}) {
	counter += 1;
	return db()
		.insertInto("users")
		.values({ email: `u${counter}@example.com`, ...props })
		.returningAll()
		.executeTakeFirstOrThrow();
}

async function logger(props: { sellerId?: string | null } = {}) {
	counter += 1;
	const id = `L${counter}`;
	await db()
		.insertInto("hardware")
		.values({ id, seller_id: props.sellerId ?? null })
		.execute();
	return id;
}

async function links() {
	const users = await db()
		.selectFrom("users")
		.select(["id", "hardware_id"])
		.where("hardware_id", "is not", null)
		.execute();
	const hardware = await db()
		.selectFrom("hardware")
		.select(["id", "owner_id"])
		.where("owner_id", "is not", null)
		.execute();
	return {
		userToHardware: Object.fromEntries(users.map((u) => [u.id, u.hardware_id])),
		hardwareToUser: Object.fromEntries(hardware.map((h) => [h.id, h.owner_id])),
	};
}

/** users.hardware_id and hardware.owner_id describe the same pairs. */
async function expectConsistentLinks() {
	const { userToHardware, hardwareToUser } = await links();
	const fromUsers = Object.entries(userToHardware)
		.map(([u, h]) => `${u}:${h}`)
		.sort();
	const fromHardware = Object.entries(hardwareToUser)
		.map(([h, u]) => `${u}:${h}`)
		.sort();
	expect(fromUsers).toEqual(fromHardware);
}

async function auditCount() {
	const row = await db()
		.selectFrom("audit_log")
		.select((eb) => eb.fn.countAll<string>().as("n"))
		.executeTakeFirstOrThrow();
	return Number(row.n);
}

/** The audit rows about one target, oldest first. */
async function auditOf(targetId: string) {
	return db()
		.selectFrom("audit_log")
		.select(["actor_id", "action", "target_type", "target_id", "details"])
		.where("target_id", "=", targetId)
		.orderBy("id")
		.execute();
}

/** Half of a link, as left by data written outside these services. */
async function setOwnerOnly(hardwareId: string, ownerId: string | null) {
	await db()
		.updateTable("hardware")
		.set({ owner_id: ownerId })
		.where("id", "=", hardwareId)
		.execute();
}
async function setUserHardwareOnly(userId: string, hardwareId: string | null) {
	await db()
		.updateTable("users")
		.set({ hardware_id: hardwareId })
		.where("id", "=", userId)
		.execute();
}

beforeAll(async () => {
	handle = await createTestDatabase();
	service = createAssignmentService(handle.db);
	admin = await user({ is_admin: true });
	adminActor = userActor(admin, { isAdmin: true });
});
afterAll(() => handle.close());
beforeEach(expectConsistentLinks);

describe("assigning a logger to a rider (admin)", () => {
	it("links both sides and writes an audit row with before and after", async () => {
		const rider = await user();
		const hw = await logger();
		const result = await service.assignHardwareToRider(adminActor, hw, rider.id);
		expect(result.users.map((u) => [u.id, u.hardwareId])).toEqual([[rider.id, hw]]);
		expect(result.hardware.map((h) => [h.id, h.ownerId, h.ownerEmail])).toEqual([
			[hw, rider.id, rider.email],
		]);
		await expectConsistentLinks();
		const entry = await db()
			.selectFrom("audit_log")
			.selectAll()
			.where("target_id", "=", hw)
			.executeTakeFirstOrThrow();
		expect(entry).toMatchObject({
			actor_id: admin.id,
			actor_label: admin.email,
			action: "hardware.assign_owner",
			target_type: "hardware",
		});
		expect(entry.details).toMatchObject({
			before: { ownerId: null, riderHardwareId: null },
			after: { ownerId: rider.id, riderHardwareId: hw },
		});
	});

	it("moves a logger from its previous rider, who keeps their sessions", async () => {
		const first = await user();
		const second = await user();
		const hw = await logger();
		await service.assignHardwareToRider(adminActor, hw, first.id);
		const session = await db()
			.insertInto("sessions")
			.values({ hardware_id: hw, rider_id: first.id, track: "Interlagos", date: "2024-05-01" })
			.returning("id")
			.executeTakeFirstOrThrow();

		const result = await service.assignHardwareToRider(adminActor, hw, second.id);
		expect(Object.fromEntries(result.users.map((u) => [u.id, u.hardwareId]))).toEqual({
			[first.id]: null,
			[second.id]: hw,
		});
		await expectConsistentLinks();
		const stored = await db()
			.selectFrom("sessions")
			.select("rider_id")
			.where("id", "=", session.id)
			.executeTakeFirstOrThrow();
		expect(stored.rider_id).toBe(first.id);
	});

	it("returns the rider's previous logger to stock and audits that logger's return", async () => {
		const rider = await user();
		const old = await logger();
		const fresh = await logger();
		await service.assignHardwareToRider(adminActor, old, rider.id);
		const result = await service.assignHardwareToRider(adminActor, fresh, rider.id);
		expect(Object.fromEntries(result.hardware.map((h) => [h.id, h.ownerId]))).toEqual({
			[fresh]: rider.id,
			[old]: null,
		});
		await expectConsistentLinks();
		const entry = await db()
			.selectFrom("audit_log")
			.select("details")
			.where("target_id", "=", fresh)
			.executeTakeFirstOrThrow();
		expect(entry.details).toMatchObject({
			before: { riderHardwareId: old },
			returnedToStock: [old],
		});
		// The logger that went back to stock has its own row: its history shows the hand-over.
		const returned = await db()
			.selectFrom("audit_log")
			.select(["action", "details"])
			.where("target_id", "=", old)
			.orderBy("id", "desc")
			.executeTakeFirstOrThrow();
		expect(returned.action).toBe("hardware.unassign_owner");
		expect(returned.details).toMatchObject({
			causedBy: fresh,
			before: { ownerId: rider.id },
			after: { ownerId: null },
		});
	});

	it("swaps two riders' loggers in two moves and stays consistent", async () => {
		const a = await user();
		const b = await user();
		const ha = await logger();
		const hb = await logger();
		await service.assignHardwareToRider(adminActor, ha, a.id);
		await service.assignHardwareToRider(adminActor, hb, b.id);
		await service.assignHardwareToRider(adminActor, ha, b.id);
		await service.assignHardwareToRider(adminActor, hb, a.id);
		const { userToHardware } = await links();
		expect(userToHardware[a.id]).toBe(hb);
		expect(userToHardware[b.id]).toBe(ha);
		await expectConsistentLinks();
	});

	it("changes nothing and writes no audit row when the rider already has the logger", async () => {
		const rider = await user();
		const hw = await logger();
		await service.assignHardwareToRider(adminActor, hw, rider.id);
		const before = await auditCount();
		const result = await service.assignHardwareToRider(adminActor, hw, rider.id);
		expect(result.hardware[0]?.ownerId).toBe(rider.id);
		expect(await auditCount()).toBe(before);
	});

	it("answers 404 for an unknown rider or logger and writes nothing", async () => {
		const rider = await user();
		const before = await auditCount();
		expect(
			(await rejectionOf(service.assignHardwareToRider(adminActor, "nope", rider.id))).statusCode,
		).toBe(404);
		const hw = await logger();
		const missing = "00000000-0000-4000-8000-000000000000";
		expect(
			(await rejectionOf(service.assignHardwareToRider(adminActor, hw, missing))).statusCode,
		).toBe(404);
		expect(await auditCount()).toBe(before);
	});

	it("returns a logger to stock and clears its rider", async () => {
		const rider = await user();
		const hw = await logger();
		await service.assignHardwareToRider(adminActor, hw, rider.id);
		const result = await service.returnHardwareToStock(adminActor, hw);
		expect(result.hardware[0]?.ownerId).toBeNull();
		expect(result.users.map((u) => [u.id, u.hardwareId])).toEqual([[rider.id, null]]);
		await expectConsistentLinks();
		const before = await auditCount();
		await service.returnHardwareToStock(adminActor, hw);
		expect(await auditCount()).toBe(before);
	});
});

describe("concurrent assignments", () => {
	// PGlite runs every request on one session: until its driver runs transactions one at a time,
	// concurrent transactions there interleave. PostgreSQL runs this with real parallel connections.
	it("keep owners and riders consistent; a collision is a 409, never a half-written state", async () => {
		const riders = await Promise.all(Array.from({ length: 4 }, () => user()));
		const loggers = await Promise.all(Array.from({ length: 4 }, () => logger()));
		const moves = Array.from({ length: 24 }, (_, i) =>
			service.assignHardwareToRider(
				adminActor,
				loggers[(i * 7) % 4]!,
				riders[(i * 5 + (i >> 2)) % 4]!.id,
			),
		);
		const results = await Promise.allSettled(moves);
		const failures = results.flatMap((r) =>
			r.status === "rejected" ? [r.reason as AppError] : [],
		);
		// Owner changes queue behind one lock: none collides, none deadlocks.
		expect(failures.map(String)).toEqual([]);
		await expectConsistentLinks();
	});
});

describe("assigning from a seller's stock", () => {
	it("gives a logger of my stock to my rider and returns my board", async () => {
		const seller = await user({ is_seller: true });
		const rider = await user({ seller_id: seller.id });
		const hw = await logger({ sellerId: seller.id });
		const actor = userActor(seller, { isSeller: true });
		const board = await service.assignHardwareAsSeller(actor, hw, rider.id);
		expect(board.stock).toEqual([]);
		expect(board.riders).toEqual([expect.objectContaining({ id: rider.id, hardwareId: hw })]);
		await expectConsistentLinks();
		const entry = await db()
			.selectFrom("audit_log")
			.selectAll()
			.where("target_id", "=", hw)
			.executeTakeFirstOrThrow();
		expect(entry).toMatchObject({ actor_id: seller.id, action: "hardware.assign_owner" });
		expect(entry.details).toMatchObject({ via: "seller" });
	});

	it("refuses another seller's logger, an owned logger and another seller's rider", async () => {
		const s1 = await user({ is_seller: true });
		const s2 = await user({ is_seller: true });
		const riderOfS1 = await user({ seller_id: s1.id });
		const otherRiderOfS1 = await user({ seller_id: s1.id });
		const riderOfS2 = await user({ seller_id: s2.id });
		const stockOfS2 = await logger({ sellerId: s2.id });
		const ownedOfS1 = await logger({ sellerId: s1.id });
		const stockOfS1 = await logger({ sellerId: s1.id });
		await service.assignHardwareToRider(adminActor, ownedOfS1, otherRiderOfS1.id);
		const actor = userActor(s1, { isSeller: true });
		const before = await auditCount();

		const othersLogger = await rejectionOf(
			service.assignHardwareAsSeller(actor, stockOfS2, riderOfS1.id),
		);
		expect([othersLogger.statusCode, othersLogger.message]).toEqual([403, NOT_MY_STOCK]);
		const owned = await rejectionOf(service.assignHardwareAsSeller(actor, ownedOfS1, riderOfS1.id));
		expect([owned.statusCode, owned.message]).toEqual([403, HARDWARE_HAS_OWNER]);
		const othersRider = await rejectionOf(
			service.assignHardwareAsSeller(actor, stockOfS1, riderOfS2.id),
		);
		expect([othersRider.statusCode, othersRider.message]).toEqual([403, NOT_MY_RIDER]);
		const noSeller = await rejectionOf(service.assignHardwareAsSeller(actor, stockOfS1, admin.id));
		expect(noSeller.statusCode).toBe(403);

		expect(await auditCount()).toBe(before);
		const { userToHardware } = await links();
		expect(userToHardware[riderOfS1.id]).toBeUndefined();
		expect(userToHardware[otherRiderOfS1.id]).toBe(ownedOfS1);
	});

	it("returns the rider's previous logger to stock, still with its seller", async () => {
		const seller = await user({ is_seller: true });
		const rider = await user({ seller_id: seller.id });
		const first = await logger({ sellerId: seller.id });
		const second = await logger({ sellerId: seller.id });
		const actor = userActor(seller, { isSeller: true });
		await service.assignHardwareAsSeller(actor, first, rider.id);
		const board = await service.assignHardwareAsSeller(actor, second, rider.id);
		expect(board.stock.map((h) => h.id)).toEqual([first]);
		expect(board.riders[0]?.hardwareId).toBe(second);
		await expectConsistentLinks();
	});

	it("accepts re-assigning my rider's own logger as a no-op", async () => {
		const seller = await user({ is_seller: true });
		const rider = await user({ seller_id: seller.id });
		const hw = await logger({ sellerId: seller.id });
		const actor = userActor(seller, { isSeller: true });
		await service.assignHardwareAsSeller(actor, hw, rider.id);
		const before = await auditCount();
		const board = await service.assignHardwareAsSeller(actor, hw, rider.id);
		expect(board.riders[0]?.hardwareId).toBe(hw);
		expect(await auditCount()).toBe(before);
	});
});

describe("sellers of riders and of loggers", () => {
	it("sets, keeps and clears a rider's seller, auditing each change", async () => {
		const seller = await user({ is_seller: true });
		const rider = await user();
		const set = await service.setRiderSeller(adminActor, rider.id, seller.id);
		expect([set.sellerId, set.sellerEmail]).toEqual([seller.id, seller.email]);
		const before = await auditCount();
		await service.setRiderSeller(adminActor, rider.id, seller.id);
		expect(await auditCount()).toBe(before);
		const cleared = await service.setRiderSeller(adminActor, rider.id, null);
		expect(cleared.sellerId).toBeNull();
		const entries = await db()
			.selectFrom("audit_log")
			.select(["action", "details"])
			.where("target_id", "=", rider.id)
			.orderBy("id")
			.execute();
		expect(entries.map((e) => e.action)).toEqual(["user.set_seller", "user.set_seller"]);
		expect(entries[1]?.details).toMatchObject({
			before: { sellerId: seller.id },
			after: { sellerId: null },
		});
	});

	it("refuses a seller who is not a seller, or the rider as their own seller", async () => {
		const notSeller = await user();
		const rider = await user();
		const seller = await user({ is_seller: true });
		expect(
			(await rejectionOf(service.setRiderSeller(adminActor, rider.id, notSeller.id))).code,
		).toBe("not_a_seller");
		expect((await rejectionOf(service.setRiderSeller(adminActor, seller.id, seller.id))).code).toBe(
			"own_seller",
		);
		const hw = await logger();
		expect((await rejectionOf(service.setHardwareSeller(adminActor, hw, notSeller.id))).code).toBe(
			"not_a_seller",
		);
	});

	it("sets and clears a logger's seller, which puts it in that seller's stock", async () => {
		const seller = await user({ is_seller: true });
		const hw = await logger();
		const row = await service.setHardwareSeller(adminActor, hw, seller.id);
		expect([row.sellerId, row.sellerEmail]).toEqual([seller.id, seller.email]);
		expect((await service.sellerBoard(seller.id)).stock.map((h) => h.id)).toEqual([hw]);
		await service.setHardwareSeller(adminActor, hw, null);
		expect((await service.sellerBoard(seller.id)).stock).toEqual([]);
		const actions = await db()
			.selectFrom("audit_log")
			.select("action")
			.where("target_id", "=", hw)
			.execute();
		expect(actions).toHaveLength(2);
	});
});

describe("what an assignment writes down", () => {
	it("audits an admin's assignment with the rider's email, previous holders and loggers returned to stock", async () => {
		const first = await user();
		const rider = await user();
		const old = await logger();
		const hw = await logger();
		await service.assignHardwareToRider(adminActor, old, rider.id);
		await service.assignHardwareToRider(adminActor, hw, first.id);
		await service.assignHardwareToRider(adminActor, hw, rider.id);
		const entries = await auditOf(hw);
		expect(entries.at(-1)).toEqual({
			actor_id: admin.id,
			action: "hardware.assign_owner",
			target_type: "hardware",
			target_id: hw,
			details: {
				via: "admin",
				riderEmail: rider.email,
				before: { ownerId: first.id, riderHardwareId: old },
				after: { ownerId: rider.id, riderHardwareId: hw },
				previousHolderIds: [first.id],
				returnedToStock: [old],
			},
		});
		expect((await auditOf(old)).at(-1)).toEqual({
			actor_id: admin.id,
			action: "hardware.unassign_owner",
			target_type: "hardware",
			target_id: old,
			details: {
				via: "admin",
				reason: "owner_got_another_logger",
				causedBy: hw,
				before: { ownerId: rider.id },
				after: { ownerId: null },
			},
		});
	});

	it("tells an unknown rider from an unknown logger", async () => {
		const rider = await user();
		const hw = await logger();
		const missing = "00000000-0000-4000-8000-000000000000";
		const noRider = await rejectionOf(service.assignHardwareToRider(adminActor, hw, missing));
		expect([noRider.statusCode, noRider.code, noRider.message]).toEqual([
			404,
			"rider_not_found",
			RIDER_NOT_FOUND,
		]);
		const noLogger = await rejectionOf(service.assignHardwareToRider(adminActor, "nope", rider.id));
		expect([noLogger.statusCode, noLogger.code, noLogger.message]).toEqual([
			404,
			"hardware_not_found",
			HARDWARE_NOT_FOUND,
		]);
	});

	it("answers the rider and the logger when the rider already has it", async () => {
		const rider = await user();
		const hw = await logger();
		await service.assignHardwareToRider(adminActor, hw, rider.id);
		const result = await service.assignHardwareToRider(adminActor, hw, rider.id);
		expect(result.users.map((u) => [u.id, u.hardwareId])).toEqual([[rider.id, hw]]);
		expect(result.hardware.map((h) => [h.id, h.ownerId])).toEqual([[hw, rider.id]]);
	});

	it("completes a link the logger has but the rider lacks", async () => {
		const rider = await user();
		const hw = await logger();
		await setOwnerOnly(hw, rider.id);
		const result = await service.assignHardwareToRider(adminActor, hw, rider.id);
		expect(result.users.map((u) => [u.id, u.hardwareId])).toEqual([[rider.id, hw]]);
		await expectConsistentLinks();
		expect((await auditOf(hw)).map((e) => e.details)).toEqual([
			expect.objectContaining({
				before: { ownerId: rider.id, riderHardwareId: null },
				after: { ownerId: rider.id, riderHardwareId: hw },
			}),
		]);
	});

	it("completes a link the rider has but the logger lacks", async () => {
		const rider = await user();
		const hw = await logger();
		await setUserHardwareOnly(rider.id, hw);
		const result = await service.assignHardwareToRider(adminActor, hw, rider.id);
		expect(result.hardware.map((h) => [h.id, h.ownerId])).toEqual([[hw, rider.id]]);
		await expectConsistentLinks();
		expect((await auditOf(hw)).map((e) => e.details)).toEqual([
			expect.objectContaining({
				before: { ownerId: null, riderHardwareId: hw },
				after: { ownerId: rider.id, riderHardwareId: hw },
			}),
		]);
	});

	it("answers the logger's previous owner too when that owner's side of the link was missing", async () => {
		const owner = await user();
		const rider = await user();
		const hw = await logger();
		await setOwnerOnly(hw, owner.id);
		const result = await service.assignHardwareToRider(adminActor, hw, rider.id);
		expect(Object.fromEntries(result.users.map((u) => [u.id, u.hardwareId]))).toEqual({
			[owner.id]: null,
			[rider.id]: hw,
		});
		await expectConsistentLinks();
	});
});

describe("what returning a logger to stock writes down", () => {
	it("audits the return with the owner before and the riders who held it", async () => {
		const rider = await user();
		const hw = await logger();
		await service.assignHardwareToRider(adminActor, hw, rider.id);
		await service.returnHardwareToStock(adminActor, hw);
		expect((await auditOf(hw)).at(-1)).toEqual({
			actor_id: admin.id,
			action: "hardware.unassign_owner",
			target_type: "hardware",
			target_id: hw,
			details: {
				before: { ownerId: rider.id },
				after: { ownerId: null },
				previousHolderIds: [rider.id],
			},
		});
	});

	it("answers the logger alone when it is already in stock", async () => {
		const hw = await logger();
		const result = await service.returnHardwareToStock(adminActor, hw);
		expect(result.users).toEqual([]);
		expect(result.hardware.map((h) => [h.id, h.ownerId])).toEqual([[hw, null]]);
		expect(await auditOf(hw)).toEqual([]);
	});

	it("answers 404 with its code for an unknown logger", async () => {
		const error = await rejectionOf(service.returnHardwareToStock(adminActor, "nope"));
		expect([error.statusCode, error.code, error.message]).toEqual([
			404,
			"hardware_not_found",
			HARDWARE_NOT_FOUND,
		]);
	});

	it("clears a rider who holds a logger that has no owner", async () => {
		const rider = await user();
		const hw = await logger();
		await setUserHardwareOnly(rider.id, hw);
		const result = await service.returnHardwareToStock(adminActor, hw);
		expect(result.users.map((u) => [u.id, u.hardwareId])).toEqual([[rider.id, null]]);
		await expectConsistentLinks();
		expect((await auditOf(hw)).map((e) => e.details)).toEqual([
			{ before: { ownerId: null }, after: { ownerId: null }, previousHolderIds: [rider.id] },
		]);
	});

	it("clears an owner whose own side of the link was missing, and answers that owner", async () => {
		const owner = await user();
		const hw = await logger();
		await setOwnerOnly(hw, owner.id);
		const result = await service.returnHardwareToStock(adminActor, hw);
		expect(result.hardware.map((h) => [h.id, h.ownerId])).toEqual([[hw, null]]);
		expect(result.users.map((u) => [u.id, u.hardwareId])).toEqual([[owner.id, null]]);
		await expectConsistentLinks();
		expect((await auditOf(hw)).map((e) => e.details)).toEqual([
			{ before: { ownerId: owner.id }, after: { ownerId: null }, previousHolderIds: [] },
		]);
	});
});

describe("what changing a seller writes down", () => {
	it("audits a rider's new seller with the rider's and the seller's emails", async () => {
		const seller = await user({ is_seller: true });
		const rider = await user();
		await service.setRiderSeller(adminActor, rider.id, seller.id);
		expect(await auditOf(rider.id)).toEqual([
			{
				actor_id: admin.id,
				action: "user.set_seller",
				target_type: "user",
				target_id: rider.id,
				details: {
					email: rider.email,
					before: { sellerId: null },
					after: { sellerId: seller.id, sellerEmail: seller.email },
				},
			},
		]);
	});

	it("refuses an unknown rider, an unknown seller and a user who is not a seller, with their messages", async () => {
		const rider = await user();
		const notSeller = await user();
		const missing = "00000000-0000-4000-8000-000000000000";
		const noRider = await rejectionOf(service.setRiderSeller(adminActor, missing, null));
		expect([noRider.statusCode, noRider.code, noRider.message]).toEqual([
			404,
			"user_not_found",
			"Usuário não encontrado.",
		]);
		const noSeller = await rejectionOf(service.setRiderSeller(adminActor, rider.id, missing));
		expect([noSeller.statusCode, noSeller.code, noSeller.message]).toEqual([
			404,
			"seller_not_found",
			SELLER_NOT_FOUND,
		]);
		const plain = await rejectionOf(service.setRiderSeller(adminActor, rider.id, notSeller.id));
		expect([plain.statusCode, plain.code, plain.message]).toEqual([
			400,
			"not_a_seller",
			"O usuário escolhido não é revendedor.",
		]);
		const own = await rejectionOf(service.setRiderSeller(adminActor, rider.id, rider.id));
		expect([own.statusCode, own.code, own.message]).toEqual([
			400,
			"own_seller",
			"Um usuário não pode ser o próprio revendedor.",
		]);
		expect(await auditOf(rider.id)).toEqual([]);
	});

	it("audits each change of a logger's seller and skips setting the same seller again", async () => {
		const seller = await user({ is_seller: true });
		const hw = await logger();
		await service.setHardwareSeller(adminActor, hw, seller.id);
		await service.setHardwareSeller(adminActor, hw, seller.id);
		await service.setHardwareSeller(adminActor, hw, null);
		const entries = await auditOf(hw);
		expect(entries).toEqual([
			{
				actor_id: admin.id,
				action: "hardware.set_seller",
				target_type: "hardware",
				target_id: hw,
				details: {
					before: { sellerId: null },
					after: { sellerId: seller.id, sellerEmail: seller.email },
				},
			},
			{
				actor_id: admin.id,
				action: "hardware.set_seller",
				target_type: "hardware",
				target_id: hw,
				details: {
					before: { sellerId: seller.id },
					after: { sellerId: null, sellerEmail: null },
				},
			},
		]);
	});

	it("answers 404 for an unknown logger or seller when setting a logger's seller", async () => {
		const seller = await user({ is_seller: true });
		const hw = await logger();
		const noLogger = await rejectionOf(service.setHardwareSeller(adminActor, "nope", seller.id));
		expect([noLogger.statusCode, noLogger.code, noLogger.message]).toEqual([
			404,
			"hardware_not_found",
			HARDWARE_NOT_FOUND,
		]);
		const missing = "00000000-0000-4000-8000-000000000000";
		const noSeller = await rejectionOf(service.setHardwareSeller(adminActor, hw, missing));
		expect([noSeller.statusCode, noSeller.code]).toEqual([404, "seller_not_found"]);
		expect(await auditOf(hw)).toEqual([]);
	});
});
