import type { Kysely } from "kysely";
import type { AdminUserRow, SellerRiderRow, SellerSummary } from "../../shared/api/admin";
import type { Database } from "../db/schema";

/** The fields the management rules look at, read under a row lock. */
export interface UserFacts {
	id: string;
	email: string;
	isAdmin: boolean;
	isSeller: boolean;
	sellerId: string | null;
	hardwareId: string | null;
}

function adminUsersQuery(db: Kysely<Database>) {
	return db
		.selectFrom("users as u")
		.leftJoin("users as s", "s.id", "u.seller_id")
		.select([
			"u.id",
			"u.email",
			"u.display_name",
			"u.hardware_id",
			"u.is_admin",
			"u.is_seller",
			"u.pilot_name",
			"u.bike_number",
			"u.wifi_ssid",
			"u.seller_id",
			"s.email as seller_email",
		])
		.orderBy("u.email");
}

type AdminUserRecord = Awaited<ReturnType<ReturnType<typeof adminUsersQuery>["execute"]>>[number];

function toAdminUserRow(row: AdminUserRecord): AdminUserRow {
	return {
		id: row.id,
		email: row.email,
		displayName: row.display_name,
		hardwareId: row.hardware_id,
		isAdmin: row.is_admin,
		isSeller: row.is_seller,
		pilotName: row.pilot_name,
		bikeNumber: row.bike_number,
		wifiSsid: row.wifi_ssid,
		sellerId: row.seller_id,
		sellerEmail: row.seller_email,
	};
}

/** Users as the management screens see them. Works on a transaction too. */
export function createUserAdminRepository(db: Kysely<Database>) {
	return {
		async listAdminRows(): Promise<AdminUserRow[]> {
			return (await adminUsersQuery(db).execute()).map(toAdminUserRow);
		},

		async adminRowsByIds(ids: readonly string[]): Promise<AdminUserRow[]> {
			if (ids.length === 0) return [];
			const rows = await adminUsersQuery(db)
				.where("u.id", "in", [...ids])
				.execute();
			return rows.map(toAdminUserRow);
		},

		async adminRowById(id: string): Promise<AdminUserRow | undefined> {
			const [row] = await this.adminRowsByIds([id]);
			return row;
		},

		/** Locks the user row until the transaction ends, so two changes to it run one after the other. */
		async lockFacts(id: string): Promise<UserFacts | undefined> {
			const row = await db
				.selectFrom("users")
				.select(["id", "email", "is_admin", "is_seller", "seller_id", "hardware_id"])
				.where("id", "=", id)
				.forUpdate()
				.executeTakeFirst();
			if (!row) return undefined;
			return {
				id: row.id,
				email: row.email,
				isAdmin: row.is_admin,
				isSeller: row.is_seller,
				sellerId: row.seller_id,
				hardwareId: row.hardware_id,
			};
		},

		async idByEmail(email: string): Promise<string | undefined> {
			const row = await db
				.selectFrom("users")
				.select("id")
				.where("email", "=", email)
				.executeTakeFirst();
			return row?.id;
		},

		async insert(user: { email: string; isAdmin: boolean; isSeller: boolean }): Promise<string> {
			const row = await db
				.insertInto("users")
				.values({ email: user.email, is_admin: user.isAdmin, is_seller: user.isSeller })
				.returning("id")
				.executeTakeFirstOrThrow();
			return row.id;
		},

		async updateRoles(id: string, roles: { isAdmin: boolean; isSeller: boolean }): Promise<void> {
			await db
				.updateTable("users")
				.set({ is_admin: roles.isAdmin, is_seller: roles.isSeller, updated_at: new Date() })
				.where("id", "=", id)
				.execute();
		},

		async updateSeller(id: string, sellerId: string | null): Promise<void> {
			await db
				.updateTable("users")
				.set({ seller_id: sellerId, updated_at: new Date() })
				.where("id", "=", id)
				.execute();
		},

		async setHardware(id: string, hardwareId: string): Promise<void> {
			await db
				.updateTable("users")
				.set({ hardware_id: hardwareId, updated_at: new Date() })
				.where("id", "=", id)
				.execute();
		},

		/** Clears the logger from whoever holds it (except `exceptUserId`); returns their ids. */
		async releaseHardware(hardwareId: string, exceptUserId: string | null): Promise<string[]> {
			let query = db
				.updateTable("users")
				.set({ hardware_id: null, updated_at: new Date() })
				.where("hardware_id", "=", hardwareId);
			if (exceptUserId !== null) query = query.where("id", "<>", exceptUserId);
			const rows = await query.returning("id").execute();
			return rows.map((row) => row.id);
		},

		async listSellers(): Promise<SellerSummary[]> {
			const rows = await db
				.selectFrom("users")
				.select(["id", "email", "display_name"])
				.where("is_seller", "=", true)
				.orderBy("email")
				.execute();
			return rows.map((row) => ({ id: row.id, email: row.email, displayName: row.display_name }));
		},

		async listRidersOfSeller(sellerId: string): Promise<SellerRiderRow[]> {
			const rows = await db
				.selectFrom("users")
				.select(["id", "email", "display_name", "pilot_name", "bike_number", "hardware_id"])
				.where("seller_id", "=", sellerId)
				.orderBy("email")
				.execute();
			return rows.map((row) => ({
				id: row.id,
				email: row.email,
				displayName: row.display_name,
				pilotName: row.pilot_name,
				bikeNumber: row.bike_number,
				hardwareId: row.hardware_id,
			}));
		},
	};
}

export type UserAdminRepository = ReturnType<typeof createUserAdminRepository>;
