/**
 * Read-only links to a session: who may create, see and revoke them ("share", "seeShares"
 * and "revoke" of `auth/access.ts`), and what a link opens.
 *
 * - Create: the session's rider only (the data is theirs to give away). The rider's seller and
 *   the admins, who may read the session, may not hand it to strangers: 403.
 * - List and revoke: whoever may read the session may see who else can, and cut a link that
 *   should not exist. Anyone else: the session (or the link) does not exist for them (404).
 * - Open: a token of at least 256 random bits, kept only as its sha256; an unknown, revoked
 *   or expired token answers 404, like a token that never existed.
 */
import { createHash, randomBytes } from "node:crypto";
import type { Kysely } from "kysely";
import type { z } from "zod";
import {
	type createShare,
	type getSharedSession,
	SHARE_DEFAULT_DAYS,
	type ShareComparison,
	type ShareView,
} from "../../shared/api/shares";
import { authorize, Session, Share } from "../auth/access";
import type { UserActor } from "../auth/actor";
import type { Database } from "../db/schema";
import { badRequest, notFound } from "../errors";
import {
	findLapPath,
	findSessionForRead,
	findSessionOwner,
	listLapPaths,
} from "../repositories/session-repository";
import {
	findActiveShareByTokenHash,
	findShareWithOwner,
	insertShare,
	listActiveShares,
	revokeShareRow,
	type ShareRow,
} from "../repositories/share-repository";
import { auditActorOf, runAudited } from "./audit-service";
import { lapPathView, sessionDetail } from "./session-read-service";

const DAY_MS = 86_400_000;
/** Path of the viewer; the token follows. */
export const SHARE_VIEWER_PATH = "/s/";
const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

const sessionNotFound = () => notFound("Sessão não encontrada.", "session_not_found");
const shareNotFound = () => notFound("Link não encontrado.", "share_not_found");
/** The one answer for a link that is unknown, revoked or expired: nothing tells them apart. */
const linkGone = () =>
	notFound("Este link não existe, expirou ou foi revogado.", "shared_link_not_found");

/** A new token: 32 random bytes, base64url (43 characters). */
export function generateShareToken(): string {
	return randomBytes(32).toString("base64url");
}

export function hashShareToken(token: string): string {
	return createHash("sha256").update(token, "utf8").digest("hex");
}

export interface ShareServiceOptions {
	publicUrl: string;
	now?: () => Date;
}

type SharedSession = z.input<typeof getSharedSession.response>;

export function createShareService(db: Kysely<Database>, options: ShareServiceOptions) {
	const now = options.now ?? (() => new Date());
	const linkOf = (token: string) => `${options.publicUrl}${SHARE_VIEWER_PATH}${token}`;
	const view = (share: ShareRow): ShareView => ({
		id: share.id,
		url: null,
		createdAt: share.createdAt.toISOString(),
		expiresAt: share.expiresAt.toISOString(),
		comparison: share.comparison,
	});

	/** The session an active token opens; 404 otherwise, whatever the reason. */
	async function sharedSession(token: string) {
		if (!TOKEN_PATTERN.test(token)) throw linkGone();
		const share = await findActiveShareByTokenHash(db, hashShareToken(token), now());
		if (!share) throw linkGone();
		const session = await findSessionForRead(db, share.sessionId);
		if (!session) throw linkGone();
		return { share, session };
	}

	return {
		async create(
			actor: UserActor,
			sessionId: string,
			input: { expiresInDays?: number; comparison?: ShareComparison },
		): Promise<z.input<typeof createShare.response>> {
			const session = await findSessionForRead(db, sessionId);
			if (!session) throw sessionNotFound();
			authorize(actor, "share", Session(session));
			if (input.comparison) {
				const detail = await sessionDetail(db, session);
				const numbers = new Set(detail.laps.map((l) => l.number));
				for (const lap of [input.comparison.lap, input.comparison.refLap]) {
					if (!numbers.has(lap))
						throw badRequest(`A sessão não tem a volta ${lap}.`, "lap_not_found");
				}
			}
			const token = generateShareToken();
			const created = now();
			const expiresAt = new Date(
				created.getTime() + (input.expiresInDays ?? SHARE_DEFAULT_DAYS) * DAY_MS,
			);
			// The link and its audit row are written together; the token is never logged.
			const share = await runAudited(db, auditActorOf(actor), async (tx) => {
				const row = await insertShare(tx.trx, {
					sessionId,
					createdBy: actor.user.id,
					tokenHash: hashShareToken(token),
					createdAt: created,
					expiresAt,
					comparison: input.comparison ?? null,
				});
				await tx.record({
					action: "session.share",
					targetType: "session",
					targetId: sessionId,
					details: {
						shareId: row.id,
						track: session.track,
						date: session.isoDate,
						expiresAt: row.expiresAt.toISOString(),
						comparison: row.comparison,
					},
				});
				return row;
			});
			return { id: share.id, url: linkOf(token), expiresAt: share.expiresAt.toISOString() };
		},

		async list(actor: UserActor, sessionId: string): Promise<{ shares: ShareView[] }> {
			const owner = await findSessionOwner(db, sessionId);
			if (!owner) throw sessionNotFound();
			authorize(actor, "seeShares", Session(owner));
			return { shares: (await listActiveShares(db, sessionId, now())).map(view) };
		},

		async revoke(actor: UserActor, shareId: string): Promise<{ id: string; revokedAt: string }> {
			const found = await findShareWithOwner(db, shareId);
			if (!found) throw shareNotFound();
			authorize(actor, "revoke", Share(found));
			const revokedAt = await runAudited(db, auditActorOf(actor), async (tx) => {
				const at = await revokeShareRow(tx.trx, shareId, now());
				// A second revocation changes nothing and records nothing.
				if (found.revokedAt === null) {
					await tx.record({
						action: "session.revoke_share",
						targetType: "session",
						targetId: found.share.sessionId,
						details: { shareId, track: found.track, date: found.date },
					});
				}
				return at;
			});
			return { id: shareId, revokedAt: revokedAt.toISOString() };
		},

		async open(token: string): Promise<SharedSession> {
			const { share, session } = await sharedSession(token);
			const detail = await sessionDetail(db, session);
			return {
				share: { expiresAt: share.expiresAt.toISOString(), comparison: share.comparison },
				session: {
					track: detail.session.track,
					date: detail.session.date,
					folder: detail.session.folder,
				},
				laps: detail.laps,
				summary: detail.summary,
			};
		},

		async lapPath(token: string, lapNumber: number) {
			const { session } = await sharedSession(token);
			const lap = await findLapPath(db, session.id, lapNumber);
			if (!lap) throw notFound("Volta não encontrada.", "lap_not_found");
			return { path: lapPathView(lapNumber, lap.path) };
		},

		/** The session an active link opens, for the features that read it their own way (export). */
		async sessionIdOf(token: string): Promise<string> {
			return (await sharedSession(token)).session.id;
		},

		async paths(token: string) {
			const { session } = await sharedSession(token);
			const rows = await listLapPaths(db, session.id);
			return { paths: rows.map((r) => lapPathView(r.lapNumber, r.path)) };
		},
	};
}

export type ShareService = ReturnType<typeof createShareService>;
