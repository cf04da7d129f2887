import { fastestLap } from "./best";
import { extreme, lapTimeSpread, shortestFloat32, theoreticalBest } from "./figure-rules";
import { emptyGpsPoints } from "./gps-columns";
import { parseGpsFile } from "./parse-gps";
import { parseLapFile } from "./parse-lap";
import { splitLaps } from "./split-laps";
import type {
	GpsFile,
	GpsPoints,
	LapAnalysis,
	LapFile,
	LapPathRange,
	LapRecord,
	ParseIssue,
	SectorAnalysis,
	SessionAnalysis,
	SessionSummary,
} from "./types";

export type SessionAnalysisWithPaths = SessionAnalysis & {
	paths: LapPathRange[];
	/** The accepted GPS points the path ranges index into. */
	points: GpsPoints;
};

/** Figures of the points [start, end): null when absent (no point, or old variant without roll). */
interface PathFigures {
	maxSpeedKmh: number | null;
	minSpeedKmh: number | null;
	maxRollDeg: number | null;
	minRollDeg: number | null;
}

export { shortestFloat32 };

function pathFigures(points: GpsPoints, range: LapPathRange | undefined): PathFigures {
	let maxSpeed = Number.NEGATIVE_INFINITY;
	let minSpeed = Number.POSITIVE_INFINITY;
	let maxRoll = Number.NEGATIVE_INFINITY;
	let minRoll = Number.POSITIVE_INFINITY;
	if (range) {
		for (let i = range.start; i < range.end; i++) {
			const speed = points.speedKmh[i]!;
			if (speed > maxSpeed) maxSpeed = speed;
			if (speed < minSpeed) minSpeed = speed;
			const roll = points.roll[i]!;
			// NaN (older variant: no roll) fails both comparisons and is skipped.
			if (roll > maxRoll) maxRoll = roll;
			if (roll < minRoll) minRoll = roll;
		}
	}
	const finite = (v: number) => (Number.isFinite(v) ? shortestFloat32(v) : null);
	return {
		maxSpeedKmh: finite(maxSpeed),
		minSpeedKmh: finite(minSpeed),
		maxRollDeg: finite(maxRoll),
		minRollDeg: finite(minRoll),
	};
}

function lapAnalysis(
	lap: LapRecord,
	points: GpsPoints,
	path: LapPathRange | undefined,
): LapAnalysis {
	const sectors: SectorAnalysis[] = [];
	for (const s of lap.sectors) {
		if (s) {
			const { number, timeMs, display, distanceM, improved } = s;
			sectors.push({ number, timeMs, display, distanceM, improved });
		}
	}
	return {
		number: lap.number,
		timeMs: lap.timeMs,
		battery: lap.battery,
		entry: lap.entrySec,
		distanceM: lap.distanceM,
		sprintCount: lap.sprintCount,
		sectors,
		points: path ? path.end - path.start : 0,
		...pathFigures(points, path),
	};
}

/** Report order: `lap.six` before `gps.six` (the order the files are given), then by line. */
export function sortReport(issues: ParseIssue[]): ParseIssue[] {
	const rank = (issue: ParseIssue) => (issue.file === "lap.six" ? 0 : 1);
	return issues.sort((a, b) => rank(a) - rank(b) || a.line - b.line);
}

/**
 * Every figure of FORMATS.md "Derived figures" for one session.
 *
 * - Lap paths come from `splitLaps`, with the laps of `lap.six` as the completed ones.
 * - Speed and roll figures (per lap and per session) use only points of saved lap paths. A
 *   path saved for a lap number that `lap.six` lacks (its line was rejected) still counts, as
 *   the rule says; it appears in `paths` and the report names it, but not in `laps`.
 * - Ties go to the lowest lap number.
 */
export function analyzeSession(lap: LapFile, gps: GpsFile): SessionAnalysisWithPaths {
	const points = gps.points;
	const lapNumbers = new Set(lap.laps.map((l) => l.number));
	const split = splitLaps(points, lapNumbers);
	const pathByLap = new Map(split.paths.map((p) => [p.lapNumber, p]));
	const extra: ParseIssue[] = [];
	if (lap.laps.length > 0) {
		for (const path of split.paths) {
			if (!lapNumbers.has(path.lapNumber)) {
				extra.push({
					file: "gps.six",
					line: points.line[path.start]!,
					kind: "notice",
					reason: `volta ${path.lapNumber}: trajeto salvo sem linha correspondente em lap.six`,
				});
			}
		}
	}

	const laps = lap.laps.map((l) => lapAnalysis(l, points, pathByLap.get(l.number)));
	const perPath = split.paths.map((p) => ({ lap: p.lapNumber, ...pathFigures(points, p) }));
	const maxSpeed = extreme(
		perPath.map((p) => ({ lap: p.lap, value: p.maxSpeedKmh })),
		1,
	);
	const maxRoll = extreme(
		perPath.map((p) => ({ lap: p.lap, value: p.maxRollDeg })),
		1,
	);
	const minRoll = extreme(
		perPath.map((p) => ({ lap: p.lap, value: p.minRollDeg })),
		-1,
	);
	const bestLap = fastestLap(lap.laps);
	const spread = lapTimeSpread(lap.laps.map((l) => l.timeMs));

	const summary: SessionSummary = {
		bestLap: bestLap ? { number: bestLap.number, timeMs: bestLap.timeMs } : null,
		// lap.six always gives 4 sector entries, null where a sector was not recorded.
		theoreticalBestMs: theoreticalBest(
			lap.laps.map((l) => l.sectors.map((s) => s?.timeMs ?? null)),
		),
		maxSpeed: maxSpeed ? { kmh: maxSpeed.value, lap: maxSpeed.lap } : null,
		maxRoll: maxRoll ? { deg: maxRoll.value, lap: maxRoll.lap } : null,
		minRoll: minRoll ? { deg: minRoll.value, lap: minRoll.lap } : null,
		meanLapMs: spread?.mean ?? null,
		stdDevLapMs: spread?.stdDev ?? null,
		lapCount: laps.length,
		gpsPointCount: points.length,
	};
	const report = sortReport([...lap.report, ...gps.report, ...split.report, ...extra]);
	return { laps, summary, report, paths: split.paths, points };
}

/**
 * Parses and analyses a session where either file may be missing (null):
 *
 * - `lap.six` only: the laps with their times and sectors; no paths, so every speed and roll
 *   figure is null and each lap has 0 points.
 * - `gps.six` only: no lap is known to be completed, so the final run of points is treated as
 *   unfinished and dropped (reported); every earlier run closed by a lap change is a saved
 *   path. `laps` is empty (there is no lap time without `lap.six`), while `paths` and the
 *   session's speed and roll figures come from those saved paths. Lap-time figures are null.
 */
export function analyzeSixFiles(
	lapBytes: string | Uint8Array | null,
	gpsBytes: string | Uint8Array | null,
): SessionAnalysisWithPaths {
	const lap: LapFile = lapBytes === null ? { laps: [], report: [] } : parseLapFile(lapBytes);
	const gps: GpsFile =
		gpsBytes === null ? { points: emptyGpsPoints(), report: [] } : parseGpsFile(gpsBytes);
	return analyzeSession(lap, gps);
}
