/**
 * Read-only links to a session. The rider creates them (`POST /api/sessions/:id/shares`), sees
 * the active ones and revokes them; whoever opens the link reads the session through
 * `/api/shared/:token/…` without signing in, and nothing else.
 */
import { z } from "zod";
import { defineEndpoint } from "../endpoint";
import { LapPath, LapView, SessionSummaryView } from "./sessions";

const uuid = z.string().uuid("Identificador inválido.");

export const SHARE_DEFAULT_DAYS = 30;
export const SHARE_MAX_DAYS = 365;

/** Two laps of the session to open the link on: `lap` compared against `refLap`. */
export const ShareComparison = z
	.object({
		lap: z.number().int().min(1).max(100_000),
		refLap: z.number().int().min(1).max(100_000),
	})
	.strict();
export type ShareComparison = z.infer<typeof ShareComparison>;

export const ShareView = z.object({
	id: z.string(),
	/** The link; the token in it is shown only when the share is created. */
	url: z.string().nullable(),
	createdAt: z.string(),
	expiresAt: z.string(),
	comparison: ShareComparison.nullable(),
});
export type ShareView = z.infer<typeof ShareView>;

export const createShare = defineEndpoint({
	method: "POST",
	path: "/api/sessions/:sessionId/shares",
	params: z.object({ sessionId: uuid }),
	body: z
		.object({
			expiresInDays: z
				.number()
				.int("Informe um número inteiro de dias.")
				.min(1, "O link precisa valer pelo menos 1 dia.")
				.max(SHARE_MAX_DAYS, `O link pode valer no máximo ${SHARE_MAX_DAYS} dias.`)
				.optional(),
			comparison: ShareComparison.optional(),
		})
		.strict(),
	response: z.object({ id: z.string(), url: z.string(), expiresAt: z.string() }),
});

export const listShares = defineEndpoint({
	method: "GET",
	path: "/api/sessions/:sessionId/shares",
	params: z.object({ sessionId: uuid }),
	/** Active links (neither expired nor revoked), newest first. */
	response: z.object({ shares: z.array(ShareView) }),
});

export const revokeShare = defineEndpoint({
	method: "DELETE",
	path: "/api/shares/:shareId",
	params: z.object({ shareId: uuid }),
	response: z.object({ id: z.string(), revokedAt: z.string() }),
});

// ---- What the link opens ---------------------------------------------------------------------

/** A token as the link carries it: base64url, never longer than this. */
export const shareToken = z.string().min(1).max(128);

/** The shared session: its track, date, laps and figures; no rider, logger or account data. */
export const getSharedSession = defineEndpoint({
	method: "GET",
	path: "/api/shared/:token",
	params: z.object({ token: shareToken }),
	response: z.object({
		share: z.object({ expiresAt: z.string(), comparison: ShareComparison.nullable() }),
		session: z.object({
			track: z.string(),
			/** `yyyy-mm-dd` */
			date: z.string(),
			/** The logger's folder name, `ddmmyyyy`. */
			folder: z.string(),
		}),
		laps: z.array(LapView),
		summary: SessionSummaryView.nullable(),
	}),
});

export const getSharedLapPath = defineEndpoint({
	method: "GET",
	path: "/api/shared/:token/laps/:lapNumber/path",
	params: z.object({ token: shareToken, lapNumber: z.coerce.number().int().min(1) }),
	response: z.object({ path: LapPath }),
});

export const getSharedSessionPaths = defineEndpoint({
	method: "GET",
	path: "/api/shared/:token/paths",
	params: z.object({ token: shareToken }),
	response: z.object({ paths: z.array(LapPath) }),
});
