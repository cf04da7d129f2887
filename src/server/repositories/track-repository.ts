import { type Kysely, sql } from "kysely";
import { z } from "zod";
import type { GateLine, TrackDefinition, TrackLines } from "../../domain/recording/types";
import type { TrackView } from "../../shared/api/tracks";
import type { Database, TrackLinesSource } from "../db/schema";
import { StoredJsonError } from "./session-repository";

/** Tracks and their lines: the only SQL about them. */

type Db = Kysely<Database>;

const StoredLine = z.object({
	a: z.object({ lat: z.number(), lon: z.number() }),
	b: z.object({ lat: z.number(), lon: z.number() }),
});
const StoredLines = z.array(StoredLine);
// The API's rules (distinct points, bounded length) are checked on the way in, not here.

function readLine(value: unknown, what: string): GateLine {
	const parsed = StoredLine.safeParse(value);
	if (!parsed.success) throw new StoredJsonError(`${what} does not match its schema`);
	return parsed.data;
}

function readLines(value: unknown, what: string): GateLine[] {
	const parsed = StoredLines.safeParse(value);
	if (!parsed.success) throw new StoredJsonError(`${what} does not match its schema`);
	return parsed.data;
}

export interface TrackRecord {
	id: string;
	name: string;
	startFinish: GateLine | null;
	directionDeg: number | null;
	sectors: GateLine[];
	lengthM: number | null;
	linesSource: TrackLinesSource | null;
}

const COLUMNS = [
	"t.id",
	"t.name",
	"t.start_finish",
	"t.direction_deg",
	"t.sectors",
	"t.length_m",
	"t.lines_source",
] as const;

function toRecord(row: {
	id: string;
	name: string;
	start_finish: unknown;
	direction_deg: number | null;
	sectors: unknown;
	length_m: number | null;
	lines_source: TrackLinesSource | null;
}): TrackRecord {
	return {
		id: row.id,
		name: row.name,
		startFinish:
			row.start_finish === null ? null : readLine(row.start_finish, `track ${row.id} start/finish`),
		directionDeg: row.direction_deg,
		sectors: readLines(row.sectors, `track ${row.id} sectors`),
		lengthM: row.length_m,
		linesSource: row.lines_source,
	};
}

/** The lines to time with, or null while the track has no start/finish line. */
export function linesOfTrack(track: TrackRecord): TrackLines | null {
	if (!track.startFinish) return null;
	return {
		startFinish: track.startFinish,
		sectors: track.sectors,
		directionDeg: track.directionDeg,
	};
}

export interface TrackFields {
	name: string;
	startFinish: GateLine | null;
	directionDeg: number | null;
	sectors: GateLine[];
	lengthM: number | null;
	linesSource: TrackLinesSource | null;
}

function fieldsToRow(fields: Partial<TrackFields>) {
	const row: Record<string, unknown> = {};
	if (fields.name !== undefined) row.name = fields.name;
	if (fields.startFinish !== undefined)
		row.start_finish = fields.startFinish === null ? null : JSON.stringify(fields.startFinish);
	if (fields.directionDeg !== undefined) row.direction_deg = fields.directionDeg;
	if (fields.sectors !== undefined) row.sectors = JSON.stringify(fields.sectors);
	if (fields.lengthM !== undefined) row.length_m = fields.lengthM;
	if (fields.linesSource !== undefined) row.lines_source = fields.linesSource;
	return row;
}

export function createTrackRepository(db: Db) {
	const select = () => db.selectFrom("tracks as t").select(COLUMNS);

	return {
		async list(): Promise<TrackView[]> {
			const rows = await select()
				.select(
					sql<number>`(SELECT count(*)::int FROM sessions s WHERE s.track_id = t.id)`.as(
						"session_count",
					),
				)
				.orderBy("t.name")
				.execute();
			return rows.map((row) => ({ ...toRecord(row), sessionCount: row.session_count }));
		},

		async byId(id: string): Promise<TrackRecord | null> {
			const row = await select().where("t.id", "=", id).executeTakeFirst();
			return row ? toRecord(row) : null;
		},

		async byName(name: string): Promise<TrackRecord | null> {
			const row = await select().where("t.name", "=", name).executeTakeFirst();
			return row ? toRecord(row) : null;
		},

		async sessionCount(id: string): Promise<number> {
			const row = await db
				.selectFrom("sessions")
				.select(sql<number>`count(*)::int`.as("n"))
				.where("track_id", "=", id)
				.executeTakeFirstOrThrow();
			return row.n;
		},

		/** Null when the name is taken. */
		async insert(fields: TrackFields): Promise<TrackRecord | null> {
			const row = await db
				.insertInto("tracks")
				.values(fieldsToRow(fields) as { name: string })
				.onConflict((oc) => oc.column("name").doNothing())
				.returning(["id"])
				.executeTakeFirst();
			return row ? this.byId(row.id) : null;
		},

		/** Locks the row for the rest of the transaction. */
		async lock(id: string): Promise<TrackRecord | null> {
			const row = await select().where("t.id", "=", id).forUpdate().executeTakeFirst();
			return row ? toRecord(row) : null;
		},

		async update(id: string, fields: Partial<TrackFields>): Promise<void> {
			await db
				.updateTable("tracks")
				.set({ ...fieldsToRow(fields), updated_at: sql<Date>`now()` })
				.where("id", "=", id)
				.execute();
		},

		/** The track of this name, created (without lines) when new. */
		async ensureByName(name: string): Promise<TrackRecord> {
			await db
				.insertInto("tracks")
				.values({ name })
				.onConflict((oc) => oc.column("name").doNothing())
				.execute();
			return (await this.byName(name))!;
		},

		/** Gives a track lines only when it has none (an admin's lines are never replaced). */
		async setLinesIfNone(
			id: string,
			lines: TrackLines,
			source: TrackLinesSource,
		): Promise<boolean> {
			const result = await db
				.updateTable("tracks")
				.set({
					start_finish: JSON.stringify(lines.startFinish),
					direction_deg: lines.directionDeg,
					sectors: JSON.stringify(lines.sectors),
					lines_source: source,
					updated_at: sql<Date>`now()`,
				})
				.where("id", "=", id)
				.where("start_finish", "is", null)
				.executeTakeFirst();
			return Number(result.numUpdatedRows) > 0;
		},

		/** Tracks with a start/finish line, as recognition takes them. */
		async definitionsWithLines(): Promise<(TrackDefinition & { id: string })[]> {
			const rows = await select().where("t.start_finish", "is not", null).execute();
			return rows.map((row) => {
				const track = toRecord(row);
				return {
					id: track.id,
					name: track.name,
					startFinish: track.startFinish!,
					sectors: track.sectors,
					directionDeg: track.directionDeg,
					lengthM: track.lengthM,
				};
			});
		},
	};
}

export type TrackRepository = ReturnType<typeof createTrackRepository>;
