import type { Kysely } from "kysely";
import type { Database } from "../db/schema";

export interface StoredLoginAttempt {
	stateHash: string;
	browserHash: string;
	sealed: string;
	popup: boolean;
	expiresAt: Date;
}

/** Sign-in attempts in flight (migration 0002). */
export function createLoginAttemptRepository(db: Kysely<Database>) {
	return {
		async insert(attempt: StoredLoginAttempt): Promise<void> {
			await db
				.insertInto("oidc_login_attempts")
				.values({
					state_hash: attempt.stateHash,
					browser_hash: attempt.browserHash,
					sealed: attempt.sealed,
					popup: attempt.popup,
					created_at: undefined,
					expires_at: attempt.expiresAt,
				})
				.execute();
		},

		/** Deletes and returns the attempt in one statement: of two concurrent callbacks only one gets it. */
		async take(stateHash: string): Promise<StoredLoginAttempt | undefined> {
			const row = await db
				.deleteFrom("oidc_login_attempts")
				.where("state_hash", "=", stateHash)
				.returning(["state_hash", "browser_hash", "sealed", "popup", "expires_at"])
				.executeTakeFirst();
			if (!row) return undefined;
			return {
				stateHash: row.state_hash,
				browserHash: row.browser_hash,
				sealed: row.sealed,
				popup: row.popup,
				expiresAt: new Date(row.expires_at),
			};
		},

		async deleteExpired(now: Date): Promise<number> {
			const result = await db
				.deleteFrom("oidc_login_attempts")
				.where("expires_at", "<=", now)
				.executeTakeFirst();
			return Number(result.numDeletedRows);
		},
	};
}

export type LoginAttemptRepository = ReturnType<typeof createLoginAttemptRepository>;
