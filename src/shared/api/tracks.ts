import { z } from "zod";
import type { GateLine as DomainGateLine } from "../../domain/recording/types";
import { defineEndpoint } from "../endpoint";
import type { Assert, SameShape } from "../same-shape";

/**
 * Tracks and their timing lines, and re-timing a session's laps with them. A line is two
 * points on the map about as wide as the track; laps run between crossings of start/finish.
 */

export const LatLon = z.object({
	lat: z.number().min(-90, "Latitude inválida.").max(90, "Latitude inválida."),
	lon: z.number().min(-180, "Longitude inválida.").max(180, "Longitude inválida."),
});

const EARTH_RADIUS_M = 6_371_008.8;
function metresBetween(a: z.infer<typeof LatLon>, b: z.infer<typeof LatLon>): number {
	const rad = Math.PI / 180;
	const x = (b.lon - a.lon) * rad * Math.cos(((a.lat + b.lat) / 2) * rad);
	const y = (b.lat - a.lat) * rad;
	return Math.hypot(x, y) * EARTH_RADIUS_M;
}

/** Longest line accepted, metres: wider than any track, short enough to cross one place only. */
export const MAX_LINE_LENGTH_M = 500;
/** At most this many sector lines (four sectors, as the logger records). */
export const MAX_SECTOR_LINES = 3;

export const GateLine = z
	.object({ a: LatLon, b: LatLon })
	.refine((line) => metresBetween(line.a, line.b) >= 1, {
		message: "Os dois pontos da linha coincidem.",
	})
	.refine((line) => metresBetween(line.a, line.b) <= MAX_LINE_LENGTH_M, {
		message: `Linha longa demais (máximo ${MAX_LINE_LENGTH_M} m).`,
	});
export type GateLine = z.infer<typeof GateLine>;
export type GateLineIsTheDomains = Assert<SameShape<GateLine, DomainGateLine>>;

const DirectionDeg = z
	.number()
	.min(0, "Direção entre 0 e 360 graus.")
	.lt(360, "Direção entre 0 e 360 graus.");

export const TrackLinesInput = z.object({
	startFinish: GateLine,
	/** Compass bearing of travel across start/finish; null: decided from the recording. */
	directionDeg: DirectionDeg.nullable().default(null),
	sectors: z
		.array(GateLine)
		.max(MAX_SECTOR_LINES, `No máximo ${MAX_SECTOR_LINES} linhas de setor.`)
		.default([]),
});

export const TrackLinesSource = z.enum(["admin", "lap_counter", "file"]);

export const TrackView = z.object({
	id: z.string(),
	name: z.string(),
	/** Null while no start/finish line is known. */
	startFinish: GateLine.nullable(),
	directionDeg: z.number().nullable(),
	sectors: z.array(GateLine),
	lengthM: z.number().nullable(),
	/** Who placed the start/finish line: an admin, a logger's lap counter, a file's markers. */
	linesSource: TrackLinesSource.nullable(),
	/** Sessions recorded there. */
	sessionCount: z.number().int(),
});
export type TrackView = z.infer<typeof TrackView>;

const TrackName = z
	.string()
	.trim()
	.min(1, "Informe o nome da pista.")
	.max(64, "Nome da pista com no máximo 64 caracteres.");
const LengthM = z.number().positive("Comprimento deve ser positivo.").max(100_000).nullable();

export const listAdminTracks = defineEndpoint({
	method: "GET",
	path: "/api/admin/tracks",
	response: z.object({ tracks: z.array(TrackView) }),
});

export const createAdminTrack = defineEndpoint({
	method: "POST",
	path: "/api/admin/tracks",
	body: z.object({
		name: TrackName,
		startFinish: GateLine.nullable().default(null),
		directionDeg: DirectionDeg.nullable().default(null),
		sectors: z.array(GateLine).max(MAX_SECTOR_LINES).default([]),
		lengthM: LengthM.default(null),
	}),
	response: z.object({ track: TrackView }),
});

/** Fields left out stay as they are; `startFinish: null` removes the lines. */
export const updateAdminTrack = defineEndpoint({
	method: "PATCH",
	path: "/api/admin/tracks/:trackId",
	params: z.object({ trackId: z.string().uuid("Identificador inválido.") }),
	body: z
		.object({
			name: TrackName.optional(),
			startFinish: GateLine.nullable().optional(),
			directionDeg: DirectionDeg.nullable().optional(),
			sectors: z.array(GateLine).max(MAX_SECTOR_LINES).optional(),
			lengthM: LengthM.optional(),
		})
		.strict(),
	response: z.object({ track: TrackView }),
});

// ---- Re-timing a session ------------------------------------------------------------------

export const TimingShown = z.enum(["logger", "line", "markers", "none"]);
export type TimingShown = z.infer<typeof TimingShown>;

export const SessionTimingView = z.object({
	/** Which laps the session shows. */
	shown: TimingShown,
	/** The lines of a `line` timing. */
	lines: z
		.object({
			startFinish: GateLine,
			directionDeg: z.number().nullable(),
			sectors: z.array(GateLine),
		})
		.nullable(),
	/** The logger's own laps can be shown (a `.six` session). */
	loggerAvailable: z.boolean(),
	/** The session's track has a start/finish line to re-time with. */
	trackHasLine: z.boolean(),
});
export type SessionTimingView = z.infer<typeof SessionTimingView>;

export const retimeSession = defineEndpoint({
	method: "POST",
	path: "/api/sessions/:sessionId/timing",
	params: z.object({ sessionId: z.string().uuid("Identificador inválido.") }),
	body: z.discriminatedUnion("timing", [
		/** Back to the logger's own laps (`.six` sessions). */
		z.object({ timing: z.literal("logger") }),
		/** The lines of the session's track. */
		z.object({ timing: z.literal("track") }),
		/** A line placed on the map (and optional sector lines). */
		z.object({ timing: z.literal("line") }).extend(TrackLinesInput.shape),
	]),
	response: z.object({
		timing: SessionTimingView,
		version: z.number().int(),
		laps: z.array(z.object({ number: z.number().int(), timeMs: z.number().int() })),
		/** What timing set aside: crossings ignored, stretches untimed, sectors not crossed. */
		report: z.array(
			z.object({
				file: z.string(),
				line: z.number().int(),
				kind: z.enum(["rejected", "notice"]),
				reason: z.string(),
			}),
		),
	}),
});
