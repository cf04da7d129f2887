/**
 * Importing a recording of any supported format (RaceChrono, VBO, NMEA, GPX, TrackAddict,
 * RaceCapture, AiM) as a session of the importing rider, with no logger involved.
 *
 * 1. Read it (`importRecording`: the format from the content). A file that cannot be read, or
 *    holds no fix, is refused with its report: nothing is stored.
 * 2. Its track: a known track whose start/finish line the path crosses (`recogniseTrack`), timed
 *    with that track's lines; else the file's own lines (VBO `[laptiming]`) or lap markers,
 *    under the track the file names (created when new, given a line from the file); else no
 *    laps, under the file's track or one named after the file.
 * 3. The original bytes go to storage (`imports/{rider}/{session}/original`, kept to derive the
 *    session again), then one transaction writes the session, its laps and the audit entry. A
 *    failure in between removes the object: never a half-written session.
 *
 * The same file imported twice by one rider gives the first session back.
 */
import { randomUUID } from "node:crypto";
import type { Kysely } from "kysely";
import { importRecording, isRecognised } from "../../domain/import";
import type { ImportIssue, Recording, TrackLines } from "../../domain/recording/types";
import { recogniseTrack, startFinishFromMarks } from "../../domain/timing";
import type { Database, TimingShown } from "../db/schema";
import { badRequest, notFound } from "../errors";
import { sha256Hex } from "../ingest/session-files";
import { findImportedSession, insertImportedSession } from "../repositories/import-repository";
import { applyTimedVersion } from "../repositories/session-timing-repository";
import { createTrackRepository, type TrackRecord } from "../repositories/track-repository";
import { type AuditActor, runAudited } from "../services/audit-service";
import type { ObjectStorage } from "../storage/object-storage";
import { deriveSessionVersion, type TimingChoice } from "../timing/derive-version";

export interface ImportFileInput {
	riderId: string;
	fileName: string;
	bytes: Uint8Array;
	/** Who imports (the rider, their seller, an admin, or the command line). */
	actor: AuditActor;
}

export interface ImportOutcome {
	sessionId: string;
	/** False: the rider had imported this very file already; its session is given back. */
	created: boolean;
	track: string;
	/** `yyyy-mm-dd` */
	date: string;
	format: Recording["source"]["format"] | null;
	device: string | null;
	timing: TimingShown | null;
	laps: { number: number; timeMs: number }[];
	report: ImportIssue[];
}

const MAX_FILE_NAME = 200;
const MAX_TRACK_NAME = 64;

/** The name as given, without folders or control characters, bounded. */
export function cleanFileName(name: string): string {
	const base = name.split(/[\\/]/).pop() ?? "";
	// biome-ignore lint/suspicious/noControlCharactersInRegex: removing them is the point
	const clean = base.replace(/[\u0000-\u001f\u007f-\u009f]/g, "").trim();
	return (clean || "arquivo").slice(0, MAX_FILE_NAME);
}

function trackNameFor(recording: Recording, fileName: string): string {
	const named = recording.trackName?.trim();
	if (named) return named.slice(0, MAX_TRACK_NAME);
	const base = fileName.replace(/\.[A-Za-z0-9]{1,5}$/, "");
	return `Importada: ${base}`.slice(0, MAX_TRACK_NAME);
}

/** `yyyy-mm-dd` (UTC) of the first fix, or of today when the file gives no date. */
function sessionDate(recording: Recording, now: Date): string {
	const t =
		recording.dateKnown && recording.fixes.length > 0 ? recording.fixes.timeMs[0]! : now.getTime();
	return new Date(t).toISOString().slice(0, 10);
}

export function createImportService(deps: {
	db: Kysely<Database>;
	storage: ObjectStorage;
	now?: () => Date;
}) {
	const { db, storage } = deps;
	const now = deps.now ?? (() => new Date());

	/** The track and how to time the recording there (step 2 of the header). */
	async function placeRecording(
		recording: Recording,
		fileName: string,
	): Promise<{ track: TrackRecord; choice: TimingChoice; fallback: TimingChoice }> {
		const tracks = createTrackRepository(db);
		const markers: TimingChoice =
			recording.lapMarksMs.length >= 2 ? { shown: "markers" } : { shown: "none" };
		const match = recogniseTrack(recording.fixes, await tracks.definitionsWithLines());
		if (match) {
			const known = match.track as typeof match.track & { id: string };
			const track = (await tracks.byId(known.id))!;
			const lines: TrackLines = {
				startFinish: known.startFinish,
				sectors: known.sectors,
				directionDeg: known.directionDeg,
			};
			return { track, choice: { shown: "line", lines }, fallback: markers };
		}
		const track = await tracks.ensureByName(trackNameFor(recording, fileName));
		if (recording.lines) {
			await tracks.setLinesIfNone(track.id, recording.lines, "file");
			return { track, choice: { shown: "line", lines: recording.lines }, fallback: markers };
		}
		if (markers.shown === "markers") {
			const derived = startFinishFromMarks(recording.fixes, recording.lapMarksMs);
			if (derived) await tracks.setLinesIfNone(track.id, derived.lines, "file");
		}
		return { track, choice: markers, fallback: { shown: "none" } };
	}

	return {
		async importFile(input: ImportFileInput): Promise<ImportOutcome> {
			const fileName = cleanFileName(input.fileName);
			const sha256 = sha256Hex(input.bytes);
			const rider = await db
				.selectFrom("users")
				.select("id")
				.where("id", "=", input.riderId)
				.executeTakeFirst();
			if (!rider) throw notFound("Piloto não encontrado.", "rider_not_found");
			const existing = await findImportedSession(db, input.riderId, sha256);
			if (existing) {
				return {
					sessionId: existing.id,
					created: false,
					track: existing.track,
					date: existing.isoDate,
					format: null,
					device: null,
					timing: null,
					laps: [],
					report: [],
				};
			}

			const recording = importRecording(input.bytes, fileName);
			if (!isRecognised(recording)) {
				throw badRequest(
					recording.report[0]?.reason ?? "Formato não reconhecido.",
					"import_unreadable",
					{ report: recording.report.slice(0, 200) },
				);
			}
			if (recording.fixes.length === 0) {
				throw badRequest(`Nenhum ponto de GPS utilizável em ${fileName}.`, "import_empty", {
					report: recording.report.slice(0, 200),
				});
			}

			const sessionId = randomUUID();
			const objectKey = `imports/${input.riderId}/${sessionId}/original`;
			// The original is written while the laps are worked out (the disk and the CPU at once).
			const stored = storage.put(objectKey, input.bytes, {
				sha256,
				contentType: "application/octet-stream",
			});
			let placed: Awaited<ReturnType<typeof placeRecording>>;
			let version: ReturnType<typeof deriveSessionVersion>;
			const isoDate = sessionDate(recording, now());
			try {
				placed = await placeRecording(recording, fileName);
				const loaded = { kind: "import" as const, recording, fileName };
				version = deriveSessionVersion(sessionId, loaded, placed.choice);
				if (version.laps.length === 0 && placed.fallback.shown !== "none") {
					version = deriveSessionVersion(sessionId, loaded, placed.fallback);
				}
				if (!recording.dateKnown) {
					version.report.unshift({
						file: fileName,
						line: 0,
						kind: "notice",
						reason: "o arquivo não informa a data: sessão datada do dia da importação",
					});
				}
				await stored;
				const track = placed.track;
				const derived = version;
				await runAudited(db, input.actor, async (tx) => {
					await insertImportedSession(tx.trx, {
						id: sessionId,
						riderId: input.riderId,
						track: track.name,
						trackId: track.id,
						isoDate,
						format: recording.source.format,
						device: recording.source.device,
						fileName,
						objectKey,
						sha256,
					});
					await applyTimedVersion(tx.trx, sessionId, derived);
					await tx.record({
						action: "session.import",
						targetType: "session",
						targetId: sessionId,
						details: {
							after: {
								riderId: input.riderId,
								file: fileName,
								format: recording.source.format,
								track: track.name,
								timing: derived.timingShown,
								laps: derived.laps.length,
							},
						},
					});
				});
			} catch (error) {
				// Never a half-written session: without its row, the object goes too.
				await stored.catch(() => {});
				await storage.delete(objectKey).catch(() => {});
				throw error;
			}
			return {
				sessionId,
				created: true,
				track: placed.track.name,
				date: isoDate,
				format: recording.source.format,
				device: recording.source.device,
				timing: version.timingShown,
				laps: version.laps.map((l) => ({ number: l.lap_number, timeMs: l.time_ms })),
				report: version.report,
			};
		},
	};
}

export type ImportService = ReturnType<typeof createImportService>;
