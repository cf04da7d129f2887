import type { Kysely } from "kysely";
import type { Database } from "../db/schema";

export interface NewAuditEntry {
	actorId: string | null;
	actorLabel: string;
	action: string;
	targetType: string;
	targetId: string;
	details: unknown;
}

export interface StoredAuditEntry extends NewAuditEntry {
	id: string;
	at: Date;
}

/** Works on a transaction too: an audit row is written in the same transaction as its change. */
export function createAuditRepository(db: Kysely<Database>) {
	return {
		async insert(entry: NewAuditEntry): Promise<void> {
			await db
				.insertInto("audit_log")
				.values({
					actor_id: entry.actorId,
					actor_label: entry.actorLabel,
					action: entry.action,
					target_type: entry.targetType,
					target_id: entry.targetId,
					details: JSON.stringify(entry.details ?? {}),
				})
				.execute();
		},

		/** Newest first; `beforeId` pages back. */
		async listLatest(limit: number, beforeId?: string): Promise<StoredAuditEntry[]> {
			let query = db.selectFrom("audit_log").selectAll().orderBy("id", "desc").limit(limit);
			if (beforeId !== undefined) query = query.where("id", "<", beforeId);
			const rows = await query.execute();
			return rows.map((row) => ({
				id: String(row.id),
				at: row.at,
				actorId: row.actor_id,
				actorLabel: row.actor_label,
				action: row.action,
				targetType: row.target_type,
				targetId: row.target_id,
				details: row.details,
			}));
		},
	};
}

export type AuditRepository = ReturnType<typeof createAuditRepository>;
