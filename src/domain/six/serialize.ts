import type { GpsPoint, GpsPoints, LapRecord, SectorRecord } from "./types";

/**
 * Writers of `lap.six` / `gps.six` lines in the device's own format, so generated data (demo
 * sessions, tests) reads back through the parsers to the same values.
 */

function pad(value: number, width: number): string {
	return String(Math.trunc(value)).padStart(width, "0");
}

/**
 * A number in the strict grammar of FORMATS.md (`-?digits(.digits)?`): the shortest text
 * that reads back to the same double, with exponent forms such as `1e-7` written out.
 */
export function formatDecimal(value: number): string {
	const text = String(value);
	const exp = /^(-?)(\d)(?:\.(\d+))?e([+-])(\d+)$/.exec(text);
	if (!exp) return text;
	const [, sign, lead, frac = "", direction, power] = exp;
	const digits = `${lead}${frac}`;
	const shift = Number(power);
	if (direction === "-") return `${sign}0.${"0".repeat(shift - 1)}${digits}`;
	return `${sign}${digits.padEnd(shift + 1, "0")}`;
}

/** UTC time of day as `hhmmss.SSS` (NMEA style, millisecond precision); empty for NaN. */
function formatNmeaTime(ms: number): string {
	if (!Number.isFinite(ms)) return "";
	const whole = Math.round(ms);
	const seconds = Math.floor(whole / 1000);
	return `${pad(seconds / 3600, 2)}${pad((seconds % 3600) / 60, 2)}${pad(seconds % 60, 2)}.${pad(whole % 1000, 3)}`;
}

function formatSector(sector: SectorRecord | null | undefined): string {
	if (!sector) return ",,,,,";
	const up = sector.improved ? 1 : 0;
	return `${sector.timeMs},${up},${sector.upMax},${sector.upTrack},${sector.display},${sector.distanceM}`;
}

/** Lap time in the device's `mmssSSS` digits (always 7, so it reads back unchanged). */
export function formatLapTimeDigits(timeMs: number): string {
	const whole = Math.round(timeMs);
	const minutes = Math.floor(whole / 60_000);
	const seconds = Math.floor((whole % 60_000) / 1000);
	return `${pad(minutes, 2)}${pad(seconds, 2)}${pad(whole % 1000, 3)}`;
}

/** One `lap.six` line (no line ending). */
export function formatLapLine(lap: Omit<LapRecord, "line">): string {
	const sectors = [0, 1, 2, 3].map((i) => formatSector(lap.sectors[i]));
	return [
		formatLapTimeDigits(lap.timeMs),
		lap.battery,
		String(lap.entrySec),
		...sectors,
		String(lap.sprintCount),
		String(lap.distanceM),
		String(lap.number),
	].join("|");
}

/**
 * One `gps.six` line (no line ending): the current 10-field variant, or the older 7-field one
 * when roll, filtered lean or distance is absent (NaN).
 */
export function formatGpsLine(point: GpsPoint): string {
	const fields = [
		`${formatDecimal(point.lat)},${formatDecimal(point.lon)}`,
		formatDecimal(point.speedKmh),
		String(point.satellites),
		formatNmeaTime(point.timeOfDayMs),
		String(point.lapCount),
		String(point.timingFlag),
		point.battery,
	];
	const hasExtras =
		Number.isFinite(point.roll) &&
		Number.isFinite(point.filteredLean) &&
		Number.isFinite(point.distanceM);
	if (hasExtras) {
		fields.push(
			formatDecimal(point.roll),
			formatDecimal(point.filteredLean),
			String(point.distanceM),
		);
	}
	return fields.join("|");
}

/** Point `index` of the columns as an object. */
export function gpsPointAt(points: GpsPoints, index: number): GpsPoint {
	return {
		lat: points.lat[index]!,
		lon: points.lon[index]!,
		speedKmh: points.speedKmh[index]!,
		satellites: points.satellites[index]!,
		timeOfDayMs: points.timeOfDayMs[index]!,
		lapCount: points.lapCount[index]!,
		timingFlag: points.timingFlag[index] === 1 ? 1 : 0,
		battery: points.battery[index] ?? "",
		roll: points.roll[index]!,
		filteredLean: points.filteredLean[index]!,
		distanceM: points.distanceM[index]!,
	};
}
