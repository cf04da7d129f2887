import type { Kysely } from "kysely";
import type {
	AdminAssignmentResult,
	AdminHardwareRow,
	AdminUserRow,
	SellerBoard,
} from "../../shared/api/admin";
import { Accounts, Assignment, authorize, Loggers } from "../auth/access";
import type { UserActor } from "../auth/actor";
import type { Database } from "../db/schema";
import { badRequest, notFound } from "../errors";
import { createHardwareRepository, type HardwareFacts } from "../repositories/hardware-repository";
import { createUserAdminRepository, type UserFacts } from "../repositories/user-admin-repository";
import { type AuditedTransaction, auditActorOf, runAudited } from "./audit-service";

export const RIDER_NOT_FOUND = "Piloto não encontrado.";
export const HARDWARE_NOT_FOUND = "Logger não encontrado.";
export const SELLER_NOT_FOUND = "Revendedor não encontrado.";

interface Repositories {
	users: ReturnType<typeof createUserAdminRepository>;
	hardware: ReturnType<typeof createHardwareRepository>;
}

const repositoriesOf = (db: Kysely<Database>): Repositories => ({
	users: createUserAdminRepository(db),
	hardware: createHardwareRepository(db),
});

interface Move {
	changedUserIds: string[];
	changedHardwareIds: string[];
}

/**
 * The logger goes to the rider; whoever held it loses it and a logger the rider had returns to
 * stock. `hardware.owner_id` and `users.hardware_id` are both UNIQUE, so the old links are cleared
 * before the new ones are written. Sessions are not touched: they stay with who recorded them.
 */
async function moveHardware(
	tx: AuditedTransaction,
	repos: Repositories,
	hardware: HardwareFacts,
	rider: UserFacts,
	via: "admin" | "seller",
): Promise<Move> {
	const returnedToStock = await repos.hardware.releaseOwnedBy(rider.id, hardware.id);
	const previousHolders = await repos.users.releaseHardware(hardware.id, rider.id);
	await repos.hardware.setOwner(hardware.id, rider.id);
	await repos.users.setHardware(rider.id, hardware.id);
	await tx.record({
		action: "hardware.assign_owner",
		targetType: "hardware",
		targetId: hardware.id,
		details: {
			via,
			riderEmail: rider.email,
			before: { ownerId: hardware.ownerId, riderHardwareId: rider.hardwareId },
			after: { ownerId: rider.id, riderHardwareId: hardware.id },
			previousHolderIds: previousHolders,
			returnedToStock,
		},
	});
	// Each logger that went back to stock gets its own row, so its history shows the hand-over.
	for (const returnedId of returnedToStock) {
		await tx.record({
			action: "hardware.unassign_owner",
			targetType: "hardware",
			targetId: returnedId,
			details: {
				via,
				reason: "owner_got_another_logger",
				causedBy: hardware.id,
				before: { ownerId: rider.id },
				after: { ownerId: null },
			},
		});
	}
	const changedUserIds = new Set([rider.id, ...previousHolders]);
	if (hardware.ownerId) changedUserIds.add(hardware.ownerId);
	return {
		changedUserIds: [...changedUserIds],
		changedHardwareIds: [hardware.id, ...returnedToStock],
	};
}

async function lockRiderAndHardware(repos: Repositories, riderId: string, hardwareId: string) {
	await repos.hardware.lockOwnershipChanges();
	const rider = await repos.users.lockFacts(riderId);
	if (!rider) throw notFound(RIDER_NOT_FOUND, "rider_not_found");
	const hardware = await repos.hardware.lockFacts(hardwareId);
	if (!hardware) throw notFound(HARDWARE_NOT_FOUND, "hardware_not_found");
	return { rider, hardware };
}

async function lockSeller(repos: Repositories, sellerId: string): Promise<UserFacts> {
	const seller = await repos.users.lockFacts(sellerId);
	if (!seller) throw notFound(SELLER_NOT_FOUND, "seller_not_found");
	if (!seller.isSeller) throw badRequest("O usuário escolhido não é revendedor.", "not_a_seller");
	return seller;
}

async function assignmentResult(repos: Repositories, move: Move): Promise<AdminAssignmentResult> {
	return {
		users: await repos.users.adminRowsByIds(move.changedUserIds),
		hardware: await repos.hardware.adminRowsByIds(move.changedHardwareIds),
	};
}

/** Assignments of loggers to riders, riders to sellers and loggers to sellers. */
export function createAssignmentService(db: Kysely<Database>) {
	async function sellerBoard(
		sellerId: string,
		source: Kysely<Database> = db,
	): Promise<SellerBoard> {
		const repos = repositoriesOf(source);
		return {
			riders: await repos.users.listRidersOfSeller(sellerId),
			stock: await repos.hardware.listStockOfSeller(sellerId),
		};
	}

	return {
		/** /adm "Cadastrar": any logger to any user. */
		async assignHardwareToRider(
			actor: UserActor,
			hardwareId: string,
			riderId: string,
		): Promise<AdminAssignmentResult> {
			authorize(actor, "assign", Loggers);
			return runAudited(db, auditActorOf(actor), async (tx) => {
				const repos = repositoriesOf(tx.trx);
				const { rider, hardware } = await lockRiderAndHardware(repos, riderId, hardwareId);
				if (hardware.ownerId === rider.id && rider.hardwareId === hardware.id) {
					return assignmentResult(repos, {
						changedUserIds: [rider.id],
						changedHardwareIds: [hardware.id],
					});
				}
				return assignmentResult(repos, await moveHardware(tx, repos, hardware, rider, "admin"));
			});
		},

		/** The logger goes back to company stock. */
		async returnHardwareToStock(
			actor: UserActor,
			hardwareId: string,
		): Promise<AdminAssignmentResult> {
			authorize(actor, "returnToStock", Loggers);
			return runAudited(db, auditActorOf(actor), async (tx) => {
				const repos = repositoriesOf(tx.trx);
				await repos.hardware.lockOwnershipChanges();
				const hardware = await repos.hardware.lockFacts(hardwareId);
				if (!hardware) throw notFound(HARDWARE_NOT_FOUND, "hardware_not_found");
				const holders = await repos.users.releaseHardware(hardware.id, null);
				if (hardware.ownerId === null && holders.length === 0) {
					return assignmentResult(repos, { changedUserIds: [], changedHardwareIds: [hardware.id] });
				}
				await repos.hardware.setOwner(hardware.id, null);
				await tx.record({
					action: "hardware.unassign_owner",
					targetType: "hardware",
					targetId: hardware.id,
					details: {
						before: { ownerId: hardware.ownerId },
						after: { ownerId: null },
						previousHolderIds: holders,
					},
				});
				const users = new Set(holders);
				if (hardware.ownerId) users.add(hardware.ownerId);
				return assignmentResult(repos, {
					changedUserIds: [...users],
					changedHardwareIds: [hardware.id],
				});
			});
		},

		/**
		 * /seller "Cadastrar": a logger of the seller's stock to the seller's own rider
		 * ("assignAsSeller" of `auth/access.ts`). Re-assigning a logger to the rider who already
		 * has it changes nothing.
		 */
		async assignHardwareAsSeller(
			actor: UserActor,
			hardwareId: string,
			riderId: string,
		): Promise<SellerBoard> {
			return runAudited(db, auditActorOf(actor), async (tx) => {
				const repos = repositoriesOf(tx.trx);
				const { rider, hardware } = await lockRiderAndHardware(repos, riderId, hardwareId);
				authorize(actor, "assignAsSeller", Assignment({ rider, logger: hardware }));
				if (hardware.ownerId !== rider.id) {
					await moveHardware(tx, repos, hardware, rider, "seller");
				}
				return sellerBoard(actor.user.id, tx.trx);
			});
		},

		/** /seller-adm "Cadastrar": the rider's seller (null clears it). */
		async setRiderSeller(
			actor: UserActor,
			userId: string,
			sellerId: string | null,
		): Promise<AdminUserRow> {
			authorize(actor, "setSeller", Accounts);
			return runAudited(db, auditActorOf(actor), async (tx) => {
				const repos = repositoriesOf(tx.trx);
				const rider = await repos.users.lockFacts(userId);
				if (!rider) throw notFound("Usuário não encontrado.", "user_not_found");
				if (sellerId === rider.id)
					throw badRequest("Um usuário não pode ser o próprio revendedor.", "own_seller");
				const seller = sellerId === null ? null : await lockSeller(repos, sellerId);
				if (rider.sellerId !== sellerId) {
					await repos.users.updateSeller(rider.id, sellerId);
					await tx.record({
						action: "user.set_seller",
						targetType: "user",
						targetId: rider.id,
						details: {
							email: rider.email,
							before: { sellerId: rider.sellerId },
							after: { sellerId, sellerEmail: seller?.email ?? null },
						},
					});
				}
				return (await repos.users.adminRowById(rider.id))!;
			});
		},

		/** /hardware "Cadastrar": the logger's seller (null clears it). */
		async setHardwareSeller(
			actor: UserActor,
			hardwareId: string,
			sellerId: string | null,
		): Promise<AdminHardwareRow> {
			authorize(actor, "setSeller", Loggers);
			return runAudited(db, auditActorOf(actor), async (tx) => {
				const repos = repositoriesOf(tx.trx);
				const seller = sellerId === null ? null : await lockSeller(repos, sellerId);
				const hardware = await repos.hardware.lockFacts(hardwareId);
				if (!hardware) throw notFound(HARDWARE_NOT_FOUND, "hardware_not_found");
				if (hardware.sellerId !== sellerId) {
					await repos.hardware.setSeller(hardware.id, sellerId);
					await tx.record({
						action: "hardware.set_seller",
						targetType: "hardware",
						targetId: hardware.id,
						details: {
							before: { sellerId: hardware.sellerId },
							after: { sellerId, sellerEmail: seller?.email ?? null },
						},
					});
				}
				return (await repos.hardware.adminRowById(hardware.id))!;
			});
		},

		sellerBoard: (sellerId: string) => sellerBoard(sellerId),
	};
}

export type AssignmentService = ReturnType<typeof createAssignmentService>;
