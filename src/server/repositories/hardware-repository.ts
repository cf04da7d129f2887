import { type Kysely, sql } from "kysely";
import type { AdminHardwareRow, SellerStockRow } from "../../shared/api/admin";
import type { Database } from "../db/schema";

/** The fields the management rules look at, read under a row lock. */
export interface HardwareFacts {
	id: string;
	name: string | null;
	ownerId: string | null;
	sellerId: string | null;
	hasKey: boolean;
}

function adminHardwareQuery(db: Kysely<Database>) {
	return db
		.selectFrom("hardware as h")
		.leftJoin("users as o", "o.id", "h.owner_id")
		.leftJoin("users as s", "s.id", "h.seller_id")
		.select([
			"h.id",
			"h.name",
			"h.owner_id",
			"o.email as owner_email",
			"h.seller_id",
			"s.email as seller_email",
			"h.last_seen_at",
			"h.firmware_version",
			"h.device_key_hash",
		])
		.orderBy("h.id");
}

type AdminHardwareRecord = Awaited<
	ReturnType<ReturnType<typeof adminHardwareQuery>["execute"]>
>[number];

const isoOrNull = (at: Date | null) => (at ? at.toISOString() : null);

function toAdminHardwareRow(row: AdminHardwareRecord): AdminHardwareRow {
	return {
		id: row.id,
		name: row.name,
		ownerId: row.owner_id,
		ownerEmail: row.owner_email,
		sellerId: row.seller_id,
		sellerEmail: row.seller_email,
		lastSeenAt: isoOrNull(row.last_seen_at),
		firmwareVersion: row.firmware_version,
		hasKey: row.device_key_hash !== null,
	};
}

/** Arbitrary constant naming the advisory lock that orders changes of logger owners. */
const OWNERSHIP_LOCK_KEY = 7_301_998_004;

/** Loggers as the management screens see them. Works on a transaction too. */
export function createHardwareRepository(db: Kysely<Database>) {
	return {
		async listAdminRows(): Promise<AdminHardwareRow[]> {
			return (await adminHardwareQuery(db).execute()).map(toAdminHardwareRow);
		},

		async adminRowsByIds(ids: readonly string[]): Promise<AdminHardwareRow[]> {
			if (ids.length === 0) return [];
			const rows = await adminHardwareQuery(db)
				.where("h.id", "in", [...ids])
				.execute();
			return rows.map(toAdminHardwareRow);
		},

		async adminRowById(id: string): Promise<AdminHardwareRow | undefined> {
			const [row] = await this.adminRowsByIds([id]);
			return row;
		},

		/**
		 * Makes changes of owners run one at a time until the transaction ends. A move touches up to
		 * two users and two loggers found only while it runs, so row locks alone could deadlock.
		 */
		async lockOwnershipChanges(): Promise<void> {
			await sql`SELECT pg_advisory_xact_lock(${sql.lit(OWNERSHIP_LOCK_KEY)})`.execute(db);
		},

		/** Locks the logger row until the transaction ends. */
		async lockFacts(id: string): Promise<HardwareFacts | undefined> {
			const row = await db
				.selectFrom("hardware")
				.select(["id", "name", "owner_id", "seller_id", "device_key_hash"])
				.where("id", "=", id)
				.forUpdate()
				.executeTakeFirst();
			if (!row) return undefined;
			return {
				id: row.id,
				name: row.name,
				ownerId: row.owner_id,
				sellerId: row.seller_id,
				hasKey: row.device_key_hash !== null,
			};
		},

		/** Inserts unless the id exists; false when it does. */
		async insertIfAbsent(row: {
			id: string;
			name: string | null;
			keyHash: string;
		}): Promise<boolean> {
			const inserted = await db
				.insertInto("hardware")
				.values({
					id: row.id,
					name: row.name,
					device_key_hash: row.keyHash,
					key_rotated_at: new Date(),
				})
				.onConflict((oc) => oc.column("id").doNothing())
				.returning("id")
				.executeTakeFirst();
			return inserted !== undefined;
		},

		async setKeyHash(id: string, keyHash: string): Promise<void> {
			const at = new Date();
			await db
				.updateTable("hardware")
				.set({ device_key_hash: keyHash, key_rotated_at: at, updated_at: at })
				.where("id", "=", id)
				.execute();
		},

		async setName(id: string, name: string | null): Promise<void> {
			await db
				.updateTable("hardware")
				.set({ name, updated_at: new Date() })
				.where("id", "=", id)
				.execute();
		},

		async setSeller(id: string, sellerId: string | null): Promise<void> {
			await db
				.updateTable("hardware")
				.set({ seller_id: sellerId, updated_at: new Date() })
				.where("id", "=", id)
				.execute();
		},

		async setOwner(id: string, ownerId: string | null): Promise<void> {
			await db
				.updateTable("hardware")
				.set({ owner_id: ownerId, updated_at: new Date() })
				.where("id", "=", id)
				.execute();
		},

		/** Returns to stock every logger the rider owns except `exceptId`; returns their ids. */
		async releaseOwnedBy(riderId: string, exceptId: string): Promise<string[]> {
			const rows = await db
				.updateTable("hardware")
				.set({ owner_id: null, updated_at: new Date() })
				.where("owner_id", "=", riderId)
				.where("id", "<>", exceptId)
				.returning("id")
				.execute();
			return rows.map((row) => row.id);
		},

		async listStockOfSeller(sellerId: string): Promise<SellerStockRow[]> {
			const rows = await db
				.selectFrom("hardware")
				.select(["id", "name", "last_seen_at", "firmware_version"])
				.where("seller_id", "=", sellerId)
				.where("owner_id", "is", null)
				.orderBy("id")
				.execute();
			return rows.map((row) => ({
				id: row.id,
				name: row.name,
				lastSeenAt: isoOrNull(row.last_seen_at),
				firmwareVersion: row.firmware_version,
			}));
		},

		async keyHashOf(id: string): Promise<string | null | undefined> {
			const row = await db
				.selectFrom("hardware")
				.select("device_key_hash")
				.where("id", "=", id)
				.executeTakeFirst();
			return row ? row.device_key_hash : undefined;
		},
	};
}

export type HardwareRepository = ReturnType<typeof createHardwareRepository>;
