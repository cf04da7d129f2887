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
			const createdAt = now();
			const expiresAt = new Date(createdAt.getTime() + SESSION_ABSOLUTE_LIFETIME_MS);
			await repo.insert({
				idHash: hashSessionToken(token),
				userId,
				createdAt,
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

		/** How many sessions were ended. */
		async revokeAllOfUser(userId: string): Promise<number> {
			return repo.deleteAllOfUser(userId);
		},

		async purgeExpired(): Promise<number> {
			const at = now();
			return repo.deleteExpired(at, new Date(at.getTime() - SESSION_IDLE_TIMEOUT_MS));
		},
	};
}

export type AuthSessionService = ReturnType<typeof createAuthSessionService>;

/**
 * Deletes expired and idle sessions every `intervalMs` (resolve() already refuses them; this
 * keeps the table from growing with sessions nobody comes back to). The timer never keeps the
 * process alive; stop() ends it.
 */
export function scheduleSessionPurge(
	service: Pick<AuthSessionService, "purgeExpired">,
	intervalMs: number,
	onError: (error: unknown) => void,
): { stop(): void } {
	let running = false;
	const timer = setInterval(() => {
		if (running) return;
		running = true;
		service
			.purgeExpired()
			.catch(onError)
			.finally(() => {
				running = false;
			});
	}, intervalMs);
	timer.unref();
	return { stop: () => clearInterval(timer) };
}
