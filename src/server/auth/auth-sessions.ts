import { createHash, randomBytes } from "node:crypto";
import type { AuthSessionRepository } from "../repositories/auth-session-repository";
import type { SessionUser } from "./actor";
import { needsEnrollment } from "./enrollment";

/** A rider at the track should not be signed out mid-weekend; a stolen cookie should not last. */
export const SESSION_IDLE_TIMEOUT_MS = 14 * 24 * 60 * 60 * 1000;
export const SESSION_ABSOLUTE_LIFETIME_MS = 30 * 24 * 60 * 60 * 1000;
/** last_seen_at is written at most this often, so reads do not turn into writes. */
const TOUCH_INTERVAL_MS = 60 * 1000;

export function hashSessionToken(token: string): string {
	return createHash("sha256").update(token, "utf8").digest("hex");
}

export interface ResolvedAuthSession {
	user: SessionUser;
	idHash: string;
	expiresAt: Date;
}

export function createAuthSessionService(
	repo: AuthSessionRepository,
	now: () => Date = () => new Date(),
) {
	return {
		/** A new random id at every sign-in; only its hash is stored. */
		async create(
			userId: string,
			userAgent: string | null,
		): Promise<{ token: string; expiresAt: Date }> {
			const token = randomBytes(32).toString("base64url");
			const expiresAt = new Date(now().getTime() + SESSION_ABSOLUTE_LIFETIME_MS);
			await repo.insert({
				idHash: hashSessionToken(token),
				userId,
				expiresAt,
				userAgent: userAgent?.slice(0, 400) ?? null,
			});
			return { token, expiresAt };
		},

		async resolve(token: string): Promise<ResolvedAuthSession | null> {
			if (!/^[A-Za-z0-9_-]{20,100}$/.test(token)) return null;
			const idHash = hashSessionToken(token);
			const row = await repo.findWithUser(idHash);
			if (!row) return null;
			const at = now();
			if (
				row.expiresAt.getTime() <= at.getTime() ||
				at.getTime() - row.lastSeenAt.getTime() > SESSION_IDLE_TIMEOUT_MS
			) {
				await repo.delete(idHash);
				return null;
			}
			if (at.getTime() - row.lastSeenAt.getTime() > TOUCH_INTERVAL_MS) await repo.touch(idHash, at);
			return {
				idHash,
				expiresAt: row.expiresAt,
				user: {
					id: row.userId,
					email: row.email,
					displayName: row.displayName,
					photoUrl: row.photoUrl,
					isAdmin: row.isAdmin,
					isSeller: row.isSeller,
					hardwareId: row.hardwareId,
					needsEnrollment: needsEnrollment(row),
				},
			};
		},

		async revoke(token: string): Promise<void> {
			await repo.delete(hashSessionToken(token));
		},

		async revokeByHash(idHash: string): Promise<void> {
			await repo.delete(idHash);
		},

		async revokeAllOfUser(userId: string): Promise<void> {
			await repo.deleteAllOfUser(userId);
		},

		async purgeExpired(): Promise<number> {
			const at = now();
			return repo.deleteExpired(at, new Date(at.getTime() - SESSION_IDLE_TIMEOUT_MS));
		},
	};
}

export type AuthSessionService = ReturnType<typeof createAuthSessionService>;
