/**
 * Writes values the way the logger writes them (FORMATS.md). Kept local to the
 * simulator so it never depends on the parser it is meant to exercise.
 */

export type GpsVariant = "current" | "old";

const SECONDS_PER_DAY = 86_400;

function pad(value: number, width: number): string {
	return String(value).padStart(width, "0");
}

const POWERS_OF_TEN = [1, 10, 100, 1000, 10_000, 100_000, 1_000_000, 10_000_000];

/**
 * Fixed decimals (0..7), half away from zero, without a negative zero ("-0.0" reads
 * oddly in a log). Integer arithmetic: `toFixed` is the slowest step of writing a file.
 */
export function fixed(value: number, decimals: number): string {
	const scale = POWERS_OF_TEN[decimals] ?? 1;
	const scaled = Math.round(Math.abs(value) * scale);
	const whole = Math.floor(scaled / scale);
	const sign = value < 0 && scaled !== 0 ? "-" : "";
	if (decimals === 0) return `${sign}${whole}`;
	const fraction = String(scaled - whole * scale).padStart(decimals, "0");
	return `${sign}${whole}.${fraction}`;
}

const TWO_DIGITS = Array.from({ length: 100 }, (_, i) => pad(i, 2));

/** NMEA-style UTC time of day, `hhmmss.ss`, wrapping at midnight. */
export function formatNmeaTime(secondsOfDay: number): string {
	const centis = Math.round(secondsOfDay * 100);
	const day = SECONDS_PER_DAY * 100;
	const c = ((centis % day) + day) % day;
	const totalSeconds = Math.floor(c / 100);
	const hh = Math.floor(totalSeconds / 3600);
	const mm = Math.floor(totalSeconds / 60) % 60;
	const ss = totalSeconds % 60;
	return `${TWO_DIGITS[hh]}${TWO_DIGITS[mm]}${TWO_DIGITS[ss]}.${TWO_DIGITS[c % 100]}`;
}

/**
 * Lap time as the 7-digit `mmssSSS` field. The device sometimes drops the leading
 * zeros (`0123456` as `123456`); readers left-pad it back.
 */
export function formatLapTimeField(ms: number, dropLeadingZeros: boolean): string {
	if (!Number.isInteger(ms) || ms < 0 || ms >= 100 * 60_000) {
		throw new RangeError(`lap time out of range for mmssSSS: ${ms} ms`);
	}
	const minutes = Math.floor(ms / 60_000);
	const seconds = Math.floor(ms / 1000) % 60;
	const text = `${pad(minutes, 2)}${pad(seconds, 2)}${pad(ms % 1000, 3)}`;
	return dropLeadingZeros ? text.replace(/^0+(?=\d)/, "") : text;
}

/** The device's own sector display: `31.245`, or `1:02.345` from a minute on. */
export function formatSectorDisplay(ms: number): string {
	const seconds = Math.floor(ms / 1000);
	const millis = pad(ms % 1000, 3);
	if (seconds < 60) return `${seconds}.${millis}`;
	return `${Math.floor(seconds / 60)}:${pad(seconds % 60, 2)}.${millis}`;
}

export function formatBattery(volts: number): string {
	return `${fixed(volts, 1)}V`;
}

export interface GpsLineValues {
	lat: number;
	lon: number;
	speedKmh: number;
	satellites: number;
	utcSecondsOfDay: number;
	lapCount: number;
	timingFlag: number;
	battery: string;
	rollDeg: number;
	filteredLeanDeg: number;
	odometerM: number;
}

export function formatGpsLine(p: GpsLineValues, variant: GpsVariant): string {
	const head = `${fixed(p.lat, 7)},${fixed(p.lon, 7)}|${fixed(p.speedKmh, 1)}|${p.satellites}|${formatNmeaTime(p.utcSecondsOfDay)}|${p.lapCount}|${p.timingFlag}|${p.battery}`;
	if (variant === "old") return head;
	return `${head}|${fixed(p.rollDeg, 1)}|${fixed(p.filteredLeanDeg, 1)}|${Math.floor(p.odometerM)}`;
}

export interface SectorValues {
	timeMs: number;
	improved: boolean;
	upMax: number;
	upTrack: number;
	metres: number;
}

export interface LapLineValues {
	lapTimeField: string;
	battery: string;
	entrySec: number;
	sectors: readonly SectorValues[];
	sprintCount: number;
	metres: number;
	lapNumber: number;
}

export function formatLapLine(lap: LapLineValues): string {
	const sectors = lap.sectors.map(
		(s) =>
			`${s.timeMs},${s.improved ? 1 : 0},${s.upMax},${s.upTrack},${formatSectorDisplay(s.timeMs)},${s.metres}`,
	);
	return [
		lap.lapTimeField,
		lap.battery,
		lap.entrySec,
		...sectors,
		lap.sprintCount,
		lap.metres,
		lap.lapNumber,
	].join("|");
}
