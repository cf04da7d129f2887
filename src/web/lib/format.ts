/**
 * What the screens show (FORMATS.md "display"). Lap, sector and time-of-day formats come from
 * the domain so the web, the server and the CLI print the same text.
 */
import { formatDateFolder } from "../../domain/format/storage-names";
import { formatLapTime, formatTreeLapTime } from "../../domain/format/time";

export {
	formatEntry,
	formatLapTime,
	formatSectorTime,
	formatTreeLapTime,
	parseLapTimeText,
} from "../../domain/format/time";

/** A date folder `ddmmyyyy` as `dd/mm/yyyy`; a folder that is not a date is shown as it is. */
export function formatDateLabel(folder: string): string {
	return formatDateFolder(folder) ?? folder;
}

/** An ISO `yyyy-mm-dd` as `dd/mm/yyyy`. */
export function formatIsoDate(iso: string): string {
	const match = /^(\d{4})-(\d{2})-(\d{2})/.exec(iso);
	return match ? `${match[3]}/${match[2]}/${match[1]}` : iso;
}

function decimal(value: number, digits: number): string {
	return value.toLocaleString("pt-BR", {
		minimumFractionDigits: digits,
		maximumFractionDigits: digits,
		useGrouping: false,
	});
}

/** 123.45 -> `123,5 km/h`. */
export function formatSpeed(kmh: number | null | undefined): string {
	if (kmh === null || kmh === undefined || !Number.isFinite(kmh)) return "—";
	return `${decimal(kmh, 1)} km/h`;
}

/** Lean angle, always as a magnitude with its side: 41.2 -> `41,2°`, -38 -> `38,0°`. */
export function formatLean(deg: number | null | undefined): string {
	if (deg === null || deg === undefined || !Number.isFinite(deg)) return "—";
	return `${decimal(Math.abs(deg), 1)}°`;
}

/** 1234.4 -> `1234 m`. */
export function formatMetres(metres: number | null | undefined): string {
	if (metres === null || metres === undefined || !Number.isFinite(metres)) return "—";
	return `${Math.round(metres)} m`;
}

/** A lap-time spread in seconds with milliseconds: 523.4 -> `0,523 s`. */
export function formatDurationSeconds(ms: number | null | undefined): string {
	if (ms === null || ms === undefined || !Number.isFinite(ms) || ms < 0) return "—";
	return `${decimal(ms / 1000, 3)} s`;
}

/** A lap time that may be missing. */
export function formatOptionalLapTime(ms: number | null | undefined): string {
	return ms === null || ms === undefined ? "—" : formatLapTime(ms);
}

/** Tree entry of a lap: `3 — 01:23.45`. */
export function formatTreeLap(lap: { number: number; timeMs: number }): string {
	return `${lap.number} — ${formatTreeLapTime(lap.timeMs)}`;
}

/** Up to two initials for the avatar fallback: "Paula Piloto" -> "PP", "ana@x" -> "A". */
export function initialsOf(name: string | null | undefined, email = ""): string {
	const source = (name ?? "").trim() || email.split("@")[0] || "";
	const words = source.split(/[\s._-]+/).filter((word) => word !== "");
	const letters = words.length > 1 ? [words[0]![0], words[words.length - 1]![0]] : [words[0]?.[0]];
	return letters.join("").toUpperCase() || "?";
}

/** The logger code in the header: "Logger: 1" or "Sem logger". */
export function loggerLabel(hardwareId: string | null | undefined): string {
	return hardwareId ? `Logger: ${hardwareId}` : "Sem logger";
}
