/** Tracks as admins create and edit them: a name, the start/finish and sector lines, a length. */
import type { Kysely } from "kysely";
import type { z } from "zod";
import type { createAdminTrack, TrackView, updateAdminTrack } from "../../shared/api/tracks";
import { authorize, Tracks } from "../auth/access";
import type { UserActor } from "../auth/actor";
import type { Database } from "../db/schema";
import { conflict, notFound } from "../errors";
import {
	createTrackRepository,
	type TrackFields,
	type TrackRecord,
} from "../repositories/track-repository";
import { auditActorOf, runAudited } from "./audit-service";

type CreateInput = z.output<typeof createAdminTrack.body>;
type UpdateInput = z.output<typeof updateAdminTrack.body>;

const nameTaken = (name: string) =>
	conflict(`Já existe uma pista chamada "${name}".`, "track_name_taken");
const trackNotFound = () => notFound("Pista não encontrada.", "track_not_found");

function snapshot(track: TrackRecord) {
	return {
		name: track.name,
		startFinish: track.startFinish,
		directionDeg: track.directionDeg,
		sectors: track.sectors,
		lengthM: track.lengthM,
	};
}

export function createTrackService(db: Kysely<Database>) {
	const tracks = createTrackRepository(db);

	async function view(trx: Kysely<Database>, track: TrackRecord): Promise<TrackView> {
		return { ...track, sessionCount: await createTrackRepository(trx).sessionCount(track.id) };
	}

	return {
		list: () => tracks.list(),

		async create(actor: UserActor, input: CreateInput): Promise<TrackView> {
			authorize(actor, "create", Tracks);
			if (input.startFinish === null && input.sectors.length > 0) {
				throw conflict(
					"Linhas de setor pedem uma linha de largada/chegada.",
					"sectors_without_line",
				);
			}
			return runAudited(db, auditActorOf(actor), async (tx) => {
				const repo = createTrackRepository(tx.trx);
				const created = await repo.insert({
					...input,
					linesSource: input.startFinish ? "admin" : null,
				});
				if (!created) throw nameTaken(input.name);
				await tx.record({
					action: "track.create",
					targetType: "track",
					targetId: created.id,
					details: { after: snapshot(created) },
				});
				return view(tx.trx, created);
			});
		},

		async update(actor: UserActor, trackId: string, input: UpdateInput): Promise<TrackView> {
			authorize(actor, "update", Tracks);
			return runAudited(db, auditActorOf(actor), async (tx) => {
				const repo = createTrackRepository(tx.trx);
				const before = await repo.lock(trackId);
				if (!before) throw trackNotFound();
				if (input.name !== undefined && input.name !== before.name) {
					const other = await repo.byName(input.name);
					if (other) throw nameTaken(input.name);
				}
				const fields: Partial<TrackFields> = { ...input };
				const startFinish =
					input.startFinish !== undefined ? input.startFinish : before.startFinish;
				const sectors = input.sectors ?? before.sectors;
				if (startFinish === null && sectors.length > 0) {
					if (input.sectors === undefined) fields.sectors = [];
					else
						throw conflict(
							"Linhas de setor pedem uma linha de largada/chegada.",
							"sectors_without_line",
						);
				}
				if (input.startFinish !== undefined) {
					fields.linesSource = input.startFinish === null ? null : "admin";
					if (input.startFinish === null) fields.directionDeg = null;
				} else if (
					startFinish !== null &&
					(input.sectors !== undefined || input.directionDeg !== undefined)
				) {
					// Lines an admin touched are the admin's.
					fields.linesSource = "admin";
				}
				await repo.update(trackId, fields);
				const after = (await repo.byId(trackId))!;
				await tx.record({
					action: "track.update",
					targetType: "track",
					targetId: trackId,
					details: { before: snapshot(before), after: snapshot(after) },
				});
				return view(tx.trx, after);
			});
		},
	};
}
