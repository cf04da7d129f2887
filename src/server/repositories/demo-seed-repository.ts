import type { Kysely } from "kysely";
import type { Database } from "../db/schema";

/** The writes of the demo seeder: plain inserts into an empty database (run it in a transaction). */
export function createDemoSeedRepository(db: Kysely<Database>) {
	return {
		async countUsers(): Promise<number> {
			const row = await db
				.selectFrom("users")
				.select((eb) => eb.fn.countAll<string>().as("n"))
				.executeTakeFirstOrThrow();
			return Number(row.n);
		},

		async insertUser(user: {
			email: string;
			displayName: string;
			isAdmin: boolean;
			isSeller: boolean;
			sellerId: string | null;
			wifiSsid: string;
			wifiPasswordEnc: string | null;
			pilotName: string;
			bikeNumber: string;
		}): Promise<string> {
			const row = await db
				.insertInto("users")
				.values({
					email: user.email,
					display_name: user.displayName,
					is_admin: user.isAdmin,
					is_seller: user.isSeller,
					seller_id: user.sellerId,
					wifi_ssid: user.wifiSsid,
					wifi_password_enc: user.wifiPasswordEnc,
					pilot_name: user.pilotName,
					bike_number: user.bikeNumber,
				})
				.returning("id")
				.executeTakeFirstOrThrow();
			return row.id;
		},

		async insertLogger(logger: {
			id: string;
			name: string | null;
			ownerId: string | null;
			sellerId: string | null;
			deviceKeyHash: string;
			firmwareVersion: string | null;
			lastSeenAt: Date | null;
		}): Promise<void> {
			await db
				.insertInto("hardware")
				.values({
					id: logger.id,
					name: logger.name,
					owner_id: logger.ownerId,
					seller_id: logger.sellerId,
					device_key_hash: logger.deviceKeyHash,
					firmware_version: logger.firmwareVersion,
					last_seen_at: logger.lastSeenAt,
				})
				.execute();
			if (logger.ownerId) {
				await db
					.updateTable("users")
					.set({ hardware_id: logger.id })
					.where("id", "=", logger.ownerId)
					.execute();
			}
		},

		async insertAudit(entry: {
			action: string;
			targetType: string;
			targetId: string;
			details: unknown;
		}) {
			await db
				.insertInto("audit_log")
				.values({
					actor_label: "demo",
					action: entry.action,
					target_type: entry.targetType,
					target_id: entry.targetId,
					details: JSON.stringify(entry.details),
				})
				.execute();
		},
	};
}
