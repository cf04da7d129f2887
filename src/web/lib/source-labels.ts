/** Names of what recorded a session and of which laps a session shows, as the screens say them. */

export type SourceFormatName =
	| "six"
	| "racechrono"
	| "vbo"
	| "nmea"
	| "gpx"
	| "trackaddict"
	| "racecapture"
	| "aim";

const FORMAT_NAMES: Record<SourceFormatName, string> = {
	six: "Logger lapsix",
	racechrono: "RaceChrono (CSV)",
	vbo: "VBO (Racelogic)",
	nmea: "NMEA 0183",
	gpx: "GPX",
	trackaddict: "TrackAddict (CSV)",
	racecapture: "RaceCapture",
	aim: "AiM (CSV)",
};

export function sourceFormatName(format: SourceFormatName): string {
	return FORMAT_NAMES[format];
}

/** "RaceChrono (CSV) · RaceChrono Pro v9.1.3" when the file names its device. */
export function sourceText(source: { format: SourceFormatName; device: string | null }): string {
	const name = sourceFormatName(source.format);
	return source.device ? `${name} · ${source.device}` : name;
}

export type TimingShownName = "logger" | "line" | "markers" | "none";

const TIMING_NAMES: Record<TimingShownName, string> = {
	logger: "Voltas do logger",
	line: "Cronometradas pela linha de chegada",
	markers: "Voltas marcadas no arquivo",
	none: "Sem cronometragem",
};

export function timingName(timing: TimingShownName): string {
	return TIMING_NAMES[timing];
}

/** The lean's name where it is shown: "Inclinação" or "Inclinação (estimada)". */
export function leanLabel(estimated: boolean, base = "Inclinação"): string {
	return estimated ? `${base} (estimada)` : base;
}
