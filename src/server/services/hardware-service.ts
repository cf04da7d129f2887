import type { Kysely } from "kysely";
import type { AdminHardwareRow } from "../../shared/api/admin";
import { authorize, Logger, Loggers } from "../auth/access";
import type { UserActor } from "../auth/actor";
import type { Database } from "../db/schema";
import { generateDeviceKey, hashDeviceKey } from "../device/device-keys";
import { conflict, notFound } from "../errors";
import { createHardwareRepository } from "../repositories/hardware-repository";
import { createUserAdminRepository } from "../repositories/user-admin-repository";
import { HARDWARE_NOT_FOUND } from "./assignment-service";
import { auditActorOf, type ManagingActor, runAudited } from "./audit-service";

/** The key goes to the caller once and is never stored: only its hash is. */
export interface HardwareWithKey {
	hardware: AdminHardwareRow;
	deviceKey: string;
}

/** Logger registration, device keys and names. */
export function createHardwareService(db: Kysely<Database>) {
	const hardwareRepo = createHardwareRepository(db);

	return {
		listHardware: () => hardwareRepo.listAdminRows(),

		/** 409 when the id exists. The id must already be valid (HardwareId of the contract). */
		async registerHardware(
			actor: ManagingActor,
			input: { id: string; name?: string | null },
		): Promise<HardwareWithKey> {
			authorize(actor, "register", Loggers);
			const deviceKey = generateDeviceKey();
			const name = input.name ?? null;
			return runAudited(db, auditActorOf(actor), async (tx) => {
				const repo = createHardwareRepository(tx.trx);
				const inserted = await repo.insertIfAbsent({
					id: input.id,
					name,
					keyHash: hashDeviceKey(deviceKey),
				});
				if (!inserted)
					throw conflict(`Já existe um logger com o código "${input.id}".`, "hardware_exists");
				await tx.record({
					action: "hardware.register",
					targetType: "hardware",
					targetId: input.id,
					details: { after: { name, hasKey: true } },
				});
				return { hardware: (await repo.adminRowById(input.id))!, deviceKey };
			});
		},

		/** The old key stops working as soon as the transaction commits. */
		async rotateKey(actor: UserActor, hardwareId: string): Promise<HardwareWithKey> {
			authorize(actor, "rotateKey", Loggers);
			const deviceKey = generateDeviceKey();
			return runAudited(db, auditActorOf(actor), async (tx) => {
				const repo = createHardwareRepository(tx.trx);
				const hardware = await repo.lockFacts(hardwareId);
				if (!hardware) throw notFound(HARDWARE_NOT_FOUND, "hardware_not_found");
				await repo.setKeyHash(hardware.id, hashDeviceKey(deviceKey));
				await tx.record({
					action: "hardware.rotate_key",
					targetType: "hardware",
					targetId: hardware.id,
					details: { before: { hasKey: hardware.hasKey }, after: { hasKey: true } },
				});
				return { hardware: (await repo.adminRowById(hardware.id))!, deviceKey };
			});
		},

		/**
		 * /seller: a new key for a logger in the seller's stock or of one of their riders, as they
		 * hand it over ("rotateKeyAsSeller" of `auth/access.ts`: 403 with the reason otherwise).
		 */
		async rotateKeyAsSeller(
			actor: UserActor,
			hardwareId: string,
		): Promise<{ hardwareId: string; deviceKey: string }> {
			const deviceKey = generateDeviceKey();
			return runAudited(db, auditActorOf(actor), async (tx) => {
				const repo = createHardwareRepository(tx.trx);
				const hardware = await repo.lockFacts(hardwareId);
				if (!hardware) throw notFound(HARDWARE_NOT_FOUND, "hardware_not_found");
				const owner =
					hardware.ownerId === null
						? null
						: await createUserAdminRepository(tx.trx).lockFacts(hardware.ownerId);
				authorize(
					actor,
					"rotateKeyAsSeller",
					Logger({ ...hardware, ownerSellerId: owner?.sellerId ?? null }),
				);
				await repo.setKeyHash(hardware.id, hashDeviceKey(deviceKey));
				await tx.record({
					action: "hardware.rotate_key",
					targetType: "hardware",
					targetId: hardware.id,
					details: { via: "seller", before: { hasKey: hardware.hasKey }, after: { hasKey: true } },
				});
				return { hardwareId: hardware.id, deviceKey };
			});
		},

		async rename(
			actor: UserActor,
			hardwareId: string,
			name: string | null,
		): Promise<AdminHardwareRow> {
			authorize(actor, "rename", Loggers);
			return runAudited(db, auditActorOf(actor), async (tx) => {
				const repo = createHardwareRepository(tx.trx);
				const hardware = await repo.lockFacts(hardwareId);
				if (!hardware) throw notFound(HARDWARE_NOT_FOUND, "hardware_not_found");
				if (hardware.name !== name) {
					await repo.setName(hardware.id, name);
					await tx.record({
						action: "hardware.rename",
						targetType: "hardware",
						targetId: hardware.id,
						details: { before: { name: hardware.name }, after: { name } },
					});
				}
				return (await repo.adminRowById(hardware.id))!;
			});
		},
	};
}

export type HardwareService = ReturnType<typeof createHardwareService>;
