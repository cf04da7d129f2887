/**
 * Words the files say about the session: its title, its source and how its lean was obtained
 * (pt-BR, as lapsix speaks to riders).
 */
import type { SessionSource } from "../channels/types";
import type { SourceFormat } from "../recording/types";
import type { PreparedExport } from "./prepare";

const FORMAT_LABELS: Record<SourceFormat, string> = {
	six: "logger lapsix",
	racechrono: "RaceChrono",
	vbo: "VBO (Racelogic)",
	nmea: "NMEA 0183",
	gpx: "GPX",
	trackaddict: "TrackAddict",
	racecapture: "RaceCapture",
	aim: "AiM",
};

export function describeSource(source: SessionSource): string {
	const label = FORMAT_LABELS[source.format] ?? source.format;
	return source.device ? `${label} (${source.device})` : label;
}

/** "Interlagos 2025-03-01", or the placeholders where track or date are unknown. */
export function sessionTitle(prepared: PreparedExport): string {
	const { trackName, date } = prepared.session;
	const name = trackName?.trim() || "Sessão";
	const lap = prepared.lapNumber === null ? "" : ` volta ${prepared.lapNumber}`;
	return `${name} ${date ?? "sem data"}${lap}`;
}

/** How the written laps' lean was obtained. */
export function describeLean(prepared: PreparedExport): string {
	const estimated = prepared.laps.filter((lap) => lap.channels.leanEstimated).length;
	if (estimated === 0) return "inclinação medida";
	if (estimated === prepared.laps.length) return "inclinação estimada a partir do trajeto";
	return "inclinação medida em parte das voltas, estimada a partir do trajeto nas outras";
}
