import type { Kysely } from "kysely";
import type { Database } from "../db/schema";

/** What a logger's configuration is built from: the logger and its current rider, if any. */
export interface DeviceConfigRow {
	hardwareId: string;
	riderId: string | null;
	wifiSsid: string | null;
	wifiPasswordEnc: string | null;
	pilotName: string | null;
	bikeNumber: string | null;
}

export function createDeviceRepository(db: Kysely<Database>) {
	return {
		/** The logger whose key hashes to this, or undefined (unknown or rotated key). */
		async findHardwareIdByKeyHash(keyHash: string): Promise<string | undefined> {
			const row = await db
				.selectFrom("hardware")
				.select("id")
				.where("device_key_hash", "=", keyHash)
				.executeTakeFirst();
			return row?.id;
		},

		async findConfig(hardwareId: string): Promise<DeviceConfigRow | undefined> {
			const row = await db
				.selectFrom("hardware as h")
				.leftJoin("users as u", "u.id", "h.owner_id")
				.select([
					"h.id as hardwareId",
					"u.id as riderId",
					"u.wifi_ssid as wifiSsid",
					"u.wifi_password_enc as wifiPasswordEnc",
					"u.pilot_name as pilotName",
					"u.bike_number as bikeNumber",
				])
				.where("h.id", "=", hardwareId)
				.executeTakeFirst();
			return row;
		},

		async recordHeartbeat(hardwareId: string, firmwareVersion: string, at: Date): Promise<boolean> {
			// `returning` rather than numUpdatedRows: not every driver reports affected rows.
			const row = await db
				.updateTable("hardware")
				.set({ last_seen_at: at, firmware_version: firmwareVersion })
				.where("id", "=", hardwareId)
				.returning("id")
				.executeTakeFirst();
			return row !== undefined;
		},
	};
}

export type DeviceRepository = ReturnType<typeof createDeviceRepository>;
