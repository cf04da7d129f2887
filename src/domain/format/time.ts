/**
 * Display of lap, sector and time-of-day values (FORMATS.md). Pure and total: a value that
 * cannot be shown (NaN, negative, out of range) gives a placeholder, never an exception.
 */

const LAP_TIME_PLACEHOLDER = "--:--.---";
const TREE_TIME_PLACEHOLDER = "--:--.--";
const SECTOR_PLACEHOLDER = "--.---";
const ENTRY_PLACEHOLDER = "--:--:--";

function pad(value: number, width: number): string {
	return String(value).padStart(width, "0");
}

function isShowableMs(ms: number): boolean {
	return Number.isFinite(ms) && ms >= 0;
}

/** Lap time as `mm:ss.SSS` (1:23.456 -> `01:23.456`); minutes grow past two digits if needed. */
export function formatLapTime(ms: number): string {
	if (!isShowableMs(ms)) return LAP_TIME_PLACEHOLDER;
	const whole = Math.floor(ms);
	const minutes = Math.floor(whole / 60_000);
	const seconds = Math.floor((whole % 60_000) / 1000);
	return `${pad(minutes, 2)}:${pad(seconds, 2)}.${pad(whole % 1000, 3)}`;
}

/** Lap time in the session tree: `mm:ss.hh`, hundredths truncated (83 459 ms -> `01:23.45`). */
export function formatTreeLapTime(ms: number): string {
	if (!isShowableMs(ms)) return TREE_TIME_PLACEHOLDER;
	const hundredths = Math.floor(ms / 10);
	const minutes = Math.floor(hundredths / 6000);
	const seconds = Math.floor((hundredths % 6000) / 100);
	return `${pad(minutes, 2)}:${pad(seconds, 2)}.${pad(hundredths % 100, 2)}`;
}

/**
 * Sector time as `ss.SSS` (the fallback when the device wrote no text). Seconds are the whole
 * seconds of the sector, so a 75 s sector reads `75.000`.
 */
export function formatSectorTime(ms: number): string {
	if (!isShowableMs(ms)) return SECTOR_PLACEHOLDER;
	const whole = Math.floor(ms);
	return `${pad(Math.floor(whole / 1000), 2)}.${pad(whole % 1000, 3)}`;
}

/** Seconds since local midnight (0..86399) as `hh:mm:ss` (column "Entrada"). */
export function formatEntry(seconds: number): string {
	if (!Number.isInteger(seconds) || seconds < 0 || seconds > 86_399) return ENTRY_PLACEHOLDER;
	const h = Math.floor(seconds / 3600);
	const m = Math.floor((seconds % 3600) / 60);
	return `${pad(h, 2)}:${pad(m, 2)}:${pad(seconds % 60, 2)}`;
}

/** Milliseconds since midnight as `hh:mm:ss.SSS` (GPS fix times are UTC). */
export function formatTimeOfDayMs(ms: number): string {
	if (!isShowableMs(ms) || ms >= 86_400_000) return `${ENTRY_PLACEHOLDER}.---`;
	const whole = Math.floor(ms);
	return `${formatEntry(Math.floor(whole / 1000))}.${pad(whole % 1000, 3)}`;
}

/**
 * Reads a displayed lap time (`mm:ss.SSS`, as `formatLapTime` writes it) back to
 * milliseconds, so a table sorts lap times by value; null when the text is not one.
 */
export function parseLapTimeText(text: string): number | null {
	const match = /^(\d{2,}):([0-5]\d)\.(\d{3})$/.exec(text.trim());
	if (!match) return null;
	return Number(match[1]) * 60_000 + Number(match[2]) * 1000 + Number(match[3]);
}
