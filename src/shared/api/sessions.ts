import { z } from "zod";
import type * as domain from "../../domain/six/types";
import { defineEndpoint } from "../endpoint";
import type { Assert, SameShape } from "../same-shape";
import { SessionTimingView } from "./tracks";

export const SessionStatus = z.enum(["received", "processed", "failed"]);

export const SourceFormat = z.enum([
	"six",
	"racechrono",
	"vbo",
	"nmea",
	"gpx",
	"trackaddict",
	"racecapture",
	"aim",
]);

export const ParseIssue = z.object({
	file: z.enum(["lap.six", "gps.six"]),
	line: z.number().int(),
	/** `rejected`: a line not used; `notice`: accepted data set aside (a stretch, a lap). */
	kind: z.enum(["rejected", "notice"]),
	reason: z.string(),
});

/** A report entry of any source: the logger's files or an imported file (named as uploaded). */
export const ReportEntry = ParseIssue.extend({ file: z.string() });

const uuid = z.string().uuid("Identificador inválido.");

// ---- Session tree: tracks -> dates -> laps -------------------------------------------------

export const TreeLap = z.object({ number: z.number().int(), timeMs: z.number().int() });

export const TreeDate = z.object({
	sessionId: z.string(),
	/** `yyyy-mm-dd` */
	date: z.string(),
	/** The logger's folder name, `ddmmyyyy`. */
	folder: z.string(),
	status: SessionStatus,
	laps: z.array(TreeLap),
	/** The fastest lap (ties: the lowest number); null with no lap. */
	bestLap: TreeLap.nullable(),
	/** Lines of each file the reader could not use (the lines are in the session's report). */
	ignoredLines: z.object({ lapSix: z.number().int(), gpsSix: z.number().int() }),
	/** Why the latest upload could not be read (an older good version may still show). */
	error: z.string().nullable(),
});

export const TreeTrack = z.object({ track: z.string(), dates: z.array(TreeDate) });

export const getSessionTree = defineEndpoint({
	method: "GET",
	path: "/api/sessions/tree",
	/** Omitted: the signed-in user's own sessions. Sellers may pass their riders, admins anyone. */
	query: z.object({ riderId: uuid.optional() }),
	response: z.object({
		rider: z.object({
			id: z.string(),
			email: z.string(),
			displayName: z.string().nullable(),
			hardwareId: z.string().nullable(),
		}),
		/** Tracks by name; dates ascending; laps by number. */
		tracks: z.array(TreeTrack),
	}),
});

// ---- One session: laps, sectors, figures ---------------------------------------------------

/** A sector as the ingest stores it (`SectorAnalysis` of the domain). */
export const StoredSector = z.object({
	number: z.union([z.literal(1), z.literal(2), z.literal(3), z.literal(4)]),
	timeMs: z.number().int(),
	/** The device's text for the time, or the time as `ss.SSS` when it wrote none. */
	display: z.string(),
	distanceM: z.number(),
	/** The device marked it improved (`upFlag`). */
	improved: z.boolean(),
});

export const SectorView = StoredSector.extend({
	/** The session's best time of this sector (computed by the server). */
	best: z.boolean(),
});

export const LapView = z.object({
	number: z.number().int(),
	timeMs: z.number().int(),
	battery: z.string(),
	/** Seconds since local midnight when the lap started. */
	entry: z.number().int(),
	distanceM: z.number(),
	sprintCount: z.number().int(),
	/** Recorded sectors only (a sector the logger did not record is absent). */
	sectors: z.array(SectorView),
	points: z.number().int(),
	maxSpeedKmh: z.number().nullable(),
	minSpeedKmh: z.number().nullable(),
	maxRollDeg: z.number().nullable(),
	minRollDeg: z.number().nullable(),
	/** The session's best lap (the summary's `bestLap`). */
	best: z.boolean(),
});
export type LapView = z.infer<typeof LapView>;

const FigureWithLap = <K extends string>(key: K) =>
	z.object({ [key]: z.number(), lap: z.number().int() } as { [P in K]: z.ZodNumber } & {
		lap: z.ZodNumber;
	});

export const SessionSummaryView = z.object({
	bestLap: z.object({ number: z.number().int(), timeMs: z.number().int() }).nullable(),
	theoreticalBestMs: z.number().nullable(),
	maxSpeed: FigureWithLap("kmh").nullable(),
	maxRoll: FigureWithLap("deg").nullable(),
	minRoll: FigureWithLap("deg").nullable(),
	meanLapMs: z.number().nullable(),
	stdDevLapMs: z.number().nullable(),
	lapCount: z.number().int(),
	gpsPointCount: z.number().int(),
});
export type SessionSummaryView = z.infer<typeof SessionSummaryView>;

// The contract and the stored JSON are the domain's types: a field added to one and not the
// other is a compile error, not a silent `undefined`.
export type SummaryIsTheDomains = Assert<
	SameShape<z.infer<typeof SessionSummaryView>, domain.SessionSummary>
>;
export type StoredSectorIsTheDomains = Assert<
	SameShape<z.infer<typeof StoredSector>, domain.SectorAnalysis>
>;
export type ParseIssueIsTheDomains = Assert<
	SameShape<z.infer<typeof ParseIssue>, domain.ParseIssue>
>;

export const SessionInfo = z.object({
	id: z.string(),
	/** The logger that recorded it; null for an imported session. */
	hardwareId: z.string().nullable(),
	riderId: z.string().nullable(),
	track: z.string(),
	date: z.string(),
	folder: z.string(),
	status: SessionStatus,
	version: z.number().int(),
	hasLapFile: z.boolean(),
	hasGpsFile: z.boolean(),
	processedAt: z.string().nullable(),
	/** Why the latest upload could not be read (the previous good version stays). */
	error: z.string().nullable(),
	/** What recorded it: the logger (`six`) or the imported file's format and device. */
	source: z.object({
		format: SourceFormat,
		device: z.string().nullable(),
		/** The imported file's name; null for a logger's session. */
		fileName: z.string().nullable(),
	}),
	/** The laps' lean is estimated from the path (the source measured none). */
	leanEstimated: z.boolean(),
	trackId: z.string().nullable(),
});

export const getSession = defineEndpoint({
	method: "GET",
	path: "/api/sessions/:sessionId",
	params: z.object({ sessionId: uuid }),
	response: z.object({
		session: SessionInfo,
		/** Which laps are shown (the logger's, a line's, the file's markers) and what else can be. */
		timing: SessionTimingView,
		laps: z.array(LapView),
		summary: SessionSummaryView.nullable(),
		report: z.array(ReportEntry),
	}),
});

// ---- Lap paths -------------------------------------------------------------------------------

/** Columns of equal length; roll and distance are null where the logger did not record them. */
export const LapPath = z.object({
	lapNumber: z.number().int(),
	lat: z.array(z.number()),
	lon: z.array(z.number()),
	speedKmh: z.array(z.number()),
	rollDeg: z.array(z.number().nullable()),
	distanceM: z.array(z.number().nullable()),
});
export type LapPath = z.infer<typeof LapPath>;

export const getLapPath = defineEndpoint({
	method: "GET",
	path: "/api/sessions/:sessionId/laps/:lapNumber/path",
	params: z.object({ sessionId: uuid, lapNumber: z.coerce.number().int().min(1) }),
	response: z.object({ path: LapPath }),
});

export const getSessionPaths = defineEndpoint({
	method: "GET",
	path: "/api/sessions/:sessionId/paths",
	params: z.object({ sessionId: uuid }),
	response: z.object({ paths: z.array(LapPath) }),
});
