import type { Kysely } from "kysely";
import type { Database } from "../db/schema";

export interface AuthSessionWithUser {
	idHash: string;
	userId: string;
	createdAt: Date;
	lastSeenAt: Date;
	expiresAt: Date;
	email: string;
	displayName: string | null;
	photoUrl: string | null;
	isAdmin: boolean;
	isSeller: boolean;
	hardwareId: string | null;
	wifiSsid: string;
}

export function createAuthSessionRepository(db: Kysely<Database>) {
	return {
		async insert(row: {
			idHash: string;
			userId: string;
			createdAt: Date;
			expiresAt: Date;
			userAgent: string | null;
		}) {
			await db
				.insertInto("auth_sessions")
				.values({
					id_hash: row.idHash,
					user_id: row.userId,
					created_at: row.createdAt,
					last_seen_at: row.createdAt,
					expires_at: row.expiresAt,
					user_agent: row.userAgent,
				})
				.execute();
		},

		/** One query: the session and the user's current flags, so role changes apply at once. */
		async findWithUser(idHash: string): Promise<AuthSessionWithUser | undefined> {
			const row = await db
				.selectFrom("auth_sessions as s")
				.innerJoin("users as u", "u.id", "s.user_id")
				.select([
					"s.id_hash",
					"s.user_id",
					"s.created_at",
					"s.last_seen_at",
					"s.expires_at",
					"u.email",
					"u.display_name",
					"u.photo_url",
					"u.is_admin",
					"u.is_seller",
					"u.hardware_id",
					"u.wifi_ssid",
				])
				.where("s.id_hash", "=", idHash)
				.executeTakeFirst();
			if (!row) return undefined;
			return {
				idHash: row.id_hash,
				userId: row.user_id,
				createdAt: row.created_at,
				lastSeenAt: row.last_seen_at,
				expiresAt: row.expires_at,
				email: row.email,
				displayName: row.display_name,
				photoUrl: row.photo_url,
				isAdmin: row.is_admin,
				isSeller: row.is_seller,
				hardwareId: row.hardware_id,
				wifiSsid: row.wifi_ssid,
			};
		},

		async touch(idHash: string, at: Date) {
			await db
				.updateTable("auth_sessions")
				.set({ last_seen_at: at })
				.where("id_hash", "=", idHash)
				.execute();
		},

		async delete(idHash: string) {
			await db.deleteFrom("auth_sessions").where("id_hash", "=", idHash).execute();
		},

		/** How many sessions were ended (`returning`: not every driver reports affected rows). */
		async deleteAllOfUser(userId: string): Promise<number> {
			const rows = await db
				.deleteFrom("auth_sessions")
				.where("user_id", "=", userId)
				.returning("id_hash")
				.execute();
			return rows.length;
		},

		async deleteExpired(now: Date, idleCutoff: Date): Promise<number> {
			const rows = await db
				.deleteFrom("auth_sessions")
				.where((eb) => eb.or([eb("expires_at", "<=", now), eb("last_seen_at", "<=", idleCutoff)]))
				.returning("id_hash")
				.execute();
			return rows.length;
		},
	};
}

export type AuthSessionRepository = ReturnType<typeof createAuthSessionRepository>;
